/**
 * Moving a rental's dates (docs/decisions/0031-payments.md, its amendment): the request, its
 * preview and the answer. Apart from payments.ts, which schemas.ts builds on, since a preview
 * carries a quote.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { bookingPaymentSchema } from './payments';
import { closedObject, isoDate, requestText } from './schema-parts';
import { quoteSchema } from './schemas';

/** A rental's new dates: `POST /api/rentals/{id}/change` and its preview, `GET` with the same fields as a query. */
const newDates = {
  pick_up_date: { ...isoDate, description: 'YYYY-MM-DD. A rental under way keeps its pick-up date.' },
  drop_off_date: { ...isoDate, description: 'YYYY-MM-DD, on or after pick-up and today; at most 30 days in all.' },
} as const;

export const dateChangeQuerySchema = closedObject(newDates, ['pick_up_date', 'drop_off_date']);
export type DateChangeQuery = FromSchema<typeof dateChangeQuerySchema>;

export const dateChangeRequestSchema = closedObject(
  {
    ...newDates,
    quote_id: requestText(200, 'The preview’s `quote.id`: a price changed since answers 409 with the new quote.'),
  },
  ['pick_up_date', 'drop_off_date'],
);
export type DateChangeRequest = FromSchema<typeof dateChangeRequestSchema>;

const paiseField = (description: string) => ({ type: 'integer', description }) as const;

/** `GET /api/rentals/{id}/change`: what the new dates would cost, and what would move, before confirming. */
export const dateChangeQuoteSchema = closedObject(
  {
    quote: quoteSchema,
    previous_total_paise: paiseField('What the rental costs now.'),
    total_paise: paiseField('What it would cost with the new dates (the quote’s total).'),
    difference_paise: paiseField('total − previous total: above 0 costs more, below 0 costs less.'),
    pay_now_paise: paiseField('Paid online to confirm the change (online payment on); 0 otherwise.'),
    refund_paise: paiseField('Refunded online of what was paid, by the cancellation policy.'),
    fee_paise: paiseField('Kept of what was paid online for the days given up, by the cancellation policy.'),
    rule: { type: 'string', description: 'How the difference is settled, in words.' },
  },
  [
    'quote',
    'previous_total_paise',
    'total_paise',
    'difference_paise',
    'pay_now_paise',
    'refund_paise',
    'fee_paise',
    'rule',
  ],
);
export type DateChangeQuote = FromSchema<typeof dateChangeQuoteSchema>;

/** `POST /api/rentals/{id}/change`: changed, or (more to pay, online) held until `payment` is paid. */
export const dateChangeSchema = closedObject(
  {
    message: { type: 'string' },
    rental_id: { type: 'integer' },
    status: { type: 'string', enum: ['changed', 'awaiting_payment'] },
    pick_up_date: isoDate,
    drop_off_date: isoDate,
    total_paise: paiseField('The rental’s total with the new dates.'),
    difference_paise: paiseField('total − previous total.'),
    refund_paise: paiseField('Being refunded online.'),
    payment: bookingPaymentSchema,
  },
  [
    'message',
    'rental_id',
    'status',
    'pick_up_date',
    'drop_off_date',
    'total_paise',
    'difference_paise',
    'refund_paise',
  ],
);
export type DateChange = FromSchema<typeof dateChangeSchema>;
