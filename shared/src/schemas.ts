/**
 * The API's shapes (docs/product.md §3), each written once as a JSON Schema. The API validates
 * requests and serialises answers with them; `types.ts` derives every TypeScript type the
 * apps and the API use from them, so the two cannot drift apart. Plain constants: an app
 * that imports only types ships none of this.
 */

import { rentalBooksFields, rentalBooksSchema } from './payments';
import { IMAGE_URL_PATTERN, VEHICLE_ID_PATTERN } from './rules/patterns';
import {
  MAX_LENGTH,
  SCHEMA_FORMATS,
  closedObject,
  isoDate,
  optionalFields,
  requestText,
  secretText,
  text,
} from './schema-parts';

export { MAX_LENGTH, SCHEMA_FORMATS, closedObject, optionalFields, requestText };

export const VEHICLE_TYPES = ['Sedan', 'SUV', 'Sports', 'Coupe', 'Compact', 'MPV'] as const;
/**
 * What a customer sees of a rental; `in_progress` once the car has been picked up;
 * `awaiting_payment` while a booking holds its dates for its online payment (docs/product.md §11).
 */
export const RENTAL_STATUSES = ['active', 'awaiting_payment', 'in_progress', 'cancelled', 'expired'] as const;
/** Every account has one: customers book, operators run the fleet, admins also manage the team. */
export const ROLES = ['customer', 'operator', 'admin'] as const;

/**
 * A car's fields that a person writes, as everyone reads them: `_id`, `id` and `availability`
 * follow from the car's record. The operator's form sends each (`@rentora/shared/operator`).
 */
export const CAR_FIELDS = [
  'car_name',
  'brand_name',
  'car_type',
  'seating_capacity',
  'price_per_day',
  'image_url',
  'location',
  'customer_ratings',
  'description',
  'model_year',
  'average',
  'fuel_type',
  'engine',
  'transmission',
] as const;
export type CarField = (typeof CAR_FIELDS)[number];

export const messageSchema = closedObject({ message: text }, ['message']);

export const tokenAnswerSchema = closedObject({ message: text, token: text }, ['message', 'token']);

export const vehicleSchema = closedObject(
  {
    _id: {
      type: 'string',
      pattern: VEHICLE_ID_PATTERN.source,
      description: 'A stable slug, used in the car page’s path.',
    },
    id: { type: 'integer' },
    car_name: text,
    brand_name: text,
    car_type: { type: 'string', enum: VEHICLE_TYPES },
    seating_capacity: { type: 'integer' },
    price_per_day: { type: 'integer', description: 'Rupees per day.' },
    image_url: { type: 'string', pattern: IMAGE_URL_PATTERN.source, description: 'https, no whitespace or commas.' },
    location: text,
    customer_ratings: { type: 'number', minimum: 0, maximum: 5 },
    description: text,
    availability: { type: 'boolean', description: 'False when the car is out of service.' },
    model_year: { type: 'integer' },
    average: { type: 'number', description: 'Kilometres per litre.' },
    fuel_type: text,
    engine: text,
    transmission: text,
  },
  ['_id', 'id', ...CAR_FIELDS, 'availability'],
);

/** A date range taken by a non-cancelled rental, pick-up..drop-off inclusive. */
export const bookedRangeSchema = closedObject({ pick_up_date: isoDate, drop_off_date: isoDate }, [
  'pick_up_date',
  'drop_off_date',
]);

/** `GET /api/vehicles/{id}`: the car plus the ranges already booked. */
export const vehicleDetailSchema = closedObject(
  {
    ...vehicleSchema.properties,
    booked: {
      type: 'array',
      description: 'Dates taken by non-cancelled rentals that have not ended, pick-up..drop-off inclusive.',
      items: bookedRangeSchema,
    },
  },
  [...vehicleSchema.required, 'booked'],
);

/**
 * The data of one `availability` event of `GET /api/events`: a car's whole public state now,
 * so events can be applied in any order and more than once.
 */
