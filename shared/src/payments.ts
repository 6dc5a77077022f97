/**
 * Payments' shapes (docs/product.md §11, docs/decisions/0031-payments.md): the settings that
 * switch online payment on, the cancellation policy, a booking's payment, the checkout's result,
 * a rental's books, and the desk's and the report's calls. Each is a JSON Schema the API
 * validates and serialises with; the types are derived from them.
 */
import type { FromSchema } from 'json-schema-to-ts';
// schema-parts, not schemas: schemas.ts builds its rental and invoice shapes with the books below.
import { choice, closedObject, isoDate, optionalFields, requestText } from './schema-parts';

/** `off` (the default): no money moves online. `total`: the rental's total is paid to confirm it. `total_and_deposit`: both. */
export const ONLINE_PAYMENT_MODES = ['off', 'total', 'total_and_deposit'] as const;
export type OnlinePayment = (typeof ONLINE_PAYMENT_MODES)[number];

export const PAYMENT_KINDS = ['charge', 'refund'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];
/** Online through the gateway, or at the desk. */
export const PAYMENT_METHODS = ['online', 'cash', 'upi', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const DESK_METHODS = ['cash', 'upi', 'card'] as const;
export const PAYMENT_PURPOSES = ['booking', 'change', 'desk', 'cancellation', 'lapse', 'deposit'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];
/**
 * A charge is `pending` while its order waits to be paid, then `captured`, or `lapsed` once its
 * hold ended unpaid; a refund is `pending` until the gateway has processed it (`processed`) or
 * refused it (`failed`).
 */
export const PAYMENT_STATUSES = ['pending', 'captured', 'lapsed', 'processed', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const HOLD_MINUTES = { min: 5, max: 60, default: 15 } as const;
export const MAX_POLICY_TIERS = 5;

/**
 * What a customer's cancellation refunds: everything within `free_minutes_after_booking` of
 * booking; otherwise the `refund_percent` of the first tier whose `hours_before` pick-up has not
 * passed yet (tiers from the most hours down; pick-up is the start of the pick-up day).
 */
export const cancellationPolicySchema = closedObject(
  {
    free_minutes_after_booking: { type: 'integer', minimum: 0, maximum: 10_080 },
    tiers: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_POLICY_TIERS,
      items: closedObject(
        {
          hours_before: { type: 'integer', minimum: 0, maximum: 8_760 },
          refund_percent: { type: 'integer', minimum: 0, maximum: 100 },
        },
        ['hours_before', 'refund_percent'],
      ),
    },
  },
  ['free_minutes_after_booking', 'tiers'],
);
export type CancellationPolicy = FromSchema<typeof cancellationPolicySchema>;

/** As before payments: a full refund until pick-up. */
export const DEFAULT_CANCELLATION_POLICY: CancellationPolicy = {
  free_minutes_after_booking: 60,
  tiers: [{ hours_before: 0, refund_percent: 100 }],
};

/** The payment settings, beside the business's tax and invoice settings. */
export const paymentSettingsFields = {
  online_payment: {
    type: 'string',
    maxLength: 32,
    enum: ONLINE_PAYMENT_MODES,
    description:
      '`off` (the default): bookings are confirmed at once and paid at the desk. `total`: the total is paid online to confirm a booking, the deposit at the desk. `total_and_deposit`: both online.',
  },
  payment_hold_minutes: {
    type: 'integer',
    minimum: HOLD_MINUTES.min,
    maximum: HOLD_MINUTES.max,
    description: 'How long a booking holds its dates while the customer pays (5 to 60, default 15).',
  },
  cancellation_policy: cancellationPolicySchema,
} as const;

/** What a booking answers when online payment is on: the gateway's order to open Checkout with. */
export const bookingPaymentSchema = closedObject(
  {
    id: { type: 'integer', description: 'The payment: `POST /api/payments/{id}/verify` once Checkout has answered.' },
    order_id: { type: 'string', description: 'The gateway’s order, for Checkout.' },
    amount_paise: { type: 'integer' },
    currency: { type: 'string', const: 'INR' },
    key_id: { type: 'string', description: 'The gateway key Checkout opens with.' },
    gateway: { type: 'string', enum: ['razorpay', 'standin'] },
    expires_at: { type: 'string', description: 'ISO 8601: the dates are held until then.' },
    checkout_script: { type: 'string', description: 'The Checkout script to load, on the gateway’s host.' },
  },
  ['id', 'order_id', 'amount_paise', 'currency', 'key_id', 'gateway', 'expires_at', 'checkout_script'],
);
export type BookingPayment = FromSchema<typeof bookingPaymentSchema>;

export const bookingWithPaymentSchema = closedObject(
  { message: { type: 'string' }, rental_id: { type: 'integer' }, payment: bookingPaymentSchema },
  ['message', 'rental_id', 'payment'],
);
export type BookingWithPayment = FromSchema<typeof bookingWithPaymentSchema>;

/** What Checkout hands the browser on success, sent on to `POST /api/payments/{id}/verify`. */
export const checkoutResultSchema = closedObject(
  {
    razorpay_order_id: requestText(64),
    razorpay_payment_id: requestText(64),
    razorpay_signature: requestText(128),
  },
  ['razorpay_order_id', 'razorpay_payment_id', 'razorpay_signature'],
);
export type CheckoutResult = FromSchema<typeof checkoutResultSchema>;

/** One line of a rental's books. */
export const paymentSchema = closedObject(
  {
    id: { type: 'integer' },
    kind: { type: 'string', enum: PAYMENT_KINDS },
    purpose: { type: 'string', enum: PAYMENT_PURPOSES },
    method: { type: 'string', enum: PAYMENT_METHODS },
    amount_paise: { type: 'integer' },
    status: { type: 'string', enum: PAYMENT_STATUSES },
    reference: { type: 'string', description: 'The gateway’s payment or refund id, or the desk’s slip.' },
    at: { type: 'string', description: 'ISO 8601.' },
  },
  ['id', 'kind', 'purpose', 'method', 'amount_paise', 'status', 'reference', 'at'],
);
export type Payment = FromSchema<typeof paymentSchema>;

/** A rental's books, on every view of it: each payment, what was paid (net of refunds) and what is still due. */
export const rentalBooksFields = {
  payments: { type: 'array', items: paymentSchema },
  paid_paise: { type: 'integer', description: 'Captured charges less processed refunds, deposits left out.' },
  due_paise: {
    type: 'integer',
    description: 'What the rental costs (its invoice once issued) less what was paid; never below 0.',
  },
} as const;

/** A rental's books as one object: the invoice answer carries them as `books`, beside its own issued `due_paise`. */
export const rentalBooksSchema = closedObject(rentalBooksFields, ['payments', 'paid_paise', 'due_paise']);
export type RentalBooks = FromSchema<typeof rentalBooksSchema>;

/** What `POST /api/payments/{id}/verify` answers. */
export const verifiedPaymentSchema = closedObject(
  {
    message: { type: 'string' },
    rental_id: { type: 'integer' },
    status: { type: 'string', enum: ['confirmed', 'refunded'] },
  },
  ['message', 'rental_id', 'status'],
);
export type VerifiedPayment = FromSchema<typeof verifiedPaymentSchema>;

/** `GET /api/rentals/{id}/cancellation`: what cancelling now would refund and keep, and by which rule. */
export const cancellationQuoteSchema = closedObject(
  {
    refund_paise: { type: 'integer' },
    fee_paise: { type: 'integer' },
    rule: { type: 'string', description: 'The rule that applies, in words.' },
  },
  ['refund_paise', 'fee_paise', 'rule'],
);
export type CancellationQuote = FromSchema<typeof cancellationQuoteSchema>;

/** `POST /api/operator/bookings/{id}/payments`: the desk records money taken or given back. */
export const deskPaymentSchema = closedObject(
  {
    kind: { type: 'string', maxLength: 32, enum: PAYMENT_KINDS },
    method: { type: 'string', maxLength: 32, enum: DESK_METHODS },
    amount_paise: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
    reference: { ...requestText(100), minLength: 1, description: 'The receipt, UPI or card slip id.' },
  },
  ['kind', 'method', 'amount_paise', 'reference'],
);
export type DeskPayment = FromSchema<typeof deskPaymentSchema>;

/** `GET /api/operator/payments`: the filter. */
export const paymentsQuerySchema = optionalFields({
  from: isoDate,
  to: isoDate,
  status: choice(PAYMENT_STATUSES),
  method: choice(PAYMENT_METHODS),
  format: choice(['json', 'csv']),
  page: { type: 'string', pattern: '^[1-9][0-9]{0,5}$', maxLength: 6, description: 'A whole number from 1.' },
  per_page: {
    type: 'string',
    pattern: '^(?:[1-9][0-9]?|100)$',
    maxLength: 3,
    description: 'A whole number from 1 to 100 (50 when left out).',
  },
});

/** The report's longest range, in days, and its page sizes. */
export const PAYMENTS_REPORT = { maxDays: 366, defaultDays: 30, defaultPerPage: 50, maxPerPage: 100 } as const;
export type PaymentsQuery = FromSchema<typeof paymentsQuerySchema>;

/** One payment in the report, with its rental. */
export const reportedPaymentSchema = closedObject(
  {
    ...paymentSchema.properties,
    rental_id: { type: 'integer' },
    customer_name: { type: 'string' },
    car_name: { type: 'string' },
    recorded_by: { type: 'string' },
  },
  [...paymentSchema.required, 'rental_id', 'customer_name', 'car_name', 'recorded_by'],
);

/** The report's sums for one day and method: takings (captured charges) and refunds (processed). */
export const paymentTotalSchema = closedObject(
  {
    day: { type: 'string', format: 'date' },
    method: { type: 'string', enum: PAYMENT_METHODS },
    takings_paise: { type: 'integer' },
    refunds_paise: { type: 'integer' },
  },
  ['day', 'method', 'takings_paise', 'refunds_paise'],
);

export const paymentsReportSchema = closedObject(
  {
    items: { type: 'array', items: reportedPaymentSchema },
    totals: { type: 'array', items: paymentTotalSchema, description: 'Per day (business time zone) and method.' },
    by_method: {
      type: 'array',
      items: closedObject(
        {
          method: { type: 'string', enum: PAYMENT_METHODS },
          takings_paise: { type: 'integer' },
          refunds_paise: { type: 'integer' },
        },
        ['method', 'takings_paise', 'refunds_paise'],
      ),
      description: 'The whole range’s takings and refunds per method, every method listed.',
    },
    total: { type: 'integer', description: 'How many payments the filter keeps in all; `items` is one page of them.' },
    from: isoDate,
    to: isoDate,
  },
  ['items', 'totals', 'by_method', 'total', 'from', 'to'],
);
export type PaymentsReport = FromSchema<typeof paymentsReportSchema>;
export type PaymentTotal = FromSchema<typeof paymentTotalSchema>;
