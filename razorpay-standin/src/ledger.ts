import { createHash, randomBytes } from 'node:crypto';

/**
 * The stand-in's books, in memory: orders, the payments made against them and the refunds of
 * those payments, shaped as Razorpay's REST API answers them (amounts in paise, ids `order_…`,
 * `pay_…`, `rfnd_…`, times in Unix seconds). A state only moves forward: an order from created to
 * attempted to paid, a payment from created to captured or failed, a refund from pending to
 * processed.
 */

export interface Order {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string>;
  created_at: number;
}

export interface Payment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'captured' | 'failed' | 'refunded';
  order_id: string;
  method: 'upi';
  captured: boolean;
  amount_refunded: number;
  refund_status: null | 'partial' | 'full';
  error_code: string | null;
  error_description: string | null;
  created_at: number;
}

export interface Refund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  status: 'pending' | 'processed';
  notes: Record<string, string>;
  created_at: number;
}

/** A request the stand-in refuses, as Razorpay writes its errors. */
export class GatewayRefusal extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: 'BAD_REQUEST_ERROR',
    description: string,
  ) {
    super(description);
  }

  get body() {
    return { error: { code: this.code, description: this.message, source: 'NA', step: 'NA', reason: 'NA' } };
  }
}

const RECEIPT_MAX = 40;
/** What Razorpay asks of a refund's idempotency key. */
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{10,}$/;

const newId = (prefix: string) => `${prefix}_${randomBytes(7).toString('base64url').replace(/[-_]/g, 'x')}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

interface KeptRefund {
  fingerprint: string;
  refund: Refund;
}

export class Ledger {
  readonly orders = new Map<string, Order>();
  readonly payments = new Map<string, Payment>();
  readonly refunds = new Map<string, Refund>();
  private readonly refundsByKey = new Map<string, KeptRefund>();

  createOrder(input: { amount?: unknown; currency?: unknown; receipt?: unknown; notes?: unknown }): Order {
    const { amount, currency = 'INR', receipt = '', notes = {} } = input;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100) {
      throw new GatewayRefusal(400, 'BAD_REQUEST_ERROR', 'The amount must be an integer of at least 100 paise.');
    }
    if (currency !== 'INR') throw new GatewayRefusal(400, 'BAD_REQUEST_ERROR', 'Only INR is supported.');
    if (typeof receipt !== 'string' || receipt.length > RECEIPT_MAX) {
      throw new GatewayRefusal(400, 'BAD_REQUEST_ERROR', `The receipt may be at most ${RECEIPT_MAX} characters.`);
    }
    const order: Order = {
      id: newId('order'),
      entity: 'order',
      amount,
      amount_paid: 0,
      amount_due: amount,
      currency,
      receipt,
      status: 'created',
      attempts: 0,
      notes: notes as Record<string, string>,
      created_at: nowSeconds(),
    };
    this.orders.set(order.id, order);
    return order;
  }

  order(id: string): Order {
    const order = this.orders.get(id);
    if (order === undefined) throw new GatewayRefusal(400, 'BAD_REQUEST_ERROR', 'The id provided does not exist');
    return order;
  }

  payment(id: string): Payment {
    const payment = this.payments.get(id);
    if (payment === undefined) throw new GatewayRefusal(400, 'BAD_REQUEST_ERROR', 'The id provided does not exist');
    return payment;
  }

  paymentsOf(orderId: string): Payment[] {
    this.order(orderId);
    return [...this.payments.values()].filter((payment) => payment.order_id === orderId);
  }

  /**
   * A customer's attempt at checkout: captured at once (an account set to capture automatically),
   * or failed. A paid order takes no more attempts.
   */
  attempt(orderId: string, outcome: 'success' | 'failure'): Payment {
    const order = this.order(orderId);
    if (order.status === 'paid') throw new GatewayRefusal(400, 'BAD_REQUEST_ERROR', 'This order is already paid.');
    order.attempts += 1;
    const success = outcome === 'success';
    const payment: Payment = {
      id: newId('pay'),
      entity: 'payment',
      amount: order.amount,
      currency: order.currency,
      status: success ? 'captured' : 'failed',
      order_id: order.id,
      method: 'upi',
      captured: success,
      amount_refunded: 0,
      refund_status: null,
      error_code: success ? null : 'BAD_REQUEST_ERROR',
      error_description: success ? null : 'Payment failed: the bank declined it.',
      created_at: nowSeconds(),
    };
    this.payments.set(payment.id, payment);
    if (success) {
      order.status = 'paid';
      order.amount_paid = order.amount;
      order.amount_due = 0;
    } else if (order.status === 'created') {
      order.status = 'attempted';
    }
    return payment;
  }

  /**
   * A refund of a captured payment, whole or in part, never past what is left of it. With an
   * idempotency key, the same body again answers the first refund and another body is refused
   * (Razorpay's X-Refund-Idempotency).
   */
  refund(paymentId: string, input: { amount?: unknown; notes?: unknown }, idempotencyKey: string | undefined): Refund {
    const payment = this.payment(paymentId);
    const fingerprint = createHash('sha256')
      .update(`${paymentId}:${JSON.stringify(input)}`)
      .digest('hex');
    if (idempotencyKey !== undefined) {
      if (!IDEMPOTENCY_KEY.test(idempotencyKey)) {
        throw new GatewayRefusal(
          400,
          'BAD_REQUEST_ERROR',
          'The idempotency key must be at least 10 letters, digits, - or _.',
        );
      }
      const kept = this.refundsByKey.get(idempotencyKey);
      if (kept !== undefined) {
        if (kept.fingerprint !== fingerprint) {
          throw new GatewayRefusal(
            400,
            'BAD_REQUEST_ERROR',
            'Different request with the same idempotency key has already been processed.',
          );
        }
        return kept.refund;
      }
    }
    if (!payment.captured)
      throw new GatewayRefusal(400, 'BAD_REQUEST_ERROR', 'Only a captured payment can be refunded.');
    const left = payment.amount - payment.amount_refunded;
    const amount = input.amount === undefined ? left : input.amount;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100 || amount > left) {
      throw new GatewayRefusal(
        400,
        'BAD_REQUEST_ERROR',
        `The refund amount must be from 100 paise to what is left of the payment (${left}).`,
      );
    }
    const refund: Refund = {
      id: newId('rfnd'),
      entity: 'refund',
      amount,
      currency: payment.currency,
      payment_id: payment.id,
      status: 'pending',
      notes: (input.notes ?? {}) as Record<string, string>,
      created_at: nowSeconds(),
    };
    this.refunds.set(refund.id, refund);
    payment.amount_refunded += amount;
    payment.refund_status = payment.amount_refunded === payment.amount ? 'full' : 'partial';
    if (payment.refund_status === 'full') payment.status = 'refunded';
    if (idempotencyKey !== undefined) this.refundsByKey.set(idempotencyKey, { fingerprint, refund });
    return refund;
  }

  refundsOf(paymentId: string): Refund[] {
    return [...this.refunds.values()].filter((refund) => refund.payment_id === paymentId);
  }
}
