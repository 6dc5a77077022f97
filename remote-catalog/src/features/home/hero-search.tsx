import { Button, businessToday } from '@rentora/shared';
import { $search, $vehicles, setSearch, useStore, type SearchState } from '@rentora/state';
import { useNavigate } from '@rentora/state/router';
import { useState, type FormEvent } from 'react';
import { cityCounts, dateProblems, writeWhereWhen } from '../../lib/where-when';
import { WhereWhenFields } from '../../lib/where-when-fields';
import styles from './hero-search.module.css';

/** The hero's where-and-when form: it opens the fleet list filtered to the city and dates. */
export function HeroSearch() {
  const navigate = useNavigate();
  const { data: vehicles } = useStore($vehicles);
  const [value, setValue] = useState<SearchState>(() => $search.get());
  const [submitted, setSubmitted] = useState(false);
  const today = businessToday();
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
    <form className={styles.search} aria-label="Find a car" noValidate onSubmit={onSubmit}>
      <WhereWhenFields
        tone="night"
        value={value}
        onChange={setValue}
        cities={vehicles ? cityCounts(vehicles) : []}
        today={today}
        errors={submitted ? problems : {}}
      />
      <Button type="submit" size="lg" className={styles.submit}>
        Search
      </Button>
    </form>
  );
}
