import { sql } from 'kysely';
import { describeDriverError } from '../../db/unavailable';
import { GatewayRefused } from '../../payments/gateway';
import type { Executor } from '../../repositories/executor';
import { findPayment, insertPayment } from '../../repositories/payments';
import type { PaymentsContext } from './payments-context';

/**
 * Queues a refund of an online charge, in the caller's transaction: a `pending` row with the key
 * the gateway will be sent it with, so however often it is sent (after the commit, and by the
 * sweep until the gateway has answered), the money goes back once.
 */
export async function queueRefund(
  db: Executor,
  charge: { id: number; rental_id: number; gateway_payment_id: string | null },
  amountPaise: number,
  purpose: 'lapse' | 'cancellation' | 'change' | 'deposit',
): Promise<number | undefined> {
  if (amountPaise <= 0 || charge.gateway_payment_id === null) return undefined;
  const id = await insertPayment(db, {
    rentalId: charge.rental_id,
    kind: 'refund',
    purpose,
    method: 'online',
    amountPaise,
    status: 'pending',
    gatewayPaymentId: charge.gateway_payment_id,
  });
  // One key per refund row: each refund the business decides on goes out once, whatever retries it.
  await db
    .updateTable('payments')
    .set({ idempotency_key: `rentora-refund-${id}` })
    .where('id', '=', id)
    .execute();
  return id;
}

/** The gateway's answer to a refund: its id, and processed once it says so; never back from processed. */
async function recordRefundAnswer(db: Executor, id: number, refundId: string, processed: boolean): Promise<void> {
  await db
    .updateTable('payments')
    .set({
      refund_id: refundId,
      ...(processed ? { status: 'processed' as const } : {}),
      updated_at: sql<string>`CURRENT_TIMESTAMP`,
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

/**
 * Sends a pending online refund to the gateway with its idempotency key. A gateway that does not
 * answer leaves it pending for the sweep to send again (the same key: refunded once); one that
 * refuses it marks it failed, for the desk to settle by hand.
 */
export async function sendRefund(context: PaymentsContext, refundRowId: number): Promise<void> {
  const row = await findPayment(context.db, refundRowId);
  if (row === undefined || row.kind !== 'refund' || row.method !== 'online' || row.status !== 'pending') return;
  if (row.gateway_payment_id === null || row.idempotency_key === null) return;
  try {
    const refund = await context.gateway.refund(row.gateway_payment_id, row.amount_paise, row.idempotency_key, {
      rentora_refund: String(row.id),
    });
    await recordRefundAnswer(context.db, row.id, refund.id, refund.status === 'processed');
  } catch (error) {
    if (error instanceof GatewayRefused) {
      await context.db
        .updateTable('payments')
        .set({ status: 'failed', reference: error.message.slice(0, 200), updated_at: sql<string>`CURRENT_TIMESTAMP` })
        .where('id', '=', row.id)
        .where('status', '=', 'pending')
        .execute();
      context.log.error({ refund: row.id, reason: error.message }, 'the payment gateway refused a refund');
      return;
    }
    context.log.warn(
      { refund: row.id, ...describeDriverError(error) },
      'a refund could not be sent yet; the sweep sends it again',
    );
  }
}

/** Marks a refund processed, as the gateway's `refund.processed` says; never back from processed. */
export async function refundProcessed(db: Executor, refundRowId: number, refundId: string): Promise<void> {
  await recordRefundAnswer(db, refundRowId, refundId, true);
}
