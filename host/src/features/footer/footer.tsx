import { Link } from '@rentora/state/router';
import { buttonClassName, NAV_LIST_ATTRIBUTE } from '@rentora/shared';
import { BrandLink } from '../../lib/brand-link';
import { useNavLinks } from '../../lib/site-context';
import styles from './footer.module.css';

export function Footer() {
  const links = useNavLinks();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.brandColumn}>
          <BrandLink tone="light" />
          <p className={styles.tagline}>Luxury cars across India, by the day.</p>
          <Link to="/about" className={buttonClassName('inverse')}>
            What’s Rentora? Click Here!
          </Link>
        </div>
        <nav aria-label="Footer">
          <ul className={styles.links} {...{ [NAV_LIST_ATTRIBUTE]: 'footer' }}>
            {links.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={styles.link}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className={styles.bottom}>
        <p>All Rights Reserved © 2024</p>
        <p>
          Designed and built by{' '}
          <a href="https://github.com/rentora" target="_blank" rel="noopener noreferrer" className={styles.credit}>
            the Rentora team
          </a>
        </p>
      </div>
    </footer>
  );
}
