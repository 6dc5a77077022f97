/**
 * The operator side's shapes (docs/decisions/0017-operator-side.md), each written once as a JSON
 * Schema that the API validates and serialises with, and each TypeScript type derived from it.
 * A car's public fields reuse `vehicleSchema`'s own, so a field is checked alike everywhere.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { LICENSE_PLATE_PATTERN } from './rules/patterns';
import { MAX_DATE_PRICES, MAX_DISCOUNT_PERCENT, MAX_LENGTH_DISCOUNTS } from './rules/car-prices';
import { MAX_RENTAL_DAYS } from './rules/date-range';
import { paymentSettingsFields, rentalBooksFields } from './payments';
import {
  MAX_LENGTH,
  choice,
  closedObject,
  filledText,
  isoDate,
  nullableText,
  optionalFields,
  requestText,
  text,
} from './schema-parts';
import {
  ADD_ON_PERIODS,
  CAR_FIELDS,
  type CarField,
  ROLES,
  addOnFields,
  carPricesSchema,
  vehicleSchema,
} from './schemas';

export { ROLES };
export type Role = (typeof ROLES)[number];

export const VEHICLE_STATUSES = ['draft', 'in_service', 'out_of_service', 'retired'] as const;
export type VehicleStatus = (typeof VEHICLE_STATUSES)[number];
/** A new car starts as a draft or goes straight into service. */
export const NEW_VEHICLE_STATUSES = ['draft', 'in_service'] as const;

export const BLOCK_REASONS = ['maintenance', 'repair', 'detailing', 'off_platform', 'other'] as const;
export type BlockReason = (typeof BLOCK_REASONS)[number];

export const RENTAL_STAGES = ['confirmed', 'picked_up', 'completed', 'cancelled', 'no_show'] as const;
export type RentalStage = (typeof RENTAL_STAGES)[number];

export const VEHICLE_SORTS = [
  'id',
  'car_name',
  'brand_name',
  'location',
  'price_per_day',
  'status',
  'license_plate',
  'updated_at',
] as const;
export const BOOKING_SORTS = [
  'id',
  'pick_up_date',
  'drop_off_date',
  'created_at',
  'total_price',
  'days',
  'stage',
] as const;
export const SORT_ORDERS = ['asc', 'desc'] as const;

export const MAX_PER_PAGE = 100;
export const DEFAULT_PER_PAGE = 20;
export const AUDIT_PER_PAGE = 50;
export const MAX_NOTE_LENGTH = 500;

/** Query strings arrive as text (the API does not coerce types): a whole number from 1. */
const page = {
  type: 'string',
  pattern: '^[1-9][0-9]{0,5}$',
  maxLength: 6,
  description: 'A whole number from 1.',
} as const;
const perPage = {
  type: 'string',
  pattern: '^(?:[1-9][0-9]?|100)$',
  maxLength: 3,
  description: `A whole number from 1 to ${MAX_PER_PAGE}.`,
} as const;

const car = vehicleSchema.properties;
const prices = carPricesSchema.properties;
/** Whole rupees, from 0 (none) to `maximum`. */
const rupees = (maximum: number, description: string) =>
  ({ type: 'integer', minimum: 0, maximum, description }) as const;

/** A car's pricing rules (docs/decisions/0024-money.md), as an operator sends them; each defaults to none. */
const carRuleFields = {
  date_prices: {
    type: 'array',
    maxItems: MAX_DATE_PRICES,
    items: closedObject(
      {
        start_date: isoDate,
        end_date: isoDate,
        price_per_day: { ...car.price_per_day, minimum: 1, maximum: 100_000_000 },
      },
      ['start_date', 'end_date', 'price_per_day'],
    ),
    description: prices.date_prices.description,
  },
  length_discounts: {
    type: 'array',
    maxItems: MAX_LENGTH_DISCOUNTS,
    items: closedObject(
      {
        min_days: { type: 'integer', minimum: 2, maximum: MAX_RENTAL_DAYS },
        percent: { type: 'integer', minimum: 1, maximum: MAX_DISCOUNT_PERCENT },
      },
      ['min_days', 'percent'],
    ),
    description: prices.length_discounts.description,
  },
  deposit: rupees(10_000_000, prices.deposit.description),
  km_per_day: { ...prices.km_per_day, minimum: 0, maximum: 100_000 },
  extra_km_price: rupees(100_000, prices.extra_km_price.description),
} as const;

