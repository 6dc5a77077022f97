import { useState } from 'react';
import { showToast } from '@rentora/state';
import { Link } from '@rentora/state/router';
import { downloadInvoicePdf } from '../../lib/rentals-api';
import type { RentalInvoice as RentalInvoiceData } from './use-rental-invoices';
import styles from './rental-invoice.module.css';

export const INVOICE_DOWNLOAD_FAILED = 'Couldn’t download the invoice. Please try again.';

export interface RentalInvoiceProps {
  invoice: RentalInvoiceData;
  /** Following the link to the invoice's page closes the Profile. */
  onOpen: () => void;
}

/** A completed rental's tax invoice: its number, its printable page and its PDF. */
export function RentalInvoice({ invoice, onOpen }: RentalInvoiceProps) {
  const [downloading, setDownloading] = useState(false);

  async function download() {
    setDownloading(true);
    const saved = await downloadInvoicePdf(invoice.rentalId, invoice.number);
    setDownloading(false);
    if (!saved) showToast('error', INVOICE_DOWNLOAD_FAILED);
  }

  return (
    <div className={styles.invoice}>
      <span className={styles.number}>Tax invoice {invoice.number}</span>
      <span className={styles.actions}>
        <Link
          to={`/rentals/${invoice.rentalId}/invoice`}
          className={styles.action}
          aria-label={`View invoice ${invoice.number}`}
          onClick={onOpen}
        >
          View
        </Link>
        <button
          type="button"
          className={styles.action}
          aria-label={`Download invoice ${invoice.number} as PDF`}
          disabled={downloading}
          onClick={() => void download()}
        >
          PDF
        </button>
      </span>
    </div>
  );
}
