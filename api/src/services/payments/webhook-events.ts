import { sql } from 'kysely';
import { runInTransaction } from '../../db/transaction';
import type { GatewayPayment, GatewayRefund } from '../../payments/gateway';
import type { Executor } from '../../repositories/executor';
import { findRefundByGatewayId, recordGatewayEvent } from '../../repositories/payments';
import type { PaymentsContext } from './payments-context';
import { refundProcessed } from './refunds';
import { settleCapture } from './settle';

/** A webhook's body, as far as the API reads it. */
export interface GatewayEvent {
  event?: string;
  payload?: {
    payment?: { entity?: GatewayPayment };
    refund?: { entity?: GatewayRefund & { notes?: Record<string, string> } };
  };
}

/** Our refund a gateway refund is: by the note our refund was sent with, else by its id. */
async function ourRefund(db: Executor, refund: GatewayRefund & { notes?: Record<string, string> }) {
  const noted = Number(refund.notes?.rentora_refund);
  if (Number.isInteger(noted) && noted > 0) return noted;
  return findRefundByGatewayId(db, refund.id);
}

/**
 * One webhook event, taking effect once by its id (docs/decisions/0031-payments.md). A captured
 * payment is settled as the browser's verify settles it, whichever comes first; a failed attempt
 * is noted on its charge (which stays payable while its hold lasts; a payment captured already is
 * never moved back by a late failure); a refund is closed as processed or failed. The event's id
 * is kept in the same transaction as its effect, so a repeat changes nothing and a failed attempt
 * is tried again whole when the gateway retries.
 */
export async function handleGatewayEvent(context: PaymentsContext, eventId: string, body: GatewayEvent): Promise<void> {
  const name = String(body.event ?? '');
  const payment = body.payload?.payment?.entity;
  const refund = body.payload?.refund?.entity;
  const event = { id: eventId, name };

  if ((name === 'payment.captured' || name === 'order.paid') && payment !== undefined) {
    const settled = await settleCapture(context, payment, event);
    if (settled.outcome !== 'unknown') return;
  }
  await runInTransaction(context.db, async (trx) => {
    if (!(await recordGatewayEvent(trx, event.id, event.name))) return;
    if (name === 'payment.failed' && payment !== undefined) {
      await trx
        .updateTable('payments')
        .set({
          reference: `Last attempt failed: ${String(payment.error_description ?? payment.id)}`.slice(0, 200),
          updated_at: sql<string>`CURRENT_TIMESTAMP`,
        })
        .where('order_id', '=', payment.order_id)
        .where('status', '=', 'pending')
        .execute();
    }
    if ((name === 'refund.processed' || name === 'refund.failed') && refund !== undefined) {
      const id = await ourRefund(trx, refund);
      if (id === undefined) return;
      if (name === 'refund.processed') await refundProcessed(trx, id, refund.id);
      else
        await trx
          .updateTable('payments')
          .set({ status: 'failed', refund_id: refund.id, updated_at: sql<string>`CURRENT_TIMESTAMP` })
          .where('id', '=', id)
          .where('status', '=', 'pending')
          .execute();
    }
  });
}
