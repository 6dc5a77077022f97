import { Avatar, Button, NAV_LIST_ATTRIBUTE } from '@rentora/shared';
import { modalIntent, openAuth, openProfile, useSession } from '@rentora/state';
import { NavLink } from '@rentora/state/router';
import { BrandLink } from '../../lib/brand-link';
import styles from './header.module.css';
import { MobileMenu } from './mobile-menu';
import { useNavLinks } from '../../lib/site-context';

export function Header() {
  const links = useNavLinks();
  const { token, user } = useSession();
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <BrandLink />
        <nav className={styles.nav} aria-label="Main">
          <ul className={styles.links} {...{ [NAV_LIST_ATTRIBUTE]: 'header' }}>
            {links.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end
                  className={({ isActive }) => (isActive ? `${styles.link} ${styles.active}` : styles.link)}
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.account}>
          {token ? (
            <button
              type="button"
              className={styles.avatarButton}
              onClick={openProfile}
              aria-label="Open profile"
              {...modalIntent('profile')}
            >
              <Avatar avatar={user?.avatar} size={40} />
            </button>
          ) : (
            <Button onClick={openAuth} {...modalIntent('auth')}>
              Sign Up
            </Button>
          )}
        </div>
        <MobileMenu />
      </div>
    </header>
  );
}
