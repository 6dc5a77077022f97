import { atom } from 'nanostores';

/**
 * Where and when the shopper looks, as the fleet page last set it from its URL: the detail page
 * highlights the range and the booking wizard starts from it. Blank values mean "not chosen".
 */
export interface SearchState {
  location: string;
  pick_up_date: string;
  drop_off_date: string;
}

export const EMPTY_SEARCH: SearchState = { location: '', pick_up_date: '', drop_off_date: '' };

export const $search = atom<SearchState>(EMPTY_SEARCH);

export function setSearch(next: SearchState): void {
  const current = $search.get();
  const unchanged = (Object.keys(next) as (keyof SearchState)[]).every((key) => next[key] === current[key]);
  if (!unchanged) $search.set(next);
}
