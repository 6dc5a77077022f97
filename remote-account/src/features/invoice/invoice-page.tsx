import { useEffect, useId, useState, type ReactNode } from 'react';
import {
  Button,
  formatDisplayDate,
  formatPaise,
  Skeleton,
  type CreditNote,
  type Invoice,
  type QuoteLine,
} from '@rentora/shared';
import { showToast } from '@rentora/state';
import { useParams } from '@rentora/state/router';
import { downloadCreditNotePdf, downloadInvoicePdf, fetchInvoice } from '../../lib/rentals-api';
import styles from './invoice-page.module.css';

export const INVOICE_MISSING = 'This invoice could not be found. It is issued once the rental is completed.';
/** What an invoice says for a detail the business had not set when it was issued. */
const NOT_SET = '—';
const DOWNLOAD_FAILED = 'Couldn’t download the invoice. Please try again.';
const CREDIT_NOTE_DOWNLOAD_FAILED = 'Couldn’t download the credit note. Please try again.';

/** A rental's tax invoice as a printable page (docs/product.md §10), with its PDF to download. */
export function InvoicePage() {
  const { rentalId = '' } = useParams();
  const [answer, setAnswer] = useState<{ rentalId: string; invoice: Invoice | undefined }>();
  useEffect(() => {
    let current = true;
    void fetchInvoice(rentalId).then((invoice) => {
      if (current) setAnswer({ rentalId, invoice });
    });
    return () => {
      current = false;
    };
  }, [rentalId]);

  if (answer?.rentalId !== rentalId) return <InvoiceSkeleton />;
  if (!answer.invoice) {
    return (
      <div className={styles.page}>
        <title>Tax invoice - Rentora</title>
        <p className={styles.missing} role="alert">
          {INVOICE_MISSING}
        </p>
      </div>
    );
  }
  return <InvoiceDocument invoice={answer.invoice} />;
}

function InvoiceDocument({ invoice }: { invoice: Invoice }) {
  const titleId = useId();
  const [downloading, setDownloading] = useState(false);
  const { tax } = invoice;

  async function download() {
    setDownloading(true);
    if (!(await downloadInvoicePdf(invoice.rental_id, invoice.number))) showToast('error', DOWNLOAD_FAILED);
    setDownloading(false);
  }

  return (
    <div className={styles.page}>
      <title>{`Tax invoice ${invoice.number} - Rentora`}</title>
      <article className={styles.paper} aria-labelledby={titleId}>
        <div className={styles.top}>
          <div>
            <p className={styles.eyebrow}>Tax invoice</p>
            <h1 id={titleId} className={styles.number}>
              {invoice.number}
            </h1>
            <p className={styles.muted}>Issued {formatDisplayDate(invoice.date)}</p>
          </div>
          <div className={styles.actions}>
            <Button variant="secondary" onClick={() => window.print()}>
              Print
            </Button>
            <Button busy={downloading} onClick={() => void download()}>
              Download PDF
            </Button>
          </div>
        </div>

        <div className={styles.parties}>
          <Party heading="From" party={invoice.supplier} />
          <Party heading="Billed to" party={invoice.buyer} />
        </div>

        <dl className={styles.facts}>
          <Fact term="Car">
            {invoice.car.car_name} · {invoice.car.license_plate}
          </Fact>
          <Fact term="Rental">
            {formatDisplayDate(invoice.pick_up_date)} → {formatDisplayDate(invoice.drop_off_date)}
          </Fact>
          <Fact term="Place of supply">
            {invoice.place_of_supply.state
              ? `${invoice.place_of_supply.state} (${invoice.place_of_supply.state_code})`
              : NOT_SET}
          </Fact>
          <Fact term="SAC">{invoice.sac || NOT_SET}</Fact>
          <Fact term="Reverse charge">{invoice.reverse_charge ? 'Yes' : 'No'}</Fact>
        </dl>

        <table className={styles.lines}>
          <caption className="visually-hidden">What the rental cost</caption>
          <thead>
            <tr>
              <th scope="col">Description</th>
              <th scope="col">Qty × rate</th>
              <th scope="col">Amount</th>
            </tr>
          </thead>
          <tbody>
            {invoice.lines.map((line, index) => (
              <LineRow key={`line-${index}`} line={line} />
            ))}
            {invoice.charges.length > 0 && (
              <tr className={styles.section}>
                <th scope="rowgroup" colSpan={3}>
                  Charged at return
                </th>
              </tr>
            )}
            {invoice.charges.map((line, index) => (
              <LineRow key={`charge-${index}`} line={line} />
            ))}
          </tbody>
          <tfoot>
            {invoice.discount_paise > 0 && <SumRow label="Length discount" paise={-invoice.discount_paise} />}
            <SumRow label="Taxable value" paise={invoice.taxable_paise} />
            {tax.igst_paise > 0 ? (
              <SumRow label={`IGST ${tax.rate}%`} paise={tax.igst_paise} />
            ) : (
              <>
                <SumRow label={`CGST ${tax.rate / 2}%`} paise={tax.cgst_paise} />
                <SumRow label={`SGST ${tax.rate / 2}%`} paise={tax.sgst_paise} />
              </>
            )}
            <tr className={styles.total}>
              <th scope="row" colSpan={2}>
                Total
              </th>
              <td>{formatPaise(invoice.total_paise)}</td>
            </tr>
          </tfoot>
        </table>

        <dl className={styles.deposit}>
          <Fact term="Deposit taken">{formatPaise(invoice.deposit_paise)}</Fact>
          <Fact term="Refunded">{formatPaise(invoice.refund_paise)}</Fact>
          {invoice.due_paise > 0 && <Fact term="Still due">{formatPaise(invoice.due_paise)}</Fact>}
        </dl>

        {invoice.credit_notes.length > 0 && <CreditNotes invoice={invoice} />}

        <section className={styles.books} aria-label="Payments">
          <dl className={styles.deposit}>
            <Fact term="Paid">{formatPaise(invoice.books.paid_paise)}</Fact>
            <Fact term="Balance due">{formatPaise(invoice.books.due_paise)}</Fact>
          </dl>
          <p className={styles.muted}>As paid so far: not part of the invoice as issued.</p>
        </section>
      </article>
    </div>
  );
}

