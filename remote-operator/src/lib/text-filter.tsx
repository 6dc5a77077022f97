import { useId, useState, type KeyboardEvent } from 'react';
import styles from './choice-field.module.css';

export interface TextFilterProps {
  label: string;
  value: string;
  type?: 'search' | 'date';
  /** Called with the new value when the reader is done: a date picked, Enter, or leaving the field. */
  onCommit: (value: string) => void;
}

/**
 * A filter typed into: it asks the server once the reader is done, not on every key. A date
 * filter asks as soon as a whole date is picked.
 */
export function TextFilter({ label, value, type = 'search', onCommit }: TextFilterProps) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  // Back, or another link, changed the URL's value: show it.
  if (value !== shown) {
    setShown(value);
    setDraft(value);
  }
  const commit = (next: string) => {
    if (next.trim() !== value) onCommit(next.trim());
  };
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type={type}
        className={styles.select}
        value={draft}
        onChange={(event) => {
          setDraft(event.target.value);
          if (type === 'date' && (event.target.value === '' || event.target.validity.valid)) commit(event.target.value);
        }}
        onBlur={() => commit(draft)}
        onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
          if (event.key === 'Enter') commit(draft);
        }}
      />
    </div>
  );
}