export const carAvailabilitySchema = closedObject(
  {
    _id: vehicleSchema.properties._id,
    availability: vehicleSchema.properties.availability,
    booked: vehicleDetailSchema.properties.booked,
  },
  ['_id', 'availability', 'booked'],
);

/** At most this many cars in one stream's `vehicles`: a page follows one car, or a search's list. */
export const MAX_STREAM_VEHICLES = 100;

/** The query of `GET /api/events`: without `vehicles`, every car's events. */
export const eventsQuerySchema = optionalFields({
  vehicles: requestText(
    MAX_STREAM_VEHICLES * 64,
    `Car ids (\`_id\`), comma-separated, at most ${MAX_STREAM_VEHICLES}: only those cars' events.`,
  ),
});

/**
 * Where and when a shopper looks: the query of `GET /api/vehicles`. A city alone, a range alone
 * (both dates, inclusive) or both; nothing set means the whole fleet.
 */
export const vehicleSearchSchema = optionalFields({
  location: requestText(MAX_LENGTH.city, 'A city, matched ignoring letter case.'),
  pick_up_date: requestText(
    MAX_LENGTH.short,
    'YYYY-MM-DD, today or later (business time zone), at most 180 days ahead. Needs drop_off_date.',
  ),
  drop_off_date: requestText(
    MAX_LENGTH.short,
    'YYYY-MM-DD, on or after pick_up_date, at most 30 days in all. Only cars in service with no active rental on any day of the range are listed.',
  ),
});

export const rentalSchema = closedObject(
  {
    car: closedObject({ _id: text, image_url: text, brand_name: text, car_name: text }, [
      '_id',
      'image_url',
      'brand_name',
      'car_name',
    ]),
    pick_up_date: isoDate,
    drop_off_date: isoDate,
    status: { type: 'string', enum: RENTAL_STATUSES },
    days: { type: 'integer' },
    total_price: { type: 'integer', description: 'Rupees.' },
    hold_expires_at: {
      type: 'string',
      description: 'ISO 8601, only while `awaiting_payment`: the dates are held until then.',
    },
  },
  ['car', 'pick_up_date', 'drop_off_date', 'status', 'days', 'total_price'],
);

export const userSchema = closedObject(
  {
    name: text,
    email: text,
    avatar: text,
    role: { type: 'string', enum: ROLES },
    cars_rented: { type: 'array', description: 'Oldest first.', items: rentalSchema },
  },
  ['name', 'email', 'avatar', 'role', 'cars_rented'],
);

/** The booking form as sent. `age` may come as a number from clients other than ours. */
export const bookingRequestSchema = closedObject(
  {
    name: requestText(MAX_LENGTH.name),
    age: { anyOf: [requestText(MAX_LENGTH.short), { type: 'number' }] },
    email: requestText(MAX_LENGTH.email),
    phone_no: requestText(MAX_LENGTH.short, 'Exactly 10 digits.'),
    address: requestText(MAX_LENGTH.address),
    pincode: requestText(MAX_LENGTH.short, 'Exactly 6 digits.'),
    pick_up_date: requestText(MAX_LENGTH.short, 'YYYY-MM-DD, today or later, at most 180 days ahead.'),
    drop_off_date: requestText(MAX_LENGTH.short, 'YYYY-MM-DD, on or after pick-up; a rental lasts at most 30 days.'),
  },
  ['name', 'age', 'email', 'phone_no', 'address', 'pincode', 'pick_up_date', 'drop_off_date'],
);

export const signUpSchema = closedObject(
  {
    name: requestText(MAX_LENGTH.name),
    email: requestText(MAX_LENGTH.email),
    password: secretText(MAX_LENGTH.password),
    avatar: requestText(MAX_LENGTH.short, 'avatar1..avatar6'),
  },
  ['name', 'email', 'password', 'avatar'],
);

