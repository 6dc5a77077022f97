import type { AddOnPeriod, BookingForm, CarPrices, Vehicle } from '@rentora/shared';
import type { BlockReason, DepositMethod, RentalStage, Role, VehicleStatus } from '@rentora/shared/operator';
import type {
  OnlinePayment,
  PaymentKind,
  PaymentMethod,
  PaymentPurpose,
  PaymentStatus,
} from '@rentora/shared/payments';
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** Set by the database on insert, never written by the app afterwards. */
type CreatedAt = ColumnType<string, never, never>;
type UpdatedAt = ColumnType<string, never, string>;

export interface UsersTable {
  id: Generated<number>;
  name: string;
  /** Stored lower-cased; a unique index on lower(email) backs it up. */
  email: string;
  password_hash: string;
  avatar: string;
  created_at: CreatedAt;
  /** Moved on by "log out everywhere": a token issued at an older version is refused. */
  token_version: Generated<number>;
  /** Read on every signed-in request, so a change of role holds from the next request on. */
  role: Generated<Role>;
}

/** Written as 0 or 1 on both engines. */
type Flag = 0 | 1;
/** A column with a default: optional on insert. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;

/**
 * A car as stored: the API's Vehicle (`@rentora/shared/schemas`) with the public `_id` kept as
 * `slug`, and its lifecycle `status` in place of `availability` (true exactly when in service);
 * its pricing rules beside it, the two lists as JSON text.
 */
export type VehiclesTable = Omit<Vehicle, '_id' | 'availability'> & {
  date_prices: Defaulted<string>;
  length_discounts: Defaulted<string>;
  deposit: Defaulted<CarPrices['deposit']>;
  km_per_day: Defaulted<CarPrices['km_per_day']>;
  extra_km_price: Defaulted<CarPrices['extra_km_price']>;
  slug: string;
  status: VehicleStatus;
  /** Upper-case letters and digits only, unique. */
  license_plate: string;
  out_of_service_until: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  /** The email of who changed it last; null for the seeded fleet. */
  updated_by: string | null;
};

/** The booking form as sent (age as a number), with the price worked out and its state. */
export type RentalsTable = Omit<BookingForm, 'age'> & {
  id: Generated<number>;
  user_id: number;
  vehicle_id: number;
  age: number;
  days: number;
  total_price: number;
  /** Confirmed and picked-up rentals hold the car's days; the other stages free them. */
  stage: RentalStage;
  /** The stored quote (api/src/money/stored-quote.ts) as JSON; null when booked before quotes. */
  quote: Defaulted<string | null>;
  /** While the rental awaits its online payment: when its hold on its dates ends (ADR 0031). */
  hold_expires_at: Defaulted<string | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};

/** What the desk recorded at a rental's pick-up and return. */
export interface RentalHandoversTable {
  rental_id: number;
  pick_up_odometer: number | null;
  deposit_method: DepositMethod | null;
  deposit_reference: Defaulted<string>;
  return_odometer: number | null;
  returned_at: string | null;
  tank_full: Flag | null;
}

