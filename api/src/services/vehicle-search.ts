import type { VehicleSearch } from '@rentora/shared';
import { checkDateRange, isIsoDate, notIsoDate } from '@rentora/shared/rules';
import { ApiError } from '../errors';
import type { VehicleFilter } from '../repositories/vehicles';

export const BOTH_DATES = 'Give both pick_up_date and drop_off_date, or neither.';

/**
 * The query string of `GET /api/vehicles` read as a filter, or a 400 that says what is wrong.
 * Undefined when nothing is asked: the caller answers the whole fleet. The date rules and their
 * messages are the booking rules' own (docs/product.md §5).
 */
export function readVehicleSearch(query: VehicleSearch, today: string): VehicleFilter | undefined {
  const location = query.location?.trim() || undefined;
  const { pick_up_date: pickUp, drop_off_date: dropOff } = query;
  if (pickUp === undefined && dropOff === undefined) return location === undefined ? undefined : { location };
  if (pickUp === undefined || dropOff === undefined) throw new ApiError(400, BOTH_DATES);
  for (const [field, value] of [
    ['pick_up_date', pickUp],
    ['drop_off_date', dropOff],
  ] as const) {
    if (!isIsoDate(value)) throw new ApiError(400, notIsoDate(field));
  }
  const range = { pick_up_date: pickUp, drop_off_date: dropOff };
  const errors = checkDateRange(range, today);
  const problem = errors.pick_up_date ?? errors.drop_off_date;
  if (problem !== undefined) throw new ApiError(400, problem);
  return { location, range };
}