/** What an operator may write in each of a car's public fields. */
const carFieldRules = {
  car_name: filledText(MAX_LENGTH.name),
  brand_name: filledText(MAX_LENGTH.name),
  car_type: choice(car.car_type.enum),
  seating_capacity: { ...car.seating_capacity, minimum: 1, maximum: 50 },
  price_per_day: { ...car.price_per_day, minimum: 1, maximum: 100_000_000 },
  image_url: { ...requestText(2_000, car.image_url.description), pattern: car.image_url.pattern },
  location: filledText(MAX_LENGTH.city),
  customer_ratings: car.customer_ratings,
  description: filledText(4_000),
  model_year: { ...car.model_year, minimum: 1900, maximum: 2100 },
  average: { ...car.average, minimum: 0, maximum: 1_000 },
  fuel_type: filledText(MAX_LENGTH.short),
  engine: filledText(MAX_LENGTH.short),
  transmission: filledText(MAX_LENGTH.short),
} as const satisfies Record<CarField, object>;

/** Every field of a car an operator writes: the public ones, its plate and its pricing rules. */
const vehicleFields = {
  ...carFieldRules,
  license_plate: {
    ...requestText(20, 'Letters and digits, spaces or hyphens between; stored upper-case without them.'),
    pattern: LICENSE_PLATE_PATTERN.source,
  },
  ...carRuleFields,
} as const;

export const newVehicleSchema = closedObject({ ...vehicleFields, status: choice(NEW_VEHICLE_STATUSES) }, [
  ...CAR_FIELDS,
  'license_plate',
  'status',
]);

export const vehiclePatchSchema = {
  ...optionalFields({
    ...vehicleFields,
    status: choice(VEHICLE_STATUSES),
    out_of_service_until: { anyOf: [isoDate, { type: 'null' }], description: 'YYYY-MM-DD, or null to clear it.' },
    cancel_upcoming: {
      type: 'boolean',
      description: 'With a move out of service or to retired: cancel the upcoming rentals that would stop it.',
    },
    reason: requestText(
      MAX_NOTE_LENGTH,
      "Why: kept in the audit log with the change, and in each cancelled rental's history.",
    ),
  }),
  minProperties: 1,
} as const;

export const operatorVehicleSchema = closedObject(
  {
    ...car,
    ...prices,
    status: { type: 'string', enum: VEHICLE_STATUSES },
    license_plate: text,
    out_of_service_until: nullableText,
    created_at: text,
    updated_at: text,
    updated_by: { ...nullableText, description: 'The email of who changed it last; null for the seeded fleet.' },
  },
  [
    ...vehicleSchema.required,
    ...carPricesSchema.required,
    'status',
    'license_plate',
    'out_of_service_until',
    'created_at',
    'updated_at',
    'updated_by',
  ],
);

/** A confirmed rental that stops its car leaving the road: which, when, and whose. */
export const upcomingRentalSchema = closedObject(
  {
    id: { type: 'integer' },
    pick_up_date: isoDate,
    drop_off_date: isoDate,
    customer: { ...text, description: 'The renter’s name.' },
  },
  ['id', 'pick_up_date', 'drop_off_date', 'customer'],
);

/** A refused car change: `message` always; `upcoming_rentals` when rentals ahead stop it leaving the road. */
export const vehicleConflictSchema = closedObject(
  {
    message: text,
    upcoming_rentals: {
      type: 'array',
      items: upcomingRentalSchema,
      description:
        'Only when the car would go out of service or retire over confirmed rentals, earliest first; send `cancel_upcoming: true` to cancel them with the move.',
    },
  },
  ['message'],
);

export const vehicleListQuerySchema = optionalFields({
  status: choice(VEHICLE_STATUSES),
  location: requestText(MAX_LENGTH.city),
  q: requestText(MAX_LENGTH.name),
  sort: choice(VEHICLE_SORTS),
  order: choice(SORT_ORDERS),
  page,
  per_page: perPage,
});

export const vehicleListSchema = closedObject(
  { items: { type: 'array', items: operatorVehicleSchema }, total: { type: 'integer' } },
  ['items', 'total'],
);