/** A car's pricing rules (docs/decisions/0024-money.md), in whole rupees as `price_per_day` is. */
export const carPricesSchema = closedObject(
  {
    date_prices: {
      type: 'array',
      description:
        'Days with a daily price of their own (seasons, festivals), both ends counted; never overlapping; in date order.',
      items: closedObject({ start_date: isoDate, end_date: isoDate, price_per_day: { type: 'integer' } }, [
        'start_date',
        'end_date',
        'price_per_day',
      ]),
    },
    length_discounts: {
      type: 'array',
      description:
        'At most three tiers, shortest first: a rental of min_days days or more gets percent off its car days; the highest tier reached applies to the whole rental.',
      items: closedObject({ min_days: { type: 'integer' }, percent: { type: 'integer' } }, ['min_days', 'percent']),
    },
    deposit: { type: 'integer', description: 'Rupees, refundable, collected at pick-up; 0 for none.' },
    km_per_day: { type: 'integer', description: 'Kilometres included per rental day; 0 for no limit.' },
    extra_km_price: { type: 'integer', description: 'Rupees per kilometre beyond the allowance; 0 for none.' },
  },
  ['date_prices', 'length_discounts', 'deposit', 'km_per_day', 'extra_km_price'],
);

export const ADD_ON_PERIODS = ['day', 'rental'] as const;

export const addOnFields = {
  label: { type: 'string', description: 'What it is: a chauffeur, a child seat, doorstep delivery.' },
  price: { type: 'integer', description: 'Whole rupees, per day or per rental.' },
  per: { type: 'string', enum: ADD_ON_PERIODS },
} as const;

/** An add-on offered now (`GET /api/add-ons`). */
export const addOnSchema = closedObject({ id: { type: 'integer' }, ...addOnFields }, ['id', 'label', 'price', 'per']);

export const addOnListSchema = { type: 'array', items: addOnSchema } as const;

/** At most this many add-ons in one quote or booking. */
export const MAX_ADD_ONS = 20;

const addOnIds = {
  type: 'array',
  maxItems: MAX_ADD_ONS,
  uniqueItems: true,
  items: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
  description: 'Ids of offered add-ons (`GET /api/add-ons`).',
} as const;
const customerGstin = requestText(
  MAX_LENGTH.short,
  'The customer’s GSTIN for a business invoice: 15 characters, a state code, a valid check character.',
);

export const quoteRequestSchema = closedObject(
  {
    vehicle_id: requestText(MAX_LENGTH.id, 'The car’s `_id`.'),
    pick_up_date: bookingRequestSchema.properties.pick_up_date,
    drop_off_date: bookingRequestSchema.properties.drop_off_date,
    add_ons: addOnIds,
    gstin: customerGstin,
  },
  ['vehicle_id', 'pick_up_date', 'drop_off_date'],
);

const paise = (description: string) => ({ type: 'integer', description }) as const;

export const quoteLineSchema = closedObject(
  {
    label: text,
    quantity: { type: 'integer', description: 'Days, kilometres, hours, or 1.' },
    unit_paise: paise('The price of one.'),
    amount_paise: paise('quantity × unit_paise.'),
  },
  ['label', 'quantity', 'unit_paise', 'amount_paise'],
);

export const taxSplitSchema = closedObject(
  {
    rate: { type: 'number', description: 'Percent.' },
    included: { type: 'boolean', description: 'True when the prices already included the tax.' },
    cgst_paise: paise('Central tax, half the rate, within the business’s state.'),
    sgst_paise: paise('State tax, half the rate, within the business’s state.'),
    igst_paise: paise('Integrated tax, the whole rate, for a customer GSTIN of another state.'),
  },
  ['rate', 'included', 'cgst_paise', 'sgst_paise', 'igst_paise'],
);

/**
 * What a rental costs (docs/architecture.md §4 for the rounding): integer paise. Total is
 * taxable + tax; the deposit is apart from it, refundable.
 */
export const quoteSchema = closedObject(
  {
    id: { type: 'string', description: 'Send it as `quote_id` with the booking.' },
    expires_at: { type: 'string', description: 'ISO 8601; 15 minutes after the quote.' },
    lines: {
      type: 'array',
      description: 'One line per price band of the car’s days (in date order), then each add-on.',
      items: quoteLineSchema,
    },
    discount_percent: { type: 'integer', description: 'The length discount reached; 0 for none.' },
    discount_paise: paise('Off the car’s days, not the add-ons.'),
    taxable_paise: paise('The taxable value: the lines less the discount, less the tax when prices include it.'),
    tax: taxSplitSchema,
    total_paise: paise('What the customer pays: taxable_paise plus the tax.'),
    deposit_paise: paise('Refundable, paid at pick-up; not part of the total.'),
  },
  [
    'id',
    'expires_at',
    'lines',
    'discount_percent',
    'discount_paise',
    'taxable_paise',
    'tax',
    'total_paise',
    'deposit_paise',
  ],
);

