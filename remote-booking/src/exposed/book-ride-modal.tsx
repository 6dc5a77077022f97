import type { BookRideModalProps, ModalComponent } from '@rentora/state';
import { BookRideWizard } from '../features/book-ride/book-ride-wizard';

function BookRideModalExposed(props: BookRideModalProps) {
  return <BookRideWizard {...props} />;
}

export default BookRideModalExposed satisfies ModalComponent<'book'>;
