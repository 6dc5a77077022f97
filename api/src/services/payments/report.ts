import {
  PAYMENT_METHODS,
  PAYMENTS_REPORT,
  type PaymentMethod,
  type PaymentsQuery,
  type PaymentsReport,
  type PaymentTotal,
} from '@rentora/shared/payments';
import { addDays, startOfDayIn, todayIn } from '@rentora/shared/format';
import type { Engine } from '../../db/connect';
import { ApiError } from '../../errors';
import type { Executor } from '../../repositories/executor';
import { type PaymentsFilter, listPaymentFigures, listReportedPayments } from '../../repositories/payments';

export const RANGE_BACKWARDS = 'from must be on or before to.';
export const RANGE_TOO_LONG = `The report covers at most ${PAYMENTS_REPORT.maxDays} days: narrow from and to.`;
/** The most rows one CSV export holds: a year of a busy desk, and a bounded answer. */
export const CSV_MAX_ROWS = 100_000;
export const CSV_TOO_LARGE = `More than ${CSV_MAX_ROWS.toLocaleString('en-IN')} payments match: narrow from and to, or filter by status or method.`;

export interface ReportContext {
  db: Executor;
  engine: Engine;
  timeZone: string;
  now: () => number;
}

/** The report's days, in the business's time zone: the last 30 up to today unless asked otherwise. */
export function reportRange(query: Pick<PaymentsQuery, 'from' | 'to'>, timeZone: string, now: number) {
  const to = query.to ?? (query.from === undefined ? todayIn(timeZone, new Date(now)) : addDays(query.from, 29));
  const from = query.from ?? addDays(to, -(PAYMENTS_REPORT.defaultDays - 1));
  if (from > to) throw new ApiError(400, RANGE_BACKWARDS);
  if (addDays(from, PAYMENTS_REPORT.maxDays - 1) < to) throw new ApiError(400, RANGE_TOO_LONG);
  return { from, to };
}

function filterOf(query: PaymentsQuery, range: { from: string; to: string }, timeZone: string): PaymentsFilter {
  return {
    fromMs: startOfDayIn(range.from, timeZone),
    untilMs: startOfDayIn(addDays(range.to, 1), timeZone),
    ...(query.status !== undefined && { status: query.status }),
    ...(query.method !== undefined && { method: query.method }),
  };
}

/** Takings (captured charges) and refunds (processed) per business day and method, days then methods in order. */
export function totalsOf(
  figures: { kind: string; method: PaymentMethod; status: string; amount_paise: number; at: string }[],
  timeZone: string,
): PaymentTotal[] {
  const sums = new Map<string, PaymentTotal>();
  for (const figure of figures) {
    const taking = figure.kind === 'charge' && figure.status === 'captured';
    const refund = figure.kind === 'refund' && figure.status === 'processed';
    if (!taking && !refund) continue;
    const day = todayIn(timeZone, new Date(figure.at));
    const key = `${day} ${figure.method}`;
    const sum = sums.get(key) ?? { day, method: figure.method, takings_paise: 0, refunds_paise: 0 };
    if (taking) sum.takings_paise += figure.amount_paise;
    else sum.refunds_paise += figure.amount_paise;
    sums.set(key, sum);
  }
  return [...sums.values()].sort((a, b) => a.day.localeCompare(b.day) || a.method.localeCompare(b.method));
}

/** The range's takings and refunds per method, every method listed in its order. */
export function byMethodOf(totals: readonly PaymentTotal[]): PaymentsReport['by_method'] {
  return PAYMENT_METHODS.map((method) => {
    const ofMethod = totals.filter((total) => total.method === method);
    return {
      method,
      takings_paise: ofMethod.reduce((sum, total) => sum + total.takings_paise, 0),
      refunds_paise: ofMethod.reduce((sum, total) => sum + total.refunds_paise, 0),
    };
  });
}

/** `GET /api/operator/payments`: one page of the payments the filter keeps, newest first, and the sums of them all. */
export async function paymentsReport(context: ReportContext, query: PaymentsQuery): Promise<PaymentsReport> {
  const range = reportRange(query, context.timeZone, context.now());
  const filter = filterOf(query, range, context.timeZone);
  const perPage = Number(query.per_page ?? PAYMENTS_REPORT.defaultPerPage);
  const [figures, items] = await Promise.all([
    listPaymentFigures(context.db, context.engine, filter),
    listReportedPayments(context.db, context.engine, filter, {
      limit: perPage,
      offset: (Number(query.page ?? '1') - 1) * perPage,
    }),
  ]);
  const totals = totalsOf(figures, context.timeZone);
  return { ...range, items, total: figures.length, totals, by_method: byMethodOf(totals) };
}

/** Every payment the filter keeps (the range bounds them), newest first, for the CSV export. */
export async function everyReportedPayment(context: ReportContext, query: PaymentsQuery) {
  const range = reportRange(query, context.timeZone, context.now());
  const filter = filterOf(query, range, context.timeZone);
  const items = await listReportedPayments(context.db, context.engine, filter, { limit: CSV_MAX_ROWS + 1, offset: 0 });
  if (items.length > CSV_MAX_ROWS) throw new ApiError(400, CSV_TOO_LARGE);
  return { ...range, items };
}
