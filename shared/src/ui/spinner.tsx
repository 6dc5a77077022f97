import styles from './spinner.module.css';

/** A small busy indicator; the control it sits in carries the accessible state (aria-busy). */
export function Spinner() {
  return <span className={styles.spinner} aria-hidden="true" />;
}
