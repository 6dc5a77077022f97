import { Button, formatDisplayDate } from '@rentora/shared';
import type { FleetQuery } from './fleet-query';
import styles from './fleet-page.module.css';

/** Each filter that is set, in words: what the shopper would loosen to see cars. */
export function describeFilters({ search, category, where }: FleetQuery): string[] {
  const { location, pick_up_date, drop_off_date } = where;
  return [
    search.trim() && `name “${search.trim()}”`,
    category && category.label,
    location && `in ${location}`,
    pick_up_date && drop_off_date && `free ${formatDisplayDate(pick_up_date)} to ${formatDisplayDate(drop_off_date)}`,
  ].filter((filter): filter is string => Boolean(filter));
}

export function EmptyResults({ query, onClear }: { query: FleetQuery; onClear: () => void }) {
  const filters = describeFilters(query);
  return (
    <div className={styles.empty}>
      <p>No cars found!</p>
      {filters.length > 0 && (
        <>
          <p className={styles.emptyFilters}>{`No car matches ${filters.join(', ')}.`}</p>
          <Button variant="secondary" onClick={onClear}>
            Clear filters
          </Button>
        </>
      )}
    </div>
  );
}