/** The query of `GET /api/quotes`: a dated search's cars, and its range. */
export const quoteTotalsQuerySchema = closedObject(
  {
    vehicles: requestText(
      MAX_STREAM_VEHICLES * 64,
      `Car ids (\`_id\`), comma-separated, at most ${MAX_STREAM_VEHICLES}.`,
    ),
    pick_up_date: vehicleSearchSchema.properties.pick_up_date,
    drop_off_date: vehicleSearchSchema.properties.drop_off_date,
  },
  ['vehicles', 'pick_up_date', 'drop_off_date'],
);

export const quoteTotalSchema = closedObject(
  { vehicle_id: text, total_paise: paise('The range’s total with the car’s rules and tax, no add-ons.') },
  ['vehicle_id', 'total_paise'],
);

export const quoteTotalListSchema = { type: 'array', items: quoteTotalSchema } as const;

/** `POST /api/book-ride/{id}`: the booking form, and optionally what was quoted for it. */
export const bookRideBodySchema = closedObject(
  {
    ...bookingRequestSchema.properties,
    quote_id: requestText(200, 'The quote the customer saw: a price changed since answers 409 with the new quote.'),
    add_ons: addOnIds,
    gstin: customerGstin,
  },
  bookingRequestSchema.required,
);

/** A refused booking: `quote` when the price has changed since the quote sent, or that quote was for another request. */
export const bookingConflictSchema = closedObject({ message: text, quote: quoteSchema }, ['message']);

/** `GET /api/vehicles/{id}/prices`: the car's rules, for its page's calendar and discounts. */
export const vehiclePricesSchema = closedObject(
  { price_per_day: vehicleSchema.properties.price_per_day, ...carPricesSchema.properties },
  ['price_per_day', ...carPricesSchema.required],
);

const gstinOrNone = { type: ['string', 'null'], description: 'Null when none was given.' } as const;
const partySchema = closedObject({ name: text, address: text, gstin: gstinOrNone }, ['name', 'address', 'gstin']);

/** A tax invoice (CGST Rule 46) as issued, once, when its rental is completed, and never changed. */
export const issuedInvoiceSchema = closedObject(
  {
    number: { type: 'string', description: 'PREFIX/YYYY/NNNNNN: unique within the financial year (April to March).' },
    date: isoDate,
    rental_id: { type: 'integer' },
    supplier: closedObject({ ...partySchema.properties, state_code: text }, [...partySchema.required, 'state_code']),
    buyer: partySchema,
    place_of_supply: closedObject({ state_code: text, state: text }, ['state_code', 'state']),
    reverse_charge: { type: 'boolean', description: 'Always false: the supplier pays the tax.' },
    sac: text,
    car: closedObject({ car_name: text, license_plate: text }, ['car_name', 'license_plate']),
    pick_up_date: isoDate,
    drop_off_date: isoDate,
    lines: { type: 'array', description: 'The rental’s lines, as quoted when it was booked.', items: quoteLineSchema },
    charges: {
      type: 'array',
      description: 'Charged at return: extra km, late hours, refuelling.',
      items: quoteLineSchema,
    },
    discount_paise: paise('The rental’s length discount.'),
    taxable_paise: paise('The taxable value of the lines and the charges.'),
    tax: taxSplitSchema,
    total_paise: paise('The invoice’s total: the rental’s total plus the charges.'),
    deposit_paise: paise('The deposit taken at pick-up.'),
    refund_paise: paise('The deposit less the charges, when it covers them.'),
    due_paise: paise('The charges beyond the deposit, still to pay.'),
  },
  [
    'number',
    'date',
    'rental_id',
    'supplier',
    'buyer',
    'place_of_supply',
    'reverse_charge',
    'sac',
    'car',
    'pick_up_date',
    'drop_off_date',
    'lines',
    'charges',
    'discount_paise',
    'taxable_paise',
    'tax',
    'total_paise',
    'deposit_paise',
    'refund_paise',
    'due_paise',
  ],
);