export interface AddOnsTable {
  id: Generated<number>;
  label: string;
  /** Whole rupees. */
  price: number;
  per: AddOnPeriod;
  offered: Defaulted<Flag>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** One row (id 1): the business's tax and invoice settings. */
export interface BusinessSettingsTable {
  id: 1;
  legal_name: string;
  address: string;
  gstin: string;
  state_code: string;
  /** The GST rate in hundredths of a percent: 1800 is 18%. */
  gst_rate_basis_points: number;
  sac: string;
  prices_include_tax: Flag;
  invoice_prefix: string;
  late_fee_per_hour: number;
  refuel_fee: number;
  credit_note_prefix: Defaulted<string>;
  /** The most kilometres a return may record per rental day. */
  max_km_per_day: Defaulted<number>;
  online_payment: Defaulted<OnlinePayment>;
  payment_hold_minutes: Defaulted<number>;
  /** `@rentora/shared/operator` CancellationPolicy, JSON. */
  cancellation_policy: Defaulted<string>;
  updated_at: UpdatedAt;
}

/** The last serial given in each financial year (`2627` for April 2026 to March 2027). */
export interface InvoiceSerialsTable {
  financial_year: string;
  last_serial: number;
}

export interface InvoicesTable {
  id: Generated<number>;
  rental_id: number;
  financial_year: string;
  serial: number;
  number: string;
  issued_on: string;
  /** The invoice as issued (`@rentora/shared/schemas` issuedInvoiceSchema), JSON. */
  body: string;
  /** Its PDF, rendered on the first request and kept: the invoice never changes. */
  pdf: Defaulted<Buffer | null>;
  created_at: CreatedAt;
}

/** The last serial given in each financial year to a credit note: a series of its own. */
export type CreditNoteSerialsTable = InvoiceSerialsTable;

export interface CreditNotesTable {
  id: Generated<number>;
  invoice_id: number;
  financial_year: string;
  serial: number;
  number: string;
  issued_on: string;
  /** What it takes off its invoice, tax included: the sum of an invoice's credit notes never passes its total. */
  total_paise: number;
  /** The credit note as issued (`@rentora/shared/schemas` creditNoteSchema), JSON. */
  body: string;
  pdf: Defaulted<Buffer | null>;
  created_at: CreatedAt;
}

/** One move of a rental's stage: from (null for none), to, when, who (an email), why. */
export interface RentalStageChangesTable {
  id: Generated<number>;
  rental_id: number;
  from_stage: RentalStage | null;
  to_stage: RentalStage;
  changed_at: CreatedAt;
  changed_by: string;
  reason: string;
}

/** Days a car is kept off the road, inclusive; they never overlap a rental holding the car nor another block. */
export interface VehicleBlocksTable {
  id: Generated<number>;
  vehicle_id: number;
  start_date: string;
  end_date: string;
  reason: BlockReason;
  note: string;
  created_at: CreatedAt;
  created_by: string;
}

/**
 * One charge or refund of a rental (ADR 0031): online (a gateway order, or a refund of its
 * payment) or recorded at the desk.
 */
export interface PaymentsTable {
  id: Generated<number>;
  rental_id: number;
  kind: PaymentKind;
  purpose: PaymentPurpose;
  method: PaymentMethod;
  amount_paise: number;
  status: PaymentStatus;
  /** An online charge's gateway order. */
  order_id: Defaulted<string | null>;
  /** The gateway's payment: the one that paid a charge, or the one a refund returns money of. */
  gateway_payment_id: Defaulted<string | null>;
  refund_id: Defaulted<string | null>;
  /** What an online refund is sent to the gateway with, so a retry never refunds twice. */
  idempotency_key: Defaulted<string | null>;
  reference: Defaulted<string>;
  /** An online charge's hold: past it, what is unpaid lapses. */
  expires_at: Defaulted<string | null>;
  /** A charge for a change of dates: the dates and price it changes to, JSON. */
  change_request: Defaulted<string | null>;
  recorded_by: Defaulted<string>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface GatewayEventsTable {
  event_id: string;
  event: string;
  received_at: CreatedAt;
}

export type BookingStatus = 201 | 409;

export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  /** What the first request asked for, so a key reused for another request is refused. */
  fingerprint: string;
  status_code: number;
  body: string;
  /** The whole answer, JSON, when it is more than a message (a booking with its payment). */
  answer: Defaulted<string | null>;
  created_at: CreatedAt;
}

/** A token logged out before it expires; its row goes once the token would have expired anyway. */
export interface RevokedTokensTable {
  jti: string;
  user_id: number;
  expires_at: string;
}

/**
 * One operator change: who (an email), what (`vehicle:<_id>`, `booking:<id>`, `user:<email>`,
 * `add-on:<id>`, `settings`), before and after as JSON.
 */
export interface AuditLogTable {
  id: Generated<number>;
  actor: string;
  action: string;
  subject: string;
  before: string | null;
  after: string | null;
  created_at: CreatedAt;
}

export interface Database {
  users: UsersTable;
  vehicles: VehiclesTable;
  rentals: RentalsTable;
  idempotency_keys: IdempotencyKeysTable;
  revoked_tokens: RevokedTokensTable;
  audit_log: AuditLogTable;
  rental_stage_changes: RentalStageChangesTable;
  vehicle_blocks: VehicleBlocksTable;
  rental_handovers: RentalHandoversTable;
  add_ons: AddOnsTable;
  business_settings: BusinessSettingsTable;
  invoice_serials: InvoiceSerialsTable;
  invoices: InvoicesTable;
  credit_note_serials: CreditNoteSerialsTable;
  credit_notes: CreditNotesTable;
  payments: PaymentsTable;
  gateway_events: GatewayEventsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type VehicleRow = Selectable<VehiclesTable>;
export type NewVehicle = Insertable<VehiclesTable>;
export type NewRental = Insertable<RentalsTable>;
