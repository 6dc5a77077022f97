import { DEFAULT_PER_PAGE } from '@rentora/shared/operator';
import { useSearchParams } from '@rentora/state/router';
import type { Sort, SortOrder } from './data-table';

export const PER_PAGE = DEFAULT_PER_PAGE;

export interface ListQuery {
  /** The filters as the URL has them, by name; '' when unset. */
  filter: (name: string) => string;
  sort: Sort;
  page: number;
  /** The API's query for this view: the set filters, sort, order, page and per_page. */
  apiQuery: string;
  setFilter: (name: string, value: string) => void;
  setSort: (sort: Sort) => void;
  setPage: (page: number) => void;
}

/**
 * A list's filters, sort and page, kept in the page's URL (so Back, a reload and a shared link
 * show the same view) and sent to the server, which filters, sorts and pages.
 */
export function useListQuery(filters: readonly string[], defaultSort: Sort): ListQuery {
  const [params, setParams] = useSearchParams();
  const order: SortOrder =
    params.get('order') === 'desc' ? 'desc' : params.get('order') === 'asc' ? 'asc' : defaultSort.order;
  const sort: Sort = { key: params.get('sort') || defaultSort.key, order };
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);

  const api = new URLSearchParams();
  for (const name of filters) {
    const value = params.get(name);
    if (value) api.set(name, value);
  }
  api.set('sort', sort.key);
  api.set('order', sort.order);
  api.set('page', String(page));
  api.set('per_page', String(PER_PAGE));

  function update(changes: Record<string, string>) {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(changes)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    setParams(next, { replace: true });
  }

  return {
    filter: (name) => params.get(name) ?? '',
    sort,
    page,
    apiQuery: api.toString(),
    // A new filter or sort starts again from the first page.
    setFilter: (name, value) => update({ [name]: value, page: '' }),
    setSort: (next) => update({ sort: next.key, order: next.order, page: '' }),
    setPage: (next) => update({ page: next > 1 ? String(next) : '' }),
  };
}