/** What has been taken off the invoice since it was issued: each credit note, and what is left. */
function CreditNotes({ invoice }: { invoice: Invoice }) {
  const titleId = useId();
  return (
    <section className={styles.credits} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.partyHeading}>
        Credit notes
      </h2>
      <ul className={styles.creditList}>
        {invoice.credit_notes.map((note) => (
          <CreditNoteItem key={note.id} note={note} />
        ))}
      </ul>
      <dl className={styles.deposit}>
        <Fact term="Credited">{formatPaise(invoice.credited_paise)}</Fact>
        <Fact term="Left of the invoice">{formatPaise(invoice.remaining_paise)}</Fact>
      </dl>
    </section>
  );
}

function CreditNoteItem({ note }: { note: CreditNote }) {
  const [downloading, setDownloading] = useState(false);
  async function download() {
    setDownloading(true);
    if (!(await downloadCreditNotePdf(note))) showToast('error', CREDIT_NOTE_DOWNLOAD_FAILED);
    setDownloading(false);
  }
  return (
    <li className={styles.credit}>
      <div>
        <p className={styles.partyName}>Credit note {note.number}</p>
        <p className={styles.muted}>
          {formatDisplayDate(note.date)} · {note.reason}
        </p>
      </div>
      <p className={styles.creditAmount}>−{formatPaise(note.total_paise)}</p>
      <Button
        variant="secondary"
        busy={downloading}
        aria-label={`Download credit note ${note.number} as a PDF`}
        onClick={() => void download()}
      >
        PDF
      </Button>
    </li>
  );
}

function Party({ heading, party }: { heading: string; party: Invoice['buyer'] }) {
  return (
    <section className={styles.party} aria-label={heading}>
      <h2 className={styles.partyHeading}>{heading}</h2>
      <p className={styles.partyName}>{party.name}</p>
      {party.address && <p className={styles.muted}>{party.address}</p>}
      {party.gstin && <p className={styles.gstin}>GSTIN {party.gstin}</p>}
    </section>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function LineRow({ line }: { line: QuoteLine }) {
  return (
    <tr>
      <th scope="row">{line.label}</th>
      <td className={styles.rate}>{`${line.quantity} × ${formatPaise(line.unit_paise)}`}</td>
      <td>{formatPaise(line.amount_paise)}</td>
    </tr>
  );
}

function SumRow({ label, paise }: { label: string; paise: number }) {
  return (
    <tr>
      <th scope="row" colSpan={2}>
        {label}
      </th>
      <td>{paise < 0 ? `−${formatPaise(-paise)}` : formatPaise(paise)}</td>
    </tr>
  );
}

/** The invoice's shape while it loads: its paper, header and a few lines. */
export function InvoiceSkeleton() {
  return (
    <div className={styles.page} aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading the invoice…
      </p>
      <div className={styles.paper}>
        <Skeleton width="8rem" height="0.9rem" />
        <Skeleton width="16rem" height="2.25rem" />
        <Skeleton height="7rem" />
        <Skeleton height="14rem" />
      </div>
    </div>
  );
}
