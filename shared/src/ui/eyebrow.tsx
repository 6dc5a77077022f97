import type { HTMLAttributes } from 'react';
import styles from './eyebrow.module.css';

export interface EyebrowProps extends HTMLAttributes<HTMLParagraphElement> {
  /** `accent` is gold text; `soft` is grey text, usually with the gold rule before it. */
  tone?: 'accent' | 'soft';
  /** Draws a short gold rule before the text. */
  ruled?: boolean;
}

/** The small uppercase label above a title: a brand, a section's kicker. */
export function Eyebrow({ tone = 'accent', ruled = false, className, children, ...props }: EyebrowProps) {
  return (
    <p
      className={[styles.eyebrow, styles[tone], ruled && styles.ruled, className].filter(Boolean).join(' ')}
      {...props}
    >
      {children}
    </p>
  );
}
