import { usePagePath } from '@rentora/state';
import { Link } from '@rentora/state/router';
import { buttonClassName } from '@rentora/shared';
import styles from './about-page.module.css';

export function AboutPage() {
  const fleet = usePagePath('fleet');
  return (
    <article className={styles.page}>
      <p className={styles.eyebrow}>About</p>
      <h1 className={styles.title}>Rentora is a personal project for finding, booking and managing rental cars.</h1>
      <div className={styles.columns}>
        <section>
          <h2>Find</h2>
          <p>
            Browse a fleet of luxury sedans, SUVs, coupes and supercars across India, search it by name and sort it by
            price per day in rupees.
          </p>
        </section>
        <section>
          <h2>Book</h2>
          <p>
            Once registered, pick your dates in a short step-by-step form and get an instant answer with the days and
            the total price.
          </p>
        </section>
        <section>
          <h2>Manage</h2>
          <p>
            See every rental in your profile and cancel an active one whenever plans change. Sign-in uses token-based
            authentication with JSON Web Tokens.
          </p>
        </section>
      </div>
      {fleet && (
        <Link to={fleet} className={buttonClassName('primary', 'lg')}>
          Browse the fleet
        </Link>
      )}
    </article>
  );
}