export const newBlockSchema = closedObject(
  {
    start_date: isoDate,
    end_date: isoDate,
    reason: choice(BLOCK_REASONS),
    note: requestText(MAX_NOTE_LENGTH),
  },
  ['start_date', 'end_date', 'reason'],
);

export const blockSchema = closedObject(
  {
    id: { type: 'integer' },
    start_date: isoDate,
    end_date: isoDate,
    reason: { type: 'string', enum: BLOCK_REASONS },
    note: text,
    created_at: text,
    created_by: text,
  },
  ['id', 'start_date', 'end_date', 'reason', 'note', 'created_at', 'created_by'],
);

export const blockListSchema = { type: 'array', items: blockSchema } as const;

export const bookingListQuerySchema = optionalFields({
  stage: choice(RENTAL_STAGES),
  location: requestText(MAX_LENGTH.city),
  vehicle: requestText(MAX_LENGTH.id),
  customer: requestText(MAX_LENGTH.email),
  from: { ...isoDate, description: 'Rentals with a day on or after this one.' },
  to: { ...isoDate, description: 'Rentals with a day on or before this one.' },
  pick_up_date: { ...isoDate, description: 'Rentals picked up on this day.' },
  drop_off_date: { ...isoDate, description: 'Rentals returned on this day.' },
  drop_off_before: { ...isoDate, description: 'Rentals due back before this day (with stage=picked_up: overdue).' },
  sort: choice(BOOKING_SORTS),
  order: choice(SORT_ORDERS),
  page,
  per_page: perPage,
});

export const operatorBookingSchema = closedObject(
  {
    id: { type: 'integer' },
    vehicle_id: { type: 'string', description: 'The car’s public `_id`.' },
    car_name: text,
    location: text,
    customer_name: text,
    customer_email: text,
    pick_up_date: isoDate,
    drop_off_date: isoDate,
    days: { type: 'integer' },
    total_price: { type: 'integer' },
    stage: { type: 'string', enum: RENTAL_STAGES },
    created_at: text,
    deposit_paise: { type: 'integer', description: 'The deposit due at pick-up, as quoted when booked.' },
    km_included: {
      type: 'integer',
      description:
        'Kilometres the rental includes in all (its days × the car’s allowance when booked); 0 for no limit.',
    },
    hold_expires_at: {
      type: ['string', 'null'],
      description:
        'While the rental awaits its online payment: until when it holds its dates (ISO 8601); null otherwise.',
    },
    ...rentalBooksFields,
  },
  [
    'id',
    'vehicle_id',
    'car_name',
    'location',
    'customer_name',
    'customer_email',
    'pick_up_date',
    'drop_off_date',
    'days',
    'total_price',
    'stage',
    'created_at',
    'deposit_paise',
    'km_included',
    'hold_expires_at',
    'payments',
    'paid_paise',
    'due_paise',
  ],
);

export const bookingListSchema = closedObject(
  { items: { type: 'array', items: operatorBookingSchema }, total: { type: 'integer' } },
  ['items', 'total'],
);

export const DEPOSIT_METHODS = ['cash', 'upi', 'card'] as const;
export type DepositMethod = (typeof DEPOSIT_METHODS)[number];
export const MAX_ODOMETER = 10_000_000;

export const stageMoveSchema = closedObject(
  {
    to: choice(RENTAL_STAGES),
    reason: requestText(MAX_NOTE_LENGTH),
    odometer: {
      type: 'integer',
      minimum: 0,
      maximum: MAX_ODOMETER,
      description: 'Kilometres on the clock, with a move to picked_up (hand-over) or completed (return).',
    },
    deposit: {
      ...closedObject({ method: choice(DEPOSIT_METHODS), reference: requestText(100) }, ['method']),
      description: 'With a move to picked_up: the deposit was taken, how, and its reference (a UPI or card slip id).',
    },
    returned_at: requestText(
      40,
      'With a move to completed: when the car came back, ISO 8601 with a zone; now when left out.',
    ),
    tank_full: { type: 'boolean', description: 'With a move to completed: false charges the refuel fee.' },
    refund_percent: {
      type: 'integer',
      minimum: 0,
      maximum: 100,
      description:
        'With a move to cancelled: how much of what was paid online goes back (100 when left out); less than 100 is for admins, with a reason.',
    },
  },
  ['to'],
);

