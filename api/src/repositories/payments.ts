import type { IssuedInvoice } from '@rentora/shared';
import type { Payment, PaymentMethod, PaymentPurpose, PaymentStatus } from '@rentora/shared/payments';
import { sql } from 'kysely';
import type { Engine } from '../db/connect';
import { isoTimestamp, storedTimestamp } from '../db/timestamps';
import type { Executor } from './executor';

/** A payment row with what its settlement needs of its rental. */
export interface PaymentRecord {
  id: number;
  rental_id: number;
  kind: 'charge' | 'refund';
  purpose: PaymentPurpose;
  method: PaymentMethod;
  amount_paise: number;
  status: PaymentStatus;
  order_id: string | null;
  gateway_payment_id: string | null;
  refund_id: string | null;
  idempotency_key: string | null;
  expires_at: string | null;
  change_request: string | null;
  user_id: number;
  vehicle_id: number;
  stage: string;
  hold_expires_at: string | null;
}

const RECORD_COLUMNS = [
  'payments.id',
  'payments.rental_id',
  'payments.kind',
  'payments.purpose',
  'payments.method',
  'payments.amount_paise',
  'payments.status',
  'payments.order_id',
  'payments.gateway_payment_id',
  'payments.refund_id',
  'payments.idempotency_key',
  'payments.expires_at',
  'payments.change_request',
  'rentals.user_id',
  'rentals.vehicle_id',
  'rentals.stage',
  'rentals.hold_expires_at',
] as const;

function records(db: Executor) {
  return db.selectFrom('payments').innerJoin('rentals', 'rentals.id', 'payments.rental_id').select(RECORD_COLUMNS);
}

export async function findPayment(db: Executor, id: number): Promise<PaymentRecord | undefined> {
  return records(db).where('payments.id', '=', id).executeTakeFirst();
}

export async function findPaymentByOrder(db: Executor, orderId: string): Promise<PaymentRecord | undefined> {
  return records(db).where('payments.order_id', '=', orderId).executeTakeFirst();
}

/** A rental's online charges still waiting to be paid. */
export async function listPendingCharges(db: Executor, rentalId: number): Promise<PaymentRecord[]> {
  return records(db)
    .where('payments.rental_id', '=', rentalId)
    .where('payments.kind', '=', 'charge')
    .where('payments.status', '=', 'pending')
    .execute();
}

