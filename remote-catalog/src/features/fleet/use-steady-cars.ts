import type { Vehicle } from '@rentora/shared';
import { useEffect, useState, type RefObject } from 'react';

export interface SteadyCars {
  /** The cars to show. */
  cars: readonly Vehicle[] | undefined;
  /** A newer list is held back: showing it would move cards the visitor can see. */
  held: boolean;
  showLatest: () => void;
}

/**
 * A dated search's cars as shown while cars are booked or freed elsewhere (the live stream
 * rewrites the search's answer). A change is shown at once when the first card it moves is below
 * the screen; otherwise it waits until the visitor asks for it, so nothing moves under the
 * pointer. A new search (`key`) is shown at once.
 */
export function useSteadyCars(
  key: string,
  latest: readonly Vehicle[] | undefined,
  arrange: (cars: readonly Vehicle[]) => readonly Vehicle[],
  list: RefObject<HTMLElement | null>,
): SteadyCars {
  const [shown, setShown] = useState({ key, cars: latest });
  const steady = shown.key === key && shown.cars !== undefined && latest !== undefined;
  const cars = steady ? shown.cars : latest;
  if (!steady && (shown.key !== key || shown.cars !== latest)) setShown({ key, cars: latest });
  const held = cars !== latest;

  useEffect(() => {
    if (!held || cars === undefined || latest === undefined) return;
    const before = arrange(cars);
    const after = arrange(latest);
    let first = 0;
    while (first < before.length && first < after.length && before[first]?._id === after[first]?._id) first += 1;
    // Measured at the next frame, where the layout the visitor sees is settled.
    const frame = requestAnimationFrame(() => {
      const firstMoved = list.current?.children[first];
      if (firstMoved === undefined || firstMoved.getBoundingClientRect().top >= window.innerHeight) {
        setShown({ key, cars: latest });
      }
    });
    return () => cancelAnimationFrame(frame);
  }, [held, cars, latest, arrange, list, key]);

  return { cars, held, showLatest: () => setShown({ key, cars: latest }) };
}