/**
 * A credit note (CGST Act s. 34) against an invoice: what it takes off, tax included, split the
 * way the invoice split its tax; its own serial, per financial year, and never changed.
 */
export const creditNoteSchema = closedObject(
  {
    id: {
      type: 'integer',
      description: 'Its id under the rental: `GET /api/rentals/{id}/credit-notes/{credit note id}`.',
    },
    number: {
      type: 'string',
      description: 'PREFIX/YYYY/NNNNNN, a series of its own: unique within the financial year.',
    },
    date: isoDate,
    rental_id: { type: 'integer' },
    invoice_number: text,
    invoice_date: isoDate,
    reason: text,
    supplier: issuedInvoiceSchema.properties.supplier,
    buyer: partySchema,
    place_of_supply: issuedInvoiceSchema.properties.place_of_supply,
    sac: text,
    taxable_paise: paise('The taxable value credited.'),
    tax: taxSplitSchema,
    total_paise: paise('What it takes off the invoice, tax included.'),
  },
  [
    'id',
    'number',
    'date',
    'rental_id',
    'invoice_number',
    'invoice_date',
    'reason',
    'supplier',
    'buyer',
    'place_of_supply',
    'sac',
    'taxable_paise',
    'tax',
    'total_paise',
  ],
);

/** A rental's tax invoice as read: as issued, with its credit notes and what is left of it after them. */
export const invoiceSchema = closedObject(
  {
    ...issuedInvoiceSchema.properties,
    credit_notes: { type: 'array', description: 'Oldest first.', items: creditNoteSchema },
    credited_paise: paise('The credit notes’ totals together.'),
    remaining_paise: paise('The invoice’s total less its credit notes.'),
    books: {
      ...rentalBooksSchema,
      description:
        'The rental’s payments as they stand now ("Paid", "Balance due"): they change after the invoice is issued, so they are not part of it, nor of its PDF.',
    },
  },
  [...issuedInvoiceSchema.required, 'credit_notes', 'credited_paise', 'remaining_paise', 'books'],
);

/** `POST /api/operator/bookings/{id}/credit-notes`. */
export const creditNoteRequestSchema = closedObject(
  {
    amount_paise: {
      type: 'integer',
      minimum: 1,
      maximum: Number.MAX_SAFE_INTEGER,
      description: 'What to credit, tax included; the whole of what is left of the invoice when left out.',
    },
    reason: { ...requestText(MAX_LENGTH.address), minLength: 1, description: 'Why, printed on the credit note.' },
  },
  ['reason'],
);

/** One of the signed-in customer's rentals with its money (`GET /api/rentals`), for the Profile's invoices. */
export const customerRentalSchema = closedObject(
  {
    id: { type: 'integer' },
    car: rentalSchema.properties.car,
    pick_up_date: isoDate,
    drop_off_date: isoDate,
    status: rentalSchema.properties.status,
    total_paise: paise('As quoted when booked.'),
    deposit_paise: paise('As quoted when booked.'),
    invoice: {
      anyOf: [closedObject({ number: text, date: isoDate }, ['number', 'date']), { type: 'null' }],
      description: 'Once the rental is completed.',
    },
    ...rentalBooksFields,
  },
  [
    'id',
    'car',
    'pick_up_date',
    'drop_off_date',
    'status',
    'total_paise',
    'deposit_paise',
    'invoice',
    'payments',
    'paid_paise',
    'due_paise',
  ],
);

export const customerRentalListSchema = { type: 'array', items: customerRentalSchema } as const;

export const loginSchema = closedObject(
  { email: requestText(MAX_LENGTH.email), password: secretText(MAX_LENGTH.password) },
  ['email', 'password'],
);