/** A payment and its rental, both locked until commit on PostgreSQL (SQLite has one writer). */
export async function findPaymentForUpdate(
  db: Executor,
  engine: Engine,
  where: { id: number } | { orderId: string },
): Promise<PaymentRecord | undefined> {
  let query = records(db);
  query =
    'id' in where ? query.where('payments.id', '=', where.id) : query.where('payments.order_id', '=', where.orderId);
  if (engine === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function insertPayment(
  db: Executor,
  payment: {
    rentalId: number;
    kind: 'charge' | 'refund';
    purpose: PaymentPurpose;
    method: PaymentMethod;
    amountPaise: number;
    status: PaymentStatus;
    gatewayPaymentId?: string | null;
    idempotencyKey?: string | null;
    expiresAt?: string | null;
    changeRequest?: string | null;
    reference?: string;
    recordedBy?: string;
  },
): Promise<number> {
  const { id } = await db
    .insertInto('payments')
    .values({
      rental_id: payment.rentalId,
      kind: payment.kind,
      purpose: payment.purpose,
      method: payment.method,
      amount_paise: payment.amountPaise,
      status: payment.status,
      gateway_payment_id: payment.gatewayPaymentId ?? null,
      idempotency_key: payment.idempotencyKey ?? null,
      expires_at: payment.expiresAt ?? null,
      change_request: payment.changeRequest ?? null,
      reference: payment.reference ?? '',
      recorded_by: payment.recordedBy ?? '',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updatePayment(
  db: Executor,
  id: number,
  change: Partial<{
    status: PaymentStatus;
    order_id: string;
    gateway_payment_id: string;
    refund_id: string;
    reference: string;
  }>,
): Promise<void> {
  await db
    .updateTable('payments')
    .set({ ...change, updated_at: sql<string>`CURRENT_TIMESTAMP` })
    .where('id', '=', id)
    .execute();
}

/** A rental's payments as the API answers them, oldest first. */
export async function listRentalPayments(db: Executor, rentalIds: readonly number[]): Promise<Map<number, Payment[]>> {
  const byRental = new Map<number, Payment[]>();
  if (rentalIds.length === 0) return byRental;
  const rows = await db
    .selectFrom('payments')
    .select([
      'id',
      'rental_id',
      'kind',
      'purpose',
      'method',
      'amount_paise',
      'status',
      'reference',
      'gateway_payment_id',
      'refund_id',
      'order_id',
      'created_at',
    ])
    .where('rental_id', 'in', rentalIds)
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const list = byRental.get(row.rental_id) ?? [];
    list.push({
      id: row.id,
      kind: row.kind,
      purpose: row.purpose,
      method: row.method,
      amount_paise: row.amount_paise,
      status: row.status,
      reference: row.reference || (row.refund_id ?? row.gateway_payment_id ?? row.order_id ?? ''),
      at: isoTimestamp(row.created_at),
    });
    byRental.set(row.rental_id, list);
  }
  return byRental;
}

/** Online charges still pending whose hold ended before `now`, or made more than `askAfterMs` before it. */
export async function listChargesToAsk(
  db: Executor,
  engine: Engine,
  now: number,
  askAfterMs: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('payments')
    .select('id')
    .where('kind', '=', 'charge')
    .where('method', '=', 'online')
    .where('status', '=', 'pending')
    .where((eb) =>
      eb.or([
        eb('expires_at', '<', storedTimestamp(engine, now)),
        eb('created_at', '<', storedTimestamp(engine, now - askAfterMs)),
      ]),
    )
    .orderBy('id')
    .limit(200)
    .execute();
  return rows.map((row) => row.id);
}

/** Online refunds the gateway has not yet confirmed: sent again (the same key) or read again by the sweep. */
export async function listPendingRefunds(db: Executor): Promise<number[]> {
  const rows = await db
    .selectFrom('payments')
    .select('id')
    .where('kind', '=', 'refund')
    .where('method', '=', 'online')
    .where('status', '=', 'pending')
    .orderBy('id')
    .limit(200)
    .execute();
  return rows.map((row) => row.id);
}

export async function findRefundByGatewayId(db: Executor, refundId: string): Promise<number | undefined> {
  const row = await db.selectFrom('payments').select('id').where('refund_id', '=', refundId).executeTakeFirst();
  return row?.id;
}

/** Keeps a webhook event's id; false when it was kept before (a repeat, to be ignored). */
export async function recordGatewayEvent(db: Executor, eventId: string, event: string): Promise<boolean> {
  const result = await db
    .insertInto('gateway_events')
    .values({ event_id: eventId, event })
    .onConflict((conflict) => conflict.column('event_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** A captured online charge, with what has been (or is being) refunded of it. */
export interface RefundableCharge {
  id: number;
  rental_id: number;
  purpose: PaymentPurpose;
  gateway_payment_id: string;
  amount_paise: number;
  refunded_paise: number;
}

/** The rental's captured online charges, newest first, each with its refunds so far (pending ones included). */
export async function listRefundableCharges(db: Executor, rentalId: number): Promise<RefundableCharge[]> {
  const rows = await db
    .selectFrom('payments')
    .select(['id', 'rental_id', 'kind', 'purpose', 'status', 'gateway_payment_id', 'amount_paise'])
    .where('rental_id', '=', rentalId)
    .where('method', '=', 'online')
    .orderBy('id', 'desc')
    .execute();
  const refunded = new Map<string, number>();
  for (const row of rows) {
    if (row.kind === 'refund' && row.status !== 'failed' && row.gateway_payment_id !== null) {
      refunded.set(row.gateway_payment_id, (refunded.get(row.gateway_payment_id) ?? 0) + row.amount_paise);
    }
  }
  return rows
    .filter((row) => row.kind === 'charge' && row.status === 'captured' && row.gateway_payment_id !== null)
    .map((row) => ({
      id: row.id,
      rental_id: row.rental_id,
      purpose: row.purpose,
      gateway_payment_id: row.gateway_payment_id ?? '',
      amount_paise: row.amount_paise,
      refunded_paise: refunded.get(row.gateway_payment_id ?? '') ?? 0,
    }));
}

/**
 * What was paid online for the rental and may still go back online: its captured online charges
 * net of their refunds, less what the desk gave back beyond what the desk took (a cash refund of
 * online money must lower what a later cancellation or change refunds online). Never below 0.
 */
export async function onlinePaidStillHeld(db: Executor, rentalId: number): Promise<number> {
  const charges = await listRefundableCharges(db, rentalId);
  const online = charges.reduce((sum, charge) => sum + charge.amount_paise - charge.refunded_paise, 0);
  const desk = await db
    .selectFrom('payments')
    .select(['kind', 'amount_paise'])
    .where('rental_id', '=', rentalId)
    .where('method', '!=', 'online')
    .where('status', 'in', ['captured', 'processed'])
    .execute();
  const deskNet = desk.reduce((sum, row) => sum + (row.kind === 'refund' ? row.amount_paise : -row.amount_paise), 0);
  return Math.max(0, online - Math.max(0, deskNet));
}

/** The issued invoices of some rentals, each as what it asks to be paid: one query for them all. */
export async function listInvoicedCosts(db: Executor, rentalIds: readonly number[]): Promise<Map<number, number>> {
  const costs = new Map<number, number>();
  if (rentalIds.length === 0) return costs;
  const rows = await db
    .selectFrom('invoices')
    .leftJoin('credit_notes', 'credit_notes.invoice_id', 'invoices.id')
    .select((eb) => [
      'invoices.rental_id',
      'invoices.body',
      eb.fn.coalesce(eb.fn.sum<number | string>('credit_notes.total_paise'), eb.lit(0)).as('credited'),
    ])
    .where('invoices.rental_id', 'in', rentalIds)
    .groupBy(['invoices.id', 'invoices.rental_id', 'invoices.body'])
    .execute();
  for (const row of rows) {
    const body = JSON.parse(row.body) as Pick<IssuedInvoice, 'total_paise' | 'deposit_paise' | 'refund_paise'>;
    // The deposit kept at return paid the charges it covered: the customer owes the rest.
    const keptDeposit = body.deposit_paise - body.refund_paise;
    const cost = Math.max(0, body.total_paise - Number(row.credited) - keptDeposit);
    costs.set(row.rental_id, (costs.get(row.rental_id) ?? 0) + cost);
  }
  return costs;
}

/** What the payments report keeps: payments made from `fromMs` until before `untilMs`, of a status and a method. */
export interface PaymentsFilter {
  fromMs: number;
  untilMs: number;
  status?: PaymentStatus;
  method?: PaymentMethod;
}

function reportedPayments(db: Executor, engine: Engine, filter: PaymentsFilter) {
  let query = db
    .selectFrom('payments')
    .where('payments.created_at', '>=', storedTimestamp(engine, filter.fromMs))
    .where('payments.created_at', '<', storedTimestamp(engine, filter.untilMs));
  if (filter.status !== undefined) query = query.where('payments.status', '=', filter.status);
  if (filter.method !== undefined) query = query.where('payments.method', '=', filter.method);
  return query;
}

/** The figures of every payment the filter keeps, for the report's sums (read through `payments_by_time`). */
export async function listPaymentFigures(db: Executor, engine: Engine, filter: PaymentsFilter) {
  const rows = await reportedPayments(db, engine, filter)
    .select(['kind', 'method', 'status', 'amount_paise', 'created_at'])
    .execute();
  return rows.map((row) => ({ ...row, at: isoTimestamp(row.created_at) }));
}

/** The payments the filter keeps, newest first, with their rentals' customers and cars: `limit` from `offset`. */
export async function listReportedPayments(
  db: Executor,
  engine: Engine,
  filter: PaymentsFilter,
  page: { limit: number; offset: number },
) {
  const rows = await reportedPayments(db, engine, filter)
    .innerJoin('rentals', 'rentals.id', 'payments.rental_id')
    .innerJoin('users', 'users.id', 'rentals.user_id')
    .innerJoin('vehicles', 'vehicles.id', 'rentals.vehicle_id')
    .select([
      'payments.id',
      'payments.rental_id',
      'payments.kind',
      'payments.purpose',
      'payments.method',
      'payments.amount_paise',
      'payments.status',
      'payments.reference',
      'payments.gateway_payment_id',
      'payments.refund_id',
      'payments.order_id',
      'payments.recorded_by',
      'payments.created_at',
      'users.name as customer_name',
      'vehicles.car_name',
    ])
    .orderBy('payments.created_at', 'desc')
    .orderBy('payments.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map(({ gateway_payment_id, refund_id, order_id, created_at, ...row }) => ({
    ...row,
    reference: row.reference || (refund_id ?? gateway_payment_id ?? order_id ?? ''),
    at: isoTimestamp(created_at),
  }));
}
