import { formatDisplayDate, formatPaise, type Invoice } from '@rentora/shared';
import { MoneyLines, taxTotals, type MoneyTotal } from './money-lines';
import styles from './invoice-document.module.css';

/** The invoice's figures under its lines, as the server issued them: nothing is added up here. */
function invoiceTotals(invoice: Invoice): MoneyTotal[] {
  return [
    ...(invoice.discount_paise > 0
      ? [{ label: 'Length discount', paise: invoice.discount_paise, tone: 'minus' as const }]
      : []),
    { label: 'Taxable value', paise: invoice.taxable_paise, tone: 'quiet' },
    ...taxTotals(invoice.tax),
    { label: 'Total', paise: invoice.total_paise, tone: 'grand' },
  ];
}

/** The deposit and how it was settled against the charges at return. */
export function Settlement({ invoice }: { invoice: Invoice }) {
  return (
    <dl className={styles.settlement} aria-label="Deposit">
      <div>
        <dt>Deposit taken</dt>
        <dd>{formatPaise(invoice.deposit_paise)}</dd>
      </div>
      <div className={invoice.due_paise > 0 ? styles.due : styles.refund}>
        <dt>{invoice.due_paise > 0 ? 'Amount due' : 'Refund'}</dt>
        <dd>{formatPaise(invoice.due_paise > 0 ? invoice.due_paise : invoice.refund_paise)}</dd>
      </div>
    </dl>
  );
}

/**
 * What the rental's customer has paid and still owes, as the server's books stand now: shown
 * beside the invoice, not in it (the issued invoice and its kept PDF never change).
 */
export function Books({ invoice }: { invoice: Invoice }) {
  const { paid_paise: paid, due_paise: due } = invoice.books;
  return (
    <div role="group" aria-label="Payments">
      <dl className={styles.settlement}>
        <div>
          <dt>Paid</dt>
          <dd>{formatPaise(paid)}</dd>
        </div>
        <div className={due > 0 ? styles.due : styles.refund}>
          <dt>Balance due</dt>
          <dd>{formatPaise(due)}</dd>
        </div>
      </dl>
    </div>
  );
}

/**
 * A tax invoice as CGST Rule 46 lays it out: the supplier, the serial and date, the buyer, the
 * place of supply and reverse charge, the SAC, the lines and charges, the tax split, the deposit.
 */
export function InvoiceDocument({ invoice, titleId }: { invoice: Invoice; titleId: string }) {
  const { supplier, buyer, place_of_supply: place } = invoice;
  return (
    <article className={styles.invoice} aria-labelledby={titleId}>
      <header className={styles.top}>
        <div className={styles.supplier}>
          <p className={styles.supplierName}>{supplier.name}</p>
          {supplier.address && <p>{supplier.address}</p>}
          {supplier.gstin && <p>GSTIN {supplier.gstin}</p>}
        </div>
        <div className={styles.identity}>
          <h2 id={titleId} className={styles.title}>
            Tax invoice
          </h2>
          <p className={styles.number}>{invoice.number}</p>
          <p>{formatDisplayDate(invoice.date)}</p>
        </div>
      </header>
      <dl className={styles.facts}>
        <div>
          <dt>Billed to</dt>
          <dd>
            {buyer.name}
            <br />
            {buyer.address}
            {buyer.gstin && (
              <>
                <br />
                GSTIN {buyer.gstin}
              </>
            )}
          </dd>
        </div>
        <div>
          <dt>Rental</dt>
          <dd>
            {invoice.car.car_name} · {invoice.car.license_plate}
            <br />
            {formatDisplayDate(invoice.pick_up_date)} → {formatDisplayDate(invoice.drop_off_date)}
          </dd>
        </div>
        <div>
          <dt>Place of supply</dt>
          <dd>{place.state ? `${place.state} (${place.state_code})` : '—'}</dd>
        </div>
        <div>
          <dt>SAC · Reverse charge</dt>
          <dd>
            {invoice.sac || '—'} · {invoice.reverse_charge ? 'Yes' : 'No'}
          </dd>
        </div>
      </dl>
      <MoneyLines
        caption="Rental and charges"
        lines={[...invoice.lines, ...invoice.charges]}
        totals={invoiceTotals(invoice)}
      />
      <Settlement invoice={invoice} />
    </article>
  );
}
