import type { ReactNode } from 'react';
import { Eyebrow } from '@rentora/shared';
import { $role, useStore } from '@rentora/state';
import { NavLink } from '@rentora/state/router';
import styles from './operator-layout.module.css';

/** The operator side's sections; the team, the settings and the audit are for admins. */
const SECTIONS = [
  { to: '/operator', label: 'Today', end: true, adminOnly: false },
  { to: '/operator/fleet', label: 'Fleet', end: false, adminOnly: false },
  { to: '/operator/bookings', label: 'Bookings', end: false, adminOnly: false },
  { to: '/operator/payments', label: 'Payments', end: false, adminOnly: false },
  { to: '/operator/team', label: 'Team', end: false, adminOnly: true },
  { to: '/operator/settings', label: 'Settings', end: false, adminOnly: true },
  { to: '/operator/audit', label: 'Audit', end: false, adminOnly: true },
] as const;

export interface OperatorLayoutProps {
  heading: string;
  intro: string;
  /** Buttons beside the heading: 'Add a car'. */
  actions?: ReactNode;
  children: ReactNode;
}

/** Every operator page: its heading, the sections' tabs, then the page. */
export function OperatorLayout({ heading, intro, actions, children }: OperatorLayoutProps) {
  const role = useStore($role);
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div className={styles.titles}>
          <Eyebrow ruled>Operations</Eyebrow>
          <h1 className={styles.heading}>{heading}</h1>
          <p className={styles.intro}>{intro}</p>
        </div>
        {actions && <div className={styles.actions}>{actions}</div>}
      </header>
      <nav className={styles.sections} aria-label="Operations">
        {SECTIONS.filter((section) => !section.adminOnly || role === 'admin').map((section) => (
          <NavLink key={section.to} to={section.to} end={section.end} className={styles.section}>
            {section.label}
          </NavLink>
        ))}
      </nav>
      {children}
    </div>
  );
}
