import { usePagePath } from '@rentora/state';
import { Link } from '@rentora/state/router';
import { buttonClassName, NOT_FOUND_ATTRIBUTE } from '@rentora/shared';
import styles from './not-found-page.module.css';

export function NotFoundPage() {
  // The home page is the catalog's: linked by name, so it is wherever the catalog puts it.
  const home = usePagePath('home');
  return (
    <section className={styles.page} {...{ [NOT_FOUND_ATTRIBUTE]: '' }}>
      <p className={styles.code}>Error 404</p>
      <h1 className={styles.title}>Page Not Found!</h1>
      <p className={styles.text}>The page you asked for has driven off. Let’s get you back on the road.</p>
      {home && (
        <Link to={home} className={buttonClassName('primary', 'lg')}>
          Back to Home
        </Link>
      )}
    </section>
  );
}
