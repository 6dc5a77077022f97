import type { PageComponent } from '@rentora/state';
import { BookingsPage } from '../features/bookings/bookings-page';

function BookingsPageExposed() {
  return <BookingsPage />;
}

export default BookingsPageExposed satisfies PageComponent;
