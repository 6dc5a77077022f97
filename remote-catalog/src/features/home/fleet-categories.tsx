import { buttonClassName } from '@rentora/shared';
import { Link } from '@rentora/state/router';
import { FLEET_CATEGORIES, fleetPath } from '../../lib/categories';
import styles from './fleet-categories.module.css';

export function FleetCategories() {
  return (
    <section className={styles.section} aria-labelledby="fleet-categories-heading">
      <div className={styles.intro}>
        <h2 id="fleet-categories-heading" className={styles.heading}>
          Explore Our Fleet
        </h2>
        <p className={styles.text}>
          <span className={styles.longText}>
            From executive sedans to mountain-ready SUVs and track-bred supercars, every car is detailed, insured and
            ready when you are.
          </span>
          <span className={styles.shortText}>Sedans, SUVs and supercars, ready when you are.</span>
        </p>
      </div>
      <ul className={styles.chips}>
        {FLEET_CATEGORIES.map((category) => (
          <li key={category.carType}>
            <Link to={fleetPath(category)} className={styles.chip}>
              <img
                className={styles.chipImage}
                src={category.image}
                alt=""
                width="400"
                height="260"
                loading="lazy"
                decoding="async"
              />
              <span className={styles.chipLabel}>{category.label}</span>
            </Link>
          </li>
        ))}
      </ul>
      <Link to={fleetPath()} className={[buttonClassName('secondary', 'lg'), styles.more].join(' ')}>
        View More
      </Link>
    </section>
  );
}
