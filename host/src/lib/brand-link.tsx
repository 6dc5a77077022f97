import { usePagePath } from '@rentora/state';
import { Link } from '@rentora/state/router';
import styles from './brand-link.module.css';

/** The brand, linking the home page wherever the site puts it (the catalog's); plain while the site does not know it. */
export function BrandLink({ tone = 'ink' }: { tone?: 'ink' | 'light' }) {
  const home = usePagePath('home');
  const className = `${styles.brand} ${styles[tone]}`;
  const brand = (
    <>
      <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" className={styles.mark}>
        <rect width="32" height="32" rx="9" />
        <path d="M10 23V9h7.2a4.4 4.4 0 0 1 0 8.8H13.5m3.7 0 5.3 5.2" />
      </svg>
      <span className={styles.word}>Rentora</span>
    </>
  );
  return home === undefined ? (
    <span className={className}>{brand}</span>
  ) : (
    <Link to={home} className={className} aria-label="Rentora home">
      {brand}
    </Link>
  );
}
