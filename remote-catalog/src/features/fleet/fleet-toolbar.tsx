import type { DateRangeErrors } from '@rentora/shared';
import { useId, type ReactNode } from 'react';
import { FLEET_CATEGORIES, type FleetCategory } from '../../lib/categories';
import { WhereWhenFields, type BookableDays } from '../../lib/where-when-fields';
import { SORT_OPTIONS, type FleetQuery, type SortOrder } from './fleet-query';
import styles from './fleet-toolbar.module.css';

export interface FleetToolbarProps {
  query: FleetQuery;
  onChange: (next: FleetQuery, replace?: boolean) => void;
  /** The Location's options (`CityOptions`). */
  cityOptions: ReactNode;
  days: BookableDays;
  dateErrors: DateRangeErrors;
}

export function FleetToolbar({ query, onChange, cityOptions, days, dateErrors }: FleetToolbarProps) {
  const searchId = useId();
  const sortId = useId();
  const chooseCategory = (category: FleetCategory | undefined) => onChange({ ...query, category });

  return (
    <div className={styles.toolbar}>
      <WhereWhenFields
        tone="paper"
        value={query.where}
        onChange={(where) => onChange({ ...query, where })}
        cityOptions={cityOptions}
        days={days}
        errors={dateErrors}
      />
      <div className={styles.controls}>
        <div className={styles.search}>
          <label htmlFor={searchId} className="visually-hidden">
            Search by car name
          </label>
          <svg className={styles.searchIcon} viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M16 16l4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <input
            id={searchId}
            className={styles.searchInput}
            type="search"
            name="search"
            placeholder="Search by car name"
            autoComplete="off"
            value={query.search}
            onChange={(event) => onChange({ ...query, search: event.target.value }, true)}
          />
        </div>
        <div className={styles.sort}>
          <label htmlFor={sortId} className={styles.sortLabel}>
            Sort by
          </label>
          <select
            id={sortId}
            name="sort"
            className={styles.select}
            value={query.sort}
            onChange={(event) => onChange({ ...query, sort: event.target.value as SortOrder })}
          >
            {SORT_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </div>

      <div className={styles.chips} role="group" aria-label="Category">
        <button
          type="button"
          className={styles.chip}
          aria-pressed={!query.category}
          onClick={() => chooseCategory(undefined)}
        >
          All cars
        </button>
        {FLEET_CATEGORIES.map((category) => (
          <button
            key={category.carType}
            type="button"
            className={styles.chip}
            aria-pressed={query.category === category}
            onClick={() => chooseCategory(query.category === category ? undefined : category)}
          >
            {category.label}
          </button>
        ))}
      </div>
    </div>
  );
}
