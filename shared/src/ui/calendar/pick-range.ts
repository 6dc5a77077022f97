import { rangesOverlap } from '../../rules/clash';
import { latestDropOff, latestPickUp } from '../../rules/date-range';
import type { BookedRange } from '../../types';

/** A range being picked on the calendar: the drop-off is '' until the second click. */
export type RangeSelection = BookedRange;

const isBooked = (day: string, booked: readonly BookedRange[]) =>
  booked.some((range) => range.pick_up_date <= day && day <= range.drop_off_date);

/**
 * Whether a day can be clicked next. A pick-up can be any free day from today up to the booking
 * limit; once one is chosen, a drop-off can be any later day up to the rental limit that leaves
 * no booked day between them. An earlier free day is always choosable: it starts over.
 */
export function isDayChoosable(
  day: string,
  selection: RangeSelection,
  booked: readonly BookedRange[],
  today: string,
): boolean {
  if (day < today || isBooked(day, booked)) return false;
  const { pick_up_date: pickUp, drop_off_date: dropOff } = selection;
  const picksDropOff = pickUp !== '' && dropOff === '' && day >= pickUp;
  if (!picksDropOff) return day <= latestPickUp(today);
  if (day > latestDropOff(pickUp)) return false;
  return !booked.some((range) => rangesOverlap(range, { pick_up_date: pickUp, drop_off_date: day }));
}

/** The selection after a click on a choosable day: the first click is the pick-up, the next the drop-off. */
export function pickDay(selection: RangeSelection, day: string): RangeSelection {
  const { pick_up_date: pickUp, drop_off_date: dropOff } = selection;
  if (pickUp === '' || dropOff !== '' || day < pickUp) return { pick_up_date: day, drop_off_date: '' };
  return { pick_up_date: pickUp, drop_off_date: day };
}