export const stageChangeSchema = closedObject(
  {
    from: { type: ['string', 'null'], enum: [...RENTAL_STAGES, null] },
    to: { type: 'string', enum: RENTAL_STAGES },
    at: text,
    by: text,
    reason: text,
  },
  ['from', 'to', 'at', 'by', 'reason'],
);

export const bookingHistorySchema = { type: 'array', items: stageChangeSchema } as const;

/** Any role an admin gives an account, admin too (docs/decisions/0020-staff-and-trust.md). */
export const roleChangeSchema = closedObject({ role: choice(ROLES) }, ['role']);

export const teamMemberSchema = closedObject({ email: text, name: text, role: { type: 'string', enum: ROLES } }, [
  'email',
  'name',
  'role',
]);

export const teamSchema = closedObject({ items: { type: 'array', items: teamMemberSchema } }, ['items']);

const recorded = { type: ['object', 'null'], additionalProperties: true } as const;

export const auditEntrySchema = closedObject(
  {
    id: { type: 'integer' },
    actor: { ...text, description: 'The email of who made the change.' },
    action: text,
    subject: {
      ...text,
      description: '`vehicle:<_id>`, `booking:<id>`, `user:<email>`, `add-on:<id>` or `settings`.',
    },
    before: recorded,
    after: recorded,
    created_at: text,
  },
  ['id', 'actor', 'action', 'subject', 'before', 'after', 'created_at'],
);

export const auditPageSchema = closedObject(
  { items: { type: 'array', items: auditEntrySchema }, total: { type: 'integer' } },
  ['items', 'total'],
);

export const auditQuerySchema = optionalFields({ page });

export const operatorAddOnSchema = closedObject(
  { id: { type: 'integer' }, ...addOnFields, offered: { type: 'boolean' } },
  ['id', 'label', 'price', 'per', 'offered'],
);

const addOnInput = {
  label: filledText(MAX_LENGTH.name),
  price: { ...addOnFields.price, minimum: 1, maximum: 10_000_000 },
  per: choice(ADD_ON_PERIODS),
  offered: {
    type: 'boolean',
    description: 'False withdraws it: no new quote offers it; rentals that chose it keep it.',
  },
} as const;

export const newAddOnSchema = closedObject(addOnInput, ['label', 'price', 'per']);
export const addOnPatchSchema = { ...optionalFields(addOnInput), minProperties: 1 } as const;
export const operatorAddOnListSchema = closedObject({ items: { type: 'array', items: operatorAddOnSchema } }, [
  'items',
]);

/** Up to four capitals or digits: the invoice serial is prefix/YYYY/NNNNNN, at most 16 characters. */
export const INVOICE_PREFIX_PATTERN = /^[A-Z0-9]{1,4}$/;
export const SAC_PATTERN = /^(?:\d{4,8})?$/;
export const STATE_CODE_PATTERN = /^(?:\d{2})?$/;

/** The most a car can be driven in a day, at most: the ceiling of `max_km_per_day`. */
export const MAX_KM_PER_DAY_BOUND = 10_000;

