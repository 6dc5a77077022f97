import { Link } from '@rentora/state/router';
import { buttonClassName, NOT_FOUND_ATTRIBUTE } from '@rentora/shared';
import styles from './not-found-page.module.css';

export function NotFoundPage() {
  return (
    <section className={styles.page} {...{ [NOT_FOUND_ATTRIBUTE]: '' }}>
      <p className={styles.code}>Error 404</p>
      <h1 className={styles.title}>Page Not Found!</h1>
      <p className={styles.text}>The page you asked for has driven off. Let’s get you back on the road.</p>
      <Link to="/" className={buttonClassName('primary', 'lg')}>
        Back to Home
      </Link>
    </section>
  );
}
