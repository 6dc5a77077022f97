import { useState } from 'react';
import { checkGstin, Field, GSTIN_LENGTH, normaliseGstin } from '@rentora/shared';
import styles from './gstin-field.module.css';

export interface GstinFieldProps {
  value: string;
  onChange: (value: string) => void;
}

/**
 * An optional GSTIN for a business invoice, checked here as the server checks it (15 characters,
 * a state code, the check character): its hint shows once the field is left or full.
 */
export function GstinField({ value, onChange }: GstinFieldProps) {
  const [left, setLeft] = useState(false);
  const gstin = normaliseGstin(value);
  const problem = gstin === '' ? undefined : checkGstin(gstin);
  return (
    <Field
      className={styles.gstin}
      label="GSTIN for a business invoice (optional)"
      name="gstin"
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      maxLength={GSTIN_LENGTH + 4}
      value={value}
      error={left || gstin.length >= GSTIN_LENGTH ? problem : undefined}
      onChange={(event) => onChange(event.target.value)}
      onBlur={() => setLeft(true)}
    />
  );
}

/** The GSTIN to send: the one typed when it is one, else none. */
export function validGstin(value: string): string | undefined {
  const gstin = normaliseGstin(value);
  return gstin !== '' && checkGstin(gstin) === undefined ? gstin : undefined;
}
