import { Avatar, Button, Skeleton, NAV_LIST_ATTRIBUTE } from '@rentora/shared';
import { modalIntent, openAuth, openProfile, useSession } from '@rentora/state';
import { useEffect, useId, useRef, useState } from 'react';
import { NavLink, useLocation } from '@rentora/state/router';
import styles from './mobile-menu.module.css';
import { useNavLinks } from '../../lib/site-context';

/** The small-screen menu: a hamburger that slides a panel in from the top (docs/product.md §2). */
export function MobileMenu() {
  const links = useNavLinks();
  const { pathname } = useLocation();
  // The menu belongs to the page it was opened on: any navigation closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (isOpen: boolean) => setOpenOn(isOpen ? pathname : null);
  const panelId = useId();
  const headingId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpenOn(null);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  const close = () => setOpen(false);

  return (
    <div className={styles.menu}>
      <button
        ref={toggleRef}
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={open ? 'Close menu' : 'Open menu'}
        onClick={() => setOpen(!open)}
      >
        <span className={open ? `${styles.burger} ${styles.burgerOpen}` : styles.burger} aria-hidden="true" />
      </button>
      <div
        id={panelId}
        className={open ? `${styles.panel} ${styles.panelOpen}` : styles.panel}
        hidden={!open}
        aria-labelledby={headingId}
        role="region"
      >
        <AccountCard onChoose={close} />
        <h2 id={headingId} className={styles.heading}>
          Navigation
        </h2>
        <ul className={styles.links} {...{ [NAV_LIST_ATTRIBUTE]: 'menu' }}>
          {links.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end className={styles.link} onClick={close}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

function AccountCard({ onChoose }: { onChoose: () => void }) {
  const { token, user, loading } = useSession();

  if (!token) {
    return (
      <Button
        className={styles.signUp}
        onClick={() => {
          onChoose();
          openAuth();
        }}
        {...modalIntent('auth')}
      >
        Sign Up
      </Button>
    );
  }
  return (
    <button
      type="button"
      className={styles.profileCard}
      aria-busy={loading || undefined}
      onClick={() => {
        onChoose();
        openProfile();
      }}
      {...modalIntent('profile')}
    >
      {user ? (
        <>
          <Avatar avatar={user.avatar} size={48} />
          <span className={styles.identity}>
            <span className={styles.name}>{user.name}</span>
            <span className={styles.email}>{user.email}</span>
          </span>
        </>
      ) : loading ? (
        <>
          <Skeleton width="48px" height="48px" radius="50%" />
          <span className={styles.identity}>
            <span className="visually-hidden">Loading your profile</span>
            <Skeleton width="8rem" height="1rem" />
            <Skeleton width="11rem" height="0.85rem" />
          </span>
        </>
      ) : (
        // The user could not be fetched (the API was unreachable): the profile offers a retry.
        <>
          <Avatar avatar={undefined} size={48} />
          <span className={styles.name}>Your profile</span>
        </>
      )}
    </button>
  );
}
