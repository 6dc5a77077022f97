import type { PageComponent } from '@rentora/state';
import { InvoicePage } from '../features/invoice/invoice-page';

function InvoicePageExposed() {
  return <InvoicePage />;
}

export default InvoicePageExposed satisfies PageComponent;
