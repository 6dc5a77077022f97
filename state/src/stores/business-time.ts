// The formatting entry alone: this module is part of the API client, which the platform's Node tooling loads too.
import { BUSINESS_TIME_ZONE, businessToday, isKnownTimeZone } from '@rentora/shared/format';
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';

/**
 * The API's business time zone (its `BUSINESS_TZ`), as the fleet's answers name it in their
 * `Business-Time-Zone` header. Every date rule of the pages counts "today" in it, so they never
 * offer a day the API refuses. India's until an answer says otherwise.
 */
export const $businessTimeZone = atom<string>(BUSINESS_TIME_ZONE);

/** Takes the zone an API answer named; a zone this browser does not know is ignored. */
export function setBusinessTimeZone(timeZone: string): void {
  if (timeZone !== $businessTimeZone.get() && isKnownTimeZone(timeZone)) $businessTimeZone.set(timeZone);
}

/** Today in the business time zone (YYYY-MM-DD), rendered again when the API names another zone. */
export function useBusinessToday(): string {
  return businessToday(useStore($businessTimeZone));
}
