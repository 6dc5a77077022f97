import type { DeskPayment, OperatorBooking, PaymentMethod, PaymentStatus } from '@rentora/shared/operator';
import { operatorCall, operatorDownload } from './operator-api';
import { refreshOperatorReads } from './operator-reads';

export const PAYMENTS_PATH = '/api/operator/payments';
const BOOKINGS_PATH = '/api/operator/bookings';

export const METHOD_LABELS: Record<PaymentMethod, string> = {
  online: 'Online',
  cash: 'Cash',
  upi: 'UPI',
  card: 'Card',
};

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'Pending',
  captured: 'Captured',
  lapsed: 'Lapsed',
  processed: 'Refunded',
  failed: 'Failed',
};

/** The report's CSV for the same filter, saved as the server names it. */
export const downloadPaymentsCsv = (query: URLSearchParams, from: string, to: string) => {
  const csv = new URLSearchParams(query);
  csv.delete('page');
  csv.delete('per_page');
  csv.set('format', 'csv');
  return operatorDownload(`${PAYMENTS_PATH}?${csv.toString()}`, `payments-${from}-to-${to}.csv`);
};

/**
 * Records money taken or given back at the desk; the bookings and the report are read again.
 * The same key sent again (a retry after no answer) records nothing more.
 */
export async function recordDeskPayment(
  rentalId: number,
  payment: DeskPayment,
  idempotencyKey: string,
): Promise<OperatorBooking> {
  const booking = await operatorCall<OperatorBooking>('POST', `${BOOKINGS_PATH}/${rentalId}/payments`, payment, {
    'Idempotency-Key': idempotencyKey,
  });
  refreshOperatorReads(BOOKINGS_PATH);
  refreshOperatorReads(PAYMENTS_PATH);
  return booking;
}
