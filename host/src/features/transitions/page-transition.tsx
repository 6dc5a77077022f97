import { useEffect, useState, type ReactNode } from 'react';
import { useLocation, type Location } from '@rentora/state/router';
import styles from './page-transition.module.css';

/** The leave animation's length, from the design tokens (0 when the user prefers reduced motion). */
function leaveDuration(): number {
  const value = getComputedStyle(document.documentElement).getPropertyValue('--duration-page').trim();
  return Number.parseFloat(value) || 0;
}

/**
 * Renders the page for `shownLocation` and, when the path changes, lets the old page finish
 * leaving before the new one enters, then scrolls smoothly to the top. A change of query
 * only (a fleet filter) updates the page in place. The page a visit starts on does not fade in:
 * its HTML has already painted it (docs/architecture.md §2).
 */
export function PageTransition({ children }: { children: (shownLocation: Location) => ReactNode }) {
  const location = useLocation();
  const [settled, setSettled] = useState(location);
  const [firstPage, setFirstPage] = useState(true);
  const leaving = location.pathname !== settled.pathname;
  const shown = leaving ? settled : location;

  useEffect(() => {
    if (!leaving) return;
    const timer = setTimeout(() => {
      setFirstPage(false);
      setSettled(location);
      window.scrollTo({ top: 0, behavior: 'smooth' });
    }, leaveDuration());
    return () => clearTimeout(timer);
  }, [leaving, location]);

  return (
    <div key={shown.pathname} className={leaving ? styles.leaving : firstPage ? undefined : styles.entering}>
      {children(shown)}
    </div>
  );
}
