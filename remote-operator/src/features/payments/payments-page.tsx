import { useMemo, useState } from 'react';
import { Button, formatDisplayDate, formatPaise } from '@rentora/shared';
import { PAYMENT_METHODS, PAYMENT_STATUSES, type PaymentsReport } from '@rentora/shared/operator';
import { $businessTimeZone, showToast, useStore } from '@rentora/state';
import { useSearchParams } from '@rentora/state/router';
import { ChoiceField } from '../../lib/choice-field';
import { DataTable, type Column } from '../../lib/data-table';
import { OperatorLayout } from '../../lib/operator-layout';
import { operatorRead, refreshOperatorReads } from '../../lib/operator-reads';
import { Pager } from '../../lib/pager';
import { ReadFailure } from '../../lib/read-state';
import { TextFilter } from '../../lib/text-filter';
import listStyles from '../../lib/list-page.module.css';
import { downloadPaymentsCsv, METHOD_LABELS, PAYMENT_STATUS_LABELS, PAYMENTS_PATH } from '../../lib/payments-api';
import { TakingsChart } from './takings-chart';
import styles from './payments-page.module.css';

export const PAYMENTS_PER_PAGE = 20;
const FILTERS = ['from', 'to', 'status', 'method'] as const;

type ReportedPayment = PaymentsReport['items'][number];

const STATUS_OPTIONS = [
  { value: '', label: 'Every status' },
  ...PAYMENT_STATUSES.map((status) => ({ value: status, label: PAYMENT_STATUS_LABELS[status] })),
];
const METHOD_OPTIONS = [
  { value: '', label: 'Every method' },
  ...PAYMENT_METHODS.map((method) => ({ value: method, label: METHOD_LABELS[method] })),
];

function columns(when: Intl.DateTimeFormat): Column<ReportedPayment>[] {
  return [
    { header: 'When', cell: (payment) => when.format(new Date(payment.at)) },
    {
      header: 'Rental',
      cell: (payment) => (
        <span className={listStyles.stack}>
          <span>
            #{payment.rental_id} · {payment.car_name}
          </span>
          <span className={listStyles.sub}>{payment.customer_name}</span>
        </span>
      ),
    },
    {
      header: 'Payment',
      cell: (payment) => (
        <span className={listStyles.stack}>
          <span>
            {payment.kind === 'refund' ? 'Refund' : 'Payment'} · {METHOD_LABELS[payment.method]}
          </span>
          <span className={listStyles.sub}>{PAYMENT_STATUS_LABELS[payment.status]}</span>
        </span>
      ),
    },
    {
      header: 'Amount',
      numeric: true,
      cell: (payment) =>
        payment.kind === 'refund' ? (
          <span className={styles.refunded}>−{formatPaise(payment.amount_paise)}</span>
        ) : (
          formatPaise(payment.amount_paise)
        ),
    },
    {
      header: 'Reference',
      cell: (payment) => (
        <span className={listStyles.stack}>
          <span className={listStyles.breakAnywhere}>{payment.reference || '—'}</span>
          {payment.recorded_by && <span className={listStyles.sub}>by {payment.recorded_by}</span>}
        </span>
      ),
    },
  ];
}

/** The chart's read: the last 30 days, whatever the list's filter (one item: only its sums are drawn). */
const CHART_URL = `${PAYMENTS_PATH}?per_page=1`;

/**
 * `/operator/payments` (staff): the last 30 days' takings and refunds by method as a chart, then
 * every payment and refund, filtered by days, status and method on the server, with the same
 * filter as a CSV download.
 */
export function PaymentsPage() {
  const [params, setParams] = useSearchParams();
  const timeZone = useStore($businessTimeZone);
  const when = useMemo(
    () => new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone }),
    [timeZone],
  );
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const query = new URLSearchParams();
  for (const name of FILTERS) {
    const value = params.get(name);
    if (value) query.set(name, value);
  }
  query.set('page', String(page));
  query.set('per_page', String(PAYMENTS_PER_PAGE));
  const read = useStore(operatorRead<PaymentsReport>(`${PAYMENTS_PATH}?${query.toString()}`));
  const chart = useStore(operatorRead<PaymentsReport>(CHART_URL));
  const [downloading, setDownloading] = useState(false);

  /** A new filter starts again from the first page. */
  function setParam(name: string, value: string) {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    if (name !== 'page') next.delete('page');
    setParams(next, { replace: true });
  }

  async function download() {
    if (!read.data) return;
    setDownloading(true);
    try {
      await downloadPaymentsCsv(query, read.data.from, read.data.to);
    } catch (error) {
      showToast('error', (error as Error).message);
    } finally {
      setDownloading(false);
    }
  }

  return (
    <OperatorLayout
      heading="Payments"
      intro="Money taken and given back, online and at the desk. Filter the list, then download it for the books."
      actions={
        <Button variant="secondary" busy={downloading} disabled={!read.data} onClick={() => void download()}>
          Download CSV
        </Button>
      }
    >
      {chart.error ? (
        <ReadFailure message={chart.error.message} onRetry={() => refreshOperatorReads(PAYMENTS_PATH)} />
      ) : chart.data ? (
        <TakingsChart report={chart.data} />
      ) : (
        <div className={styles.chartCard} aria-busy="true">
          <p className={styles.chartNote}>Loading the last 30 days…</p>
        </div>
      )}
      <div className={listStyles.filters}>
        <TextFilter
          label="From"
          type="date"
          value={params.get('from') ?? ''}
          onCommit={(value) => setParam('from', value)}
        />
        <TextFilter label="To" type="date" value={params.get('to') ?? ''} onCommit={(value) => setParam('to', value)} />
        <ChoiceField
          label="Status"
          options={STATUS_OPTIONS}
          value={params.get('status') ?? ''}
          onChange={(event) => setParam('status', event.target.value)}
        />
        <ChoiceField
          label="Method"
          options={METHOD_OPTIONS}
          value={params.get('method') ?? ''}
          onChange={(event) => setParam('method', event.target.value)}
        />
      </div>
      {read.error ? (
        <ReadFailure message={read.error.message} onRetry={() => refreshOperatorReads(PAYMENTS_PATH)} />
      ) : (
        <>
          {read.data && (
            <p className={styles.range}>
              {formatDisplayDate(read.data.from)} → {formatDisplayDate(read.data.to)}
            </p>
          )}
          <DataTable
            caption="Payments and refunds"
            columns={columns(when)}
            rows={read.data?.items ?? []}
            rowKey={(payment) => payment.id}
            busy={read.loading}
            empty={read.loading ? 'Loading payments…' : 'No payment matches these filters.'}
          />
          <Pager
            page={page}
            perPage={PAYMENTS_PER_PAGE}
            total={read.data?.total}
            nouns={['payment', 'payments']}
            onPage={(next) => setParam('page', next > 1 ? String(next) : '')}
          />
        </>
      )}
    </OperatorLayout>
  );
}
