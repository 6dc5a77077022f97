import type { ReactNode } from 'react';
import styles from './field-group.module.css';

/** The staff forms' shared classes: a wide field, a refusal, a row of buttons. */
export const formStyles = { wide: styles.wide, problem: styles.problem, buttons: styles.buttons };

/**
 * One titled group of a form's fields: a fieldset, so a screen reader names the group with each
 * field, its legend drawn as the site's eyebrow, its fields in `columns` from a tablet's width.
 */
export function FieldGroup({ legend, columns, children }: { legend: string; columns: 2 | 3; children: ReactNode }) {
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={`${styles.fields} ${columns === 2 ? styles.two : styles.three}`}>{children}</div>
    </fieldset>
  );
}
