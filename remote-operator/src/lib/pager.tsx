import { Button } from '@rentora/shared';
import styles from './pager.module.css';

export interface PagerProps {
  page: number;
  perPage: number;
  /** Undefined until the list has loaded. */
  total: number | undefined;
  /** What is counted, one and many: ['car', 'cars']. */
  nouns: readonly [one: string, many: string];
  onPage: (page: number) => void;
}

/** '21–40 of 57 cars' with Previous and Next; '12 cars' when everything fits on one page. */
export function Pager({ page, perPage, total, nouns, onPage }: PagerProps) {
  const [one, many] = nouns;
  const pages = Math.max(1, Math.ceil((total ?? 0) / perPage));
  const first = (page - 1) * perPage + 1;
  const last = Math.min(total ?? 0, page * perPage);
  return (
    <nav className={styles.pager} aria-label={`Pages of ${many}`}>
      <p className={styles.count} aria-live="polite">
        {total === undefined
          ? ''
          : total === 0
            ? `No ${many}`
            : pages === 1
              ? `${total} ${total === 1 ? one : many}`
              : `${first}–${last} of ${total} ${many}`}
      </p>
      {pages > 1 && (
        <div className={styles.buttons}>
          <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            Previous
          </Button>
          <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            Next
          </Button>
        </div>
      )}
    </nav>
  );
}
