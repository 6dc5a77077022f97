import { latestDropOff, latestPickUp, type DateRangeErrors } from '@rentora/shared';
import type { SearchState } from '@rentora/state';
import { useId, type ReactNode } from 'react';
import { cityOptionText, type CityCount } from './where-when';
import styles from './where-when-fields.module.css';

export interface WhereWhenFieldsProps {
  value: SearchState;
  onChange: (next: SearchState) => void;
  /** The Location's options after "Any city": the fleet's cities (`CityOptions`). */
  cityOptions: ReactNode;
  days: BookableDays;
  errors: DateRangeErrors;
  /** 'night' on the Home hero's dark picture, 'paper' on the fleet page. */
  tone: 'night' | 'paper';
}

/**
 * The days a pick-up may be on: today, in the business time zone, to MAX_DAYS_AHEAD later. A first
 * paint's are the server's tokens for them (`FIRST_PAINT_DAYS`): its HTML is built days before it
 * is sent.
 */
export interface BookableDays {
  today: string;
  lastPickUp: string;
}

export const bookableDays = (today: string): BookableDays => ({ today, lastPickUp: latestPickUp(today) });

/**
 * The fleet's cities as the Location's options; until they load, none. A location from a shared
 * link that is not (yet) in the list still shows as chosen.
 */
export function CityOptions({ cities, chosen }: { cities: readonly CityCount[]; chosen: string }) {
  const listed = chosen === '' || cities.some(({ city }) => city === chosen);
  return (
    <>
      {!listed && <option value={chosen}>{chosen}</option>}
      {cities.map((city) => (
        <option key={city.city} value={city.city}>
          {cityOptionText(city)}
        </option>
      ))}
    </>
  );
}

/** Location, Pick-Up Date and Drop-Off Date: the where and when of a search (docs/product.md §2). */
export function WhereWhenFields({ value, onChange, cityOptions, days, errors, tone }: WhereWhenFieldsProps) {
  const id = useId();
  const { today } = days;
  const set = (key: keyof SearchState) => (event: { target: { value: string } }) =>
    onChange({ ...value, [key]: event.target.value });

  return (
    <div className={[styles.fields, styles[tone]].join(' ')}>
      <div className={styles.field}>
        <label htmlFor={`${id}-location`} className={styles.label}>
          Location
        </label>
        <select
          id={`${id}-location`}
          name="location"
          className={[styles.control, styles.select].join(' ')}
          value={value.location}
          onChange={set('location')}
        >
          <option value="">Any city</option>
          {cityOptions}
        </select>
      </div>
      <DateField
        id={`${id}-pick-up`}
        name="pick_up_date"
        label="Pick-Up Date"
        value={value.pick_up_date}
        min={today}
        max={days.lastPickUp}
        error={errors.pick_up_date}
        onChange={set('pick_up_date')}
      />
      <DateField
        id={`${id}-drop-off`}
        name="drop_off_date"
        label="Drop-Off Date"
        value={value.drop_off_date}
        // A first paint's search is empty: its drop-off allows from today on, with no last day.
        min={value.pick_up_date > today ? value.pick_up_date : today}
        max={value.pick_up_date >= today ? latestDropOff(value.pick_up_date) : undefined}
        error={errors.drop_off_date}
        onChange={set('drop_off_date')}
      />
    </div>
  );
}

interface DateFieldProps {
  id: string;
  name: string;
  label: string;
  value: string;
  min: string;
  max: string | undefined;
  error: string | undefined;
  onChange: (event: { target: { value: string } }) => void;
}

function DateField({ id, name, label, value, min, max, error, onChange }: DateFieldProps) {
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="date"
        className={styles.control}
        value={value}
        min={min}
        max={max}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={onChange}
      />
      {/* The hint's line is always there, so a hint appearing moves nothing. */}
      <p id={`${id}-error`} className={styles.error}>
        {error}
      </p>
    </div>
  );
}
