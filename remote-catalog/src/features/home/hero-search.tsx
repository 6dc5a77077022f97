import { Button } from '@rentora/shared';
import { $search, $vehicles, setSearch, useBusinessToday, useStore, type SearchState } from '@rentora/state';
import { useNavigate } from '@rentora/state/router';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { DateRangeErrors } from '@rentora/shared';
import { cityCounts, dateProblems, writeWhereWhen } from '../../lib/where-when';
import { bookableDays, CityOptions, WhereWhenFields, type BookableDays } from '../../lib/where-when-fields';
import styles from './hero-search.module.css';

/** The hero's where-and-when form: it opens the fleet list filtered to the city and dates. */
export function HeroSearch() {
  const navigate = useNavigate();
  const { data: vehicles } = useStore($vehicles);
  const [value, setValue] = useState<SearchState>(() => $search.get());
  const [submitted, setSubmitted] = useState(false);
  const today = useBusinessToday();
  const problems = dateProblems(value, today);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(problems).length > 0) return;
    setSearch(value);
    const query = writeWhereWhen(value).toString();
    void navigate(query ? `/vehicles?${query}` : '/vehicles');
  }

  return (
    <HeroSearchForm
      value={value}
      onChange={setValue}
      cityOptions={<CityOptions cities={vehicles ? cityCounts(vehicles) : []} chosen={value.location} />}
      days={bookableDays(today)}
      errors={submitted ? problems : {}}
      onSubmit={onSubmit}
    />
  );
}

export interface HeroSearchFormProps {
  value: SearchState;
  onChange: (next: SearchState) => void;
  cityOptions: ReactNode;
  days: BookableDays;
  errors: DateRangeErrors;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

/** The form itself, as the hero shows it, whoever keeps its values. */
export function HeroSearchForm({ value, onChange, cityOptions, days, errors, onSubmit }: HeroSearchFormProps) {
  return (
    <form className={styles.search} aria-label="Find a car" noValidate onSubmit={onSubmit}>
      <WhereWhenFields
        tone="night"
        value={value}
        onChange={onChange}
        cityOptions={cityOptions}
        days={days}
        errors={errors}
      />
      <Button type="submit" size="lg" className={styles.submit}>
        Search
      </Button>
    </form>
  );
}
