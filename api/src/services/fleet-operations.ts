import type {
  NewVehicle,
  OperatorVehicle,
  UpcomingRental,
  VehiclePatch,
  VehicleStatus,
} from '@rentora/shared/operator';
import { formatDisplayDate } from '@rentora/shared/format';
import { DEFAULT_CANCELLATION_POLICY } from '@rentora/shared/payments';
import { isPhotoOnHosts, photoHostMessage } from '@rentora/shared/rules';
import type { Kysely } from 'kysely';
import type { Engine } from '../db/connect';
import type { Database, VehicleRow } from '../db/schema';
import { runInTransaction } from '../db/transaction';
import { isUniqueViolation } from '../db/violations';
import { ApiError, vehicleNotFound } from '../errors';
import { checkCarRules, ruleColumns } from '../money/car-rules';
import { FEE_LABELS } from '../money/invoice';
import { recordAudit } from '../repositories/audit';
import {
  findVehicleForUpdate,
  insertVehicle,
  lockVehicleCreation,
  nextVehicleId,
  normalisePlate,
  plateTaken,
  slugsLike,
  toOperatorVehicle,
  updateVehicle,
} from '../repositories/operator-vehicles';
import { findRentalOnTheRoad, listUpcomingRentals, moveRentalStage } from '../repositories/rentals';
import type { Executor } from '../repositories/executor';
import { cancellationOutcome, settleCancellation } from './payments/cancellation';

export interface OperatorContext {
  db: Kysely<Database>;
  engine: Engine;
  /** Today in the business time zone, `YYYY-MM-DD`. */
  today: () => string;
}

/** What adding or changing a car needs beyond the rest: the hosts its photo may be on (`config.photoHosts`). */
export interface FleetContext extends OperatorContext {
  photoHosts: readonly string[];
  /** The business's time zone, for the refunds of rentals a move off the road cancels. */
  timeZone: string;
}

/** Who may move a car where (docs/decisions/0017-operator-side.md); `retired` is final. */
const STATUS_MOVES: Record<VehicleStatus, readonly VehicleStatus[]> = {
  draft: ['in_service', 'retired'],
  in_service: ['out_of_service', 'retired'],
  out_of_service: ['in_service', 'retired'],
  retired: [],
};

export const plateTakenMessage = (plate: string) => `Another car already has the licence plate ${plate}.`;
export const illegalMove = (from: VehicleStatus, to: VehicleStatus) =>
  `A car cannot move from ${from} to ${to}. Allowed from ${from}: ${STATUS_MOVES[from].join(', ') || 'nothing (retired is final)'}.`;
export const RETIRED_IS_FINAL = 'This car is retired: it can no longer be changed.';
export const NOTHING_TO_CHANGE = 'Nothing to change: send a field or a status.';
export const UNTIL_ONLY_OUT_OF_SERVICE = 'out_of_service_until can be set only on a car that is out of service.';
const CANCEL_REASONS = {
  out_of_service: 'The car was taken out of service.',
  retired: 'The car was retired.',
} as const;

/** `Mercedes-Benz S 500 4MATIC` → `mercedes-benz-s-500-4matic`: the shape of every `_id`. */
export function slugOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug === '' ? 'car' : slug;
}

async function freeSlug(db: Executor, name: string): Promise<string> {
  const base = slugOf(name);
  const taken = await slugsLike(db, base);
  let candidate = base;
  for (let n = 2; taken.has(candidate); n += 1) candidate = `${base}-${n}`;
  return candidate;
}

const duplicatePlate = (plate: string) => new ApiError(409, plateTakenMessage(plate));

/** Only the photo hosts the site's pages may show are taken, so no car points the site anywhere else. */
function checkPhotoHost(imageUrl: string, hosts: readonly string[]): void {
  if (!isPhotoOnHosts(imageUrl, hosts)) throw new ApiError(400, photoHostMessage(hosts));
}