/** The business's tax and invoice settings (docs/decisions/0024-money.md, 0030): what an admin reads. */
export const businessSettingsSchema = closedObject(
  {
    legal_name: { ...filledText(MAX_LENGTH.name), description: 'The supplier’s name on invoices.' },
    address: requestText(MAX_LENGTH.address, 'The supplier’s address on invoices.'),
    gstin: requestText(20, 'The business’s GSTIN, empty when not registered; its first two digits must be state_code.'),
    state_code: {
      type: 'string',
      pattern: STATE_CODE_PATTERN.source,
      maxLength: 2,
      description: 'Two digits: the business’s GST state, which decides CGST + SGST against IGST; empty when unknown.',
    },
    gst_rate: {
      type: 'number',
      minimum: 0,
      maximum: 100,
      multipleOf: 0.01,
      description:
        'Percent, e.g. 18; 0 (the default) charges no tax. A setting, as the rate on car rental is disputed.',
    },
    sac: {
      type: 'string',
      pattern: SAC_PATTERN.source,
      maxLength: 8,
      description: 'The services accounting code printed on invoices (e.g. 997311), or empty.',
    },
    prices_include_tax: {
      type: 'boolean',
      description: 'True (the default): prices are what the customer pays, tax inside. False: tax is added to them.',
    },
    invoice_prefix: {
      type: 'string',
      pattern: INVOICE_PREFIX_PATTERN.source,
      maxLength: 4,
      description: 'One to four capitals or digits starting every invoice serial (PREFIX/2627/000001).',
    },
    late_fee_per_hour: rupees(1_000_000, 'Rupees for each hour a return is late, after an hour’s grace.'),
    refuel_fee: rupees(1_000_000, 'Rupees charged when a car comes back without a full tank.'),
    credit_note_prefix: {
      type: 'string',
      pattern: INVOICE_PREFIX_PATTERN.source,
      maxLength: 4,
      description:
        'One to four capitals or digits starting every credit note serial (CN/2627/000001); not the invoice prefix.',
    },
    max_km_per_day: {
      type: 'integer',
      minimum: 1,
      maximum: MAX_KM_PER_DAY_BOUND,
      description: 'The most kilometres a return may record per rental day (default 2,000): more is refused as a slip.',
    },
    ...paymentSettingsFields,
  },
  [
    'legal_name',
    'address',
    'gstin',
    'state_code',
    'gst_rate',
    'sac',
    'prices_include_tax',
    'invoice_prefix',
    'late_fee_per_hour',
    'refuel_fee',
    'credit_note_prefix',
    'max_km_per_day',
    'online_payment',
    'payment_hold_minutes',
    'cancellation_policy',
  ],
);

/** What `PUT /api/operator/settings` takes: every setting, but those added after the first ten are kept as they are when left out. */
export const businessSettingsUpdateSchema = closedObject(businessSettingsSchema.properties, [
  'legal_name',
  'address',
  'gstin',
  'state_code',
  'gst_rate',
  'sac',
  'prices_include_tax',
  'invoice_prefix',
  'late_fee_per_hour',
  'refuel_fee',
]);

export type NewVehicle = FromSchema<typeof newVehicleSchema>;
export type VehiclePatch = FromSchema<typeof vehiclePatchSchema>;
export type OperatorVehicle = FromSchema<typeof operatorVehicleSchema>;
export type UpcomingRental = FromSchema<typeof upcomingRentalSchema>;
export type VehicleConflict = FromSchema<typeof vehicleConflictSchema>;
export type VehicleListQuery = FromSchema<typeof vehicleListQuerySchema>;
export type VehicleList = FromSchema<typeof vehicleListSchema>;
export type NewBlock = FromSchema<typeof newBlockSchema>;
export type Block = FromSchema<typeof blockSchema>;
export type BookingListQuery = FromSchema<typeof bookingListQuerySchema>;
export type OperatorBooking = FromSchema<typeof operatorBookingSchema>;
export type BookingList = FromSchema<typeof bookingListSchema>;
export type StageMove = FromSchema<typeof stageMoveSchema>;
export type StageChange = FromSchema<typeof stageChangeSchema>;
export type RoleChange = FromSchema<typeof roleChangeSchema>;
export type TeamMember = FromSchema<typeof teamMemberSchema>;
export type AuditEntry = FromSchema<typeof auditEntrySchema>;
export type AuditPage = FromSchema<typeof auditPageSchema>;
export type OperatorAddOn = FromSchema<typeof operatorAddOnSchema>;
export type NewAddOn = FromSchema<typeof newAddOnSchema>;
export type AddOnPatch = FromSchema<typeof addOnPatchSchema>;
export type BusinessSettings = FromSchema<typeof businessSettingsSchema>;
export type BusinessSettingsUpdate = FromSchema<typeof businessSettingsUpdateSchema>;

// The staff side's payments shapes, from the one place the browser's operator code imports.
export {
  DESK_METHODS,
  HOLD_MINUTES,
  MAX_POLICY_TIERS,
  ONLINE_PAYMENT_MODES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
} from './payments';
export type {
  CancellationPolicy,
  OnlinePayment,
  Payment,
  PaymentKind,
  PaymentMethod,
  PaymentStatus,
  PaymentsReport,
  DeskPayment,
} from './payments';
