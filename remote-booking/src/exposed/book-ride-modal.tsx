import type { BookRideModalProps } from '@rentora/shared';
import { BookRideWizard } from '../features/book-ride/book-ride-wizard';

export default function BookRideModal(props: BookRideModalProps) {
  return <BookRideWizard {...props} />;
}