/** Adds a car (a draft or in service) with an `_id` made from its name, never reused. */
export async function createVehicle(context: FleetContext, actor: string, input: NewVehicle): Promise<OperatorVehicle> {
  checkPhotoHost(input.image_url, context.photoHosts);
  const plate = normalisePlate(input.license_plate);
  checkCarRules(input);
  try {
    return await runInTransaction(context.db, async (trx) => {
      await lockVehicleCreation(trx, context.engine);
      if (await plateTaken(trx, plate)) throw duplicatePlate(plate);
      const row = await insertVehicle(trx, {
        ...ruleColumns(input),
        id: await nextVehicleId(trx),
        slug: await freeSlug(trx, input.car_name),
        license_plate: plate,
        out_of_service_until: null,
        updated_by: actor,
      });
      const vehicle = toOperatorVehicle(row);
      await recordAudit(trx, {
        actor,
        action: 'vehicle.created',
        subject: `vehicle:${vehicle._id}`,
        before: null,
        after: vehicle,
      });
      return vehicle;
    });
  } catch (error) {
    // Another writer took the plate between our check and our insert.
    if (isUniqueViolation(error)) throw duplicatePlate(plate);
    throw error;
  }
}

/** Two values of a field alike: the same scalar, or lists (a car's rules) of the same items. */
const alike = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/** What a PATCH changed, before and after, field by field. */
function difference(before: OperatorVehicle, after: OperatorVehicle) {
  const changed = (Object.keys(after) as (keyof OperatorVehicle)[]).filter(
    (key) => key !== 'updated_at' && key !== 'updated_by' && !alike(before[key], after[key]),
  );
  return {
    before: Object.fromEntries(changed.map((key) => [key, before[key]])),
    after: Object.fromEntries(changed.map((key) => [key, after[key]])),
  };
}

function checkStatusMove(vehicle: VehicleRow, to: VehicleStatus | undefined): void {
  if (vehicle.status === 'retired') throw new ApiError(409, RETIRED_IS_FINAL);
  if (to === undefined || to === vehicle.status) return;
  if (!STATUS_MOVES[vehicle.status].includes(to)) throw new ApiError(409, illegalMove(vehicle.status, to));
}

export const upcomingRentalsMessage = (rentals: UpcomingRental[]) =>
  `This car has upcoming rentals: ${rentals
    .map(
      (rental) =>
        `#${rental.id} (${formatDisplayDate(rental.pick_up_date)} to ${formatDisplayDate(rental.drop_off_date)})`,
    )
    .join(', ')}. Send "cancel_upcoming": true to cancel them.`;

/** The refusal names the rentals in words (clients read them) and lists them for a client to show. */
const upcomingRentalsRefusal = (rentals: UpcomingRental[]) =>
  new ApiError(409, upcomingRentalsMessage(rentals), undefined, { upcoming_rentals: rentals });

export const onTheRoadMessage = (rental: { id: number; drop_off_date: string }) =>
  `This car is out on rental #${rental.id}, due back on ${formatDisplayDate(rental.drop_off_date)}. ` +
  'Retire it once that rental is completed; taking it out of service stops new bookings meanwhile.';

export interface PatchResult {
  vehicle: OperatorVehicle;
  /** Rentals cancelled by `cancel_upcoming`. */
  cancelled: number[];
  /** The refunds their cancellation queued, to send once committed. */
  refunds: number[];
}

/**
 * Changes a car's fields and/or moves its status. Taking it off the road (out of service,
 * retired) with confirmed rentals ahead is refused, naming them, unless `cancel_upcoming` asks to
 * cancel them: each gets a history entry and an audit entry in this same transaction. Retiring a
 * car that is out on a rental (picked up) is refused, naming the rental and its return date.
 */
