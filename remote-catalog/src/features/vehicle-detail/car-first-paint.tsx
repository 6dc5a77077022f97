import { tokenVehicle } from '../../lib/first-paint-tokens';
import { BookButtonSkeleton, CalendarSkeleton, PromptSkeleton, RatingSkeleton } from './car-skeleton';
import { CarLayout } from './vehicle-detail';

const nothing = () => undefined;

/**
 * The car's page as its HTML paints it: the car's own fields, written in by the server from the
 * live car, and the skeleton's parts where the reader's session or the car's calendar decide.
 */
export function CarFirstPaint() {
  return (
    <CarLayout
      vehicle={tokenVehicle()}
      onOpenPhoto={nothing}
      rating={<RatingSkeleton />}
      booking={<BookButtonSkeleton />}
      prompt={<PromptSkeleton />}
      calendar={<CalendarSkeleton />}
    />
  );
}
