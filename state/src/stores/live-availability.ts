import { type CarAvailability, type Vehicle, type VehicleDetail, findClash } from '@rentora/shared';
import { atom, onMount } from 'nanostores';
import { useEffect } from 'react';
import { API_PATHS, apiUrl } from '../api/client';
import { readUrls, refreshReads, updateRead } from './reads';

/**
 * Whether the live availability stream carries changes now: `off` while no visible page needs
 * it, `unavailable` when it could not connect (pages then work as they do without it: the
 * wizard reads the car again on its Dates step).
 */
export type LiveStatus = 'off' | 'connecting' | 'live' | 'unavailable';

export const $liveStatus = atom<LiveStatus>('off');

/**
 * Each car's state as the stream last told it, by `_id`. Listening to this store is what opens
 * the tab's one stream (`GET /api/events`), shared by every remote on the page; it stays open
 * while someone listens and the page is visible (docs/architecture.md §3). Each event also
 * rewrites the page's reads of that car in place: its detail, the fleet's availability, and the
 * dated searches it leaves or may join.
 */
export const $liveCars = atom<Readonly<Record<string, CarAvailability>>>({});

const isDatedSearch = (url: string) => url.startsWith(`${API_PATHS.vehicles}?`) && url.includes('pick_up_date=');

function searchedRange(url: string) {
  const query = new URLSearchParams(url.slice(url.indexOf('?') + 1));
  return { pick_up_date: query.get('pick_up_date') ?? '', drop_off_date: query.get('drop_off_date') ?? '' };
}

function applyToReads(car: CarAvailability): void {
  updateRead<VehicleDetail>(API_PATHS.vehicle(car._id), (detail) => ({
    ...detail,
    availability: car.availability,
    booked: car.booked,
  }));
  updateRead<Vehicle[]>(API_PATHS.vehicles, (fleet) =>
    fleet.some((vehicle) => vehicle._id === car._id && vehicle.availability !== car.availability)
      ? fleet.map((vehicle) => (vehicle._id === car._id ? { ...vehicle, availability: car.availability } : vehicle))
      : fleet,
  );
  const rejoining: string[] = [];
  for (const url of readUrls().filter(isDatedSearch)) {
    const free = car.availability && findClash(car.booked, searchedRange(url)) === undefined;
    updateRead<Vehicle[]>(url, (found) => {
      const listed = found.some((vehicle) => vehicle._id === car._id);
      if (listed && !free) return found.filter((vehicle) => vehicle._id !== car._id);
      // Whether it is in the search's city too, only the API knows: ask it.
      if (!listed && free) rejoining.push(url);
      return found;
    });
  }
  if (rejoining.length > 0) refreshReads((url) => rejoining.includes(url));
}

/** After a time without the stream (a hidden tab), every car may have changed: ask the API again. */
function refreshCarReads(): void {
  refreshReads((url) => url.startsWith(API_PATHS.vehicles));
}

let source: EventSource | undefined;
let missedSome = false;

function connect(): void {
  if (source !== undefined) return;
  if (typeof EventSource === 'undefined') {
    $liveStatus.set('unavailable');
    return;
  }
  const opened = new EventSource(apiUrl(API_PATHS.events));
  source = opened;
  $liveStatus.set('connecting');
  opened.addEventListener('open', () => {
    $liveStatus.set('live');
    if (missedSome) refreshCarReads();
    missedSome = false;
  });
  opened.addEventListener('availability', (event) => {
    const car = JSON.parse((event as MessageEvent<string>).data) as CarAvailability;
    $liveCars.set({ ...$liveCars.get(), [car._id]: car });
    applyToReads(car);
  });
  opened.addEventListener('error', () => {
    // The browser reconnects by itself (sending Last-Event-ID) unless the answer was a refusal.
    if (opened.readyState === EventSource.CLOSED) {
      disconnect();
      $liveStatus.set('unavailable');
    } else $liveStatus.set('connecting');
  });
}

function disconnect(): void {
  if (source === undefined) return;
  source.close();
  source = undefined;
  missedSome = true;
  $liveStatus.set('off');
}

const followVisibility = () => {
  if (document.visibilityState === 'visible') connect();
  else disconnect();
};

onMount($liveCars, () => {
  followVisibility();
  document.addEventListener('visibilitychange', followVisibility);
  return () => {
    document.removeEventListener('visibilitychange', followVisibility);
    disconnect();
  };
});

/**
 * For a page that shows cars' availability: keeps the tab's stream open while it is mounted (and
 * the tab visible). Changes reach the page through the reads it already shows; this hook itself
 * renders nothing again.
 */
export function useLiveAvailability(needed = true): void {
  useEffect(() => (needed ? $liveCars.listen(() => undefined) : undefined), [needed]);
}
