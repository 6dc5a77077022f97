import styles from './page-loading.module.css';

/**
 * What the main area shows while a remote page's code arrives after a navigation (the page's own
 * skeleton is its remote's: the server paints it, docs/architecture.md §2). The host names no page.
 */
export function PageLoading() {
  return (
    <div className={styles.loading} role="status" aria-busy="true">
      <span className="visually-hidden">Loading…</span>
    </div>
  );
}