export async function patchVehicle(
  context: FleetContext,
  actor: string,
  slug: string,
  patch: VehiclePatch,
): Promise<PatchResult> {
  const { cancel_upcoming: cancelUpcoming, reason: given, ...fields } = patch;
  const reason = given?.trim() || undefined;
  // A reason or a permission to cancel alone changes nothing, and must not leave an empty audit entry.
  if (Object.keys(fields).length === 0) throw new ApiError(400, NOTHING_TO_CHANGE);
  checkCarRules(fields);
  const plate = fields.license_plate === undefined ? undefined : normalisePlate(fields.license_plate);
  const today = context.today();
  try {
    return await runInTransaction(context.db, async (trx) => {
      const row = await findVehicleForUpdate(trx, context.engine, slug);
      if (row === undefined) throw vehicleNotFound();
      checkStatusMove(row, fields.status);
      // A photo stored before its host was allowed stays until it is changed.
      if (fields.image_url !== undefined && fields.image_url !== row.image_url) {
        checkPhotoHost(fields.image_url, context.photoHosts);
      }
      const status = fields.status ?? row.status;
      if (fields.out_of_service_until != null && status !== 'out_of_service') {
        throw new ApiError(409, UNTIL_ONLY_OUT_OF_SERVICE);
      }
      if (plate !== undefined && (await plateTaken(trx, plate, row.id))) throw duplicatePlate(plate);

      const cancelled: number[] = [];
      const refunds: number[] = [];
      const clock = { now: Date.now(), timeZone: context.timeZone };
      if (status !== row.status && (status === 'out_of_service' || status === 'retired')) {
        // Retiring is final, and a car a customer is driving is still on the road.
        const onTheRoad = status === 'retired' ? await findRentalOnTheRoad(trx, row.id) : undefined;
        if (onTheRoad !== undefined) throw new ApiError(409, onTheRoadMessage(onTheRoad));
        // Retired is for good: every rental not picked up goes, a stale one whose days have passed
        // included, so none can be handed over later. Out of service, the past ones stay for the desk.
        const upcoming = await listUpcomingRentals(trx, row.id, status === 'retired' ? undefined : today);
        if (upcoming.length > 0 && cancelUpcoming !== true) throw upcomingRentalsRefusal(upcoming);
        const why = reason === undefined ? CANCEL_REASONS[status] : `${CANCEL_REASONS[status]} ${reason}`;
        for (const rental of upcoming) {
          const moved = await moveRentalStage(trx, {
            rentalId: rental.id,
            from: 'confirmed',
            to: 'cancelled',
            by: actor,
            reason: why,
          });
          // Its customer cancelled it meanwhile (PostgreSQL: the list was read before their commit,
          // the write after): this request did not cancel it, so it records nothing of it.
          if (!moved) continue;
          // The business cancels: whatever was paid online goes back in full (docs/decisions/0031-payments.md).
          const outcome = await cancellationOutcome(trx, rental.id, DEFAULT_CANCELLATION_POLICY, clock, 100);
          const settled = await settleCancellation(trx, rental.id, outcome, today, FEE_LABELS.cancelled);
          refunds.push(...settled.refunds);
          await recordAudit(trx, {
            actor,
            action: 'booking.stage_changed',
            subject: `booking:${rental.id}`,
            before: { stage: 'confirmed' },
            after: {
              stage: 'cancelled',
              reason: why,
              ...(outcome.refund_paise > 0 ? { refund_paise: outcome.refund_paise } : {}),
            },
          });
          cancelled.push(rental.id);
        }
      }

      const changes = {
        ...ruleColumns(fields),
        ...(plate === undefined ? {} : { license_plate: plate }),
        // Back in service (or retired), a date it was due back means nothing any more.
        ...(status === 'out_of_service' ? {} : { out_of_service_until: null }),
      };
      const current = toOperatorVehicle(row);
      // A car saved as it is (the form sent unedited, its status sent again) is left as it is: no
      // write, no empty audit entry, `updated_at` and `updated_by` kept.
      const same = (key: string, value: unknown) => row[key as keyof VehicleRow] === value;
      if (Object.entries(changes).every(([key, value]) => same(key, value)))
        return { vehicle: current, cancelled, refunds };
      const updated = await updateVehicle(trx, row.id, { ...changes, updated_by: actor });
      const vehicle = toOperatorVehicle(updated);
      const { before, after } = difference(current, vehicle);
      await recordAudit(trx, {
        actor,
        action: status === row.status ? 'vehicle.updated' : 'vehicle.status_changed',
        subject: `vehicle:${vehicle._id}`,
        before,
        after: reason === undefined ? after : { ...after, reason },
      });
      return { vehicle, cancelled, refunds };
    });
  } catch (error) {
    if (plate !== undefined && isUniqueViolation(error)) throw duplicatePlate(plate);
    throw error;
  }
}
