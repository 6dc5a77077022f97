import { Calendar, dayPriceOf, isDayChoosable, pickDay } from '@rentora/shared/calendar';
import type { BookedRange, VehiclePrices } from '@rentora/shared';

export interface DatesCalendarProps {
  booked: readonly BookedRange[];
  today: string;
  /** The form's dates as typed or picked so far. */
  range: BookedRange;
  onPick: (range: BookedRange) => void;
  /** The car's rules, once read: each day gives its price on hover or focus. */
  prices: VehiclePrices | undefined;
}

/** The Dates step's calendar: click the pick-up day, then the drop-off day; booked days refuse. */
export function DatesCalendar({ booked, today, range, onPick, prices }: DatesCalendarProps) {
  return (
    <Calendar
      label="Choose your dates"
      today={today}
      booked={booked}
      selected={range}
      isChoosable={(day) => isDayChoosable(day, range, booked, today)}
      onChoose={(day) => onPick(pickDay(range, day))}
      priceOf={prices && dayPriceOf(prices, today)}
    />
  );
}
