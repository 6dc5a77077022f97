import { useEffect, useId, useState } from 'react';
import { Button, type Invoice } from '@rentora/shared';
import { CreditNotes } from './credit-notes';
import { MoneyLines } from './money-lines';
import { PageDialog } from './page-dialog';
import { downloadInvoicePdf, readInvoice } from './invoice-api';
import { Books, InvoiceDocument, Settlement } from './invoice-document';
import styles from './invoice-dialog.module.css';

/** Print and PDF buttons; a failed download says why beside them. */
function InvoiceActions({ invoice, printable }: { invoice: Invoice; printable: boolean }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  async function download() {
    setBusy(true);
    setProblem(undefined);
    try {
      await downloadInvoicePdf(invoice);
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className={styles.actions}>
      {problem && (
        <p role="alert" className={styles.problem}>
          {problem}
        </p>
      )}
      {printable && (
        <Button variant="secondary" onClick={() => window.print()}>
          Print
        </Button>
      )}
      <Button variant={printable ? 'primary' : 'secondary'} busy={busy} onClick={() => void download()}>
        Download PDF
      </Button>
    </div>
  );
}

/** A completed rental's tax invoice, read from the server, as a printable page with its PDF. */
export function InvoiceDialog({ rentalId, onClose }: { rentalId: number; onClose: () => void }) {
  const titleId = useId();
  const [invoice, setInvoice] = useState<Invoice>();
  const [problem, setProblem] = useState<string>();
  // Moved on when a credit note is issued, so the invoice and its notes are read again.
  const [reads, setReads] = useState(0);
  useEffect(() => {
    let current = true;
    readInvoice(rentalId).then(
      (read) => current && setInvoice(read),
      (error: unknown) => current && setProblem((error as Error).message),
    );
    return () => {
      current = false;
    };
  }, [rentalId, reads]);

  return (
    <PageDialog titleId={titleId} onClose={onClose} width="wide">
      {invoice ? (
        <div className={styles.printable}>
          <InvoiceDocument invoice={invoice} titleId={titleId} />
          <Books invoice={invoice} />
          <InvoiceActions invoice={invoice} printable />
          <CreditNotes invoice={invoice} onIssued={() => setReads((count) => count + 1)} />
        </div>
      ) : (
        <div className={styles.waiting}>
          <h2 id={titleId} className={styles.title}>
            Tax invoice
          </h2>
          {problem ? <p role="alert">{problem}</p> : <p>Loading the invoice…</p>}
        </div>
      )}
    </PageDialog>
  );
}

/**
 * What a return came to, straight after it: the charges the server worked out, and the deposit
 * refunded or the amount still due; then the invoice it issued.
 */
export function ReturnSettledDialog({
  invoice,
  carName,
  onClose,
}: {
  invoice: Invoice;
  carName: string;
  onClose: () => void;
}) {
  const titleId = useId();
  const [showInvoice, setShowInvoice] = useState(false);
  return (
    <PageDialog titleId={titleId} onClose={onClose} width={showInvoice ? 'wide' : 'standard'}>
      {showInvoice ? (
        <div className={styles.printable}>
          <InvoiceDocument invoice={invoice} titleId={titleId} />
          <InvoiceActions invoice={invoice} printable />
        </div>
      ) : (
        <div className={styles.settled}>
          <header className={styles.head}>
            <h2 id={titleId} className={styles.title}>
              {carName} returned
            </h2>
            <p className={styles.sub}>Invoice {invoice.number} is issued.</p>
          </header>
          {invoice.charges.length > 0 ? (
            <MoneyLines caption="Charges at return (before tax)" lines={invoice.charges} totals={[]} />
          ) : (
            <p className={styles.none}>No charges at return.</p>
          )}
          <Settlement invoice={invoice} />
          <Books invoice={invoice} />
          <div className={styles.actions}>
            <Button variant="ghost" onClick={onClose}>
              Done
            </Button>
            <InvoiceActions invoice={invoice} printable={false} />
            <Button onClick={() => setShowInvoice(true)}>View invoice</Button>
          </div>
        </div>
      )}
    </PageDialog>
  );
}
