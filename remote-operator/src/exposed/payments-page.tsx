import type { PageComponent } from '@rentora/state';
import { PaymentsPage } from '../features/payments/payments-page';

function PaymentsPageExposed() {
  return <PaymentsPage />;
}

export default PaymentsPageExposed satisfies PageComponent;
