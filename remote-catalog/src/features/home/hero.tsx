import { buttonClassName } from '@rentora/shared';
import { Link } from '@rentora/state/router';
import type { ReactNode } from 'react';
import styles from './hero.module.css';

/** The home page's hero around its search form (`search`). */
export function Hero({ search }: { search: ReactNode }) {
  return (
    <section className={styles.hero} aria-labelledby="hero-heading">
      {/* Decorative: drawn by the stylesheet, so it paints with the page's first frame. */}
      <div className={styles.image} aria-hidden="true" />
      <div className={styles.content}>
        <p className={styles.badge}>Trusted by 1,000+ happy riders!🌟</p>
        {/* Its lines are set, not left to wrap, so they break in the same places in the fallback
            font and in Fraunces: the page painted from HTML does not move when the font swaps. */}
        <h1 id="hero-heading" className={styles.heading}>
          <span className={styles.narrowLine}>Drive Your</span> <span className={styles.narrowLine}>Dreams with</span>{' '}
          <span className={styles.brand}>Rentora</span>
        </h1>
        <p className={styles.lead}>
          Hand-picked luxury cars across India, from executive sedans to supercars. Choose your car, pick your dates and
          drive.
        </p>
        {search}
        <Link to="/vehicles" className={[buttonClassName('primary', 'lg'), styles.cta].join(' ')}>
          Get Started
        </Link>
      </div>
    </section>
  );
}
