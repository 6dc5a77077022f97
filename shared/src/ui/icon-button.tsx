import type { ButtonHTMLAttributes, ReactNode } from 'react';
import styles from './icon-button.module.css';

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label' | 'children'> {
  /** The button's accessible name: an icon alone says nothing to a screen reader. */
  label: string;
  /** 40px, or 48px where the button sits on a large surface. */
  size?: 'md' | 'lg';
  /** `night` is for dark backdrops. */
  tone?: 'plain' | 'night';
  /** The icon, hidden from assistive technology. */
  children: ReactNode;
}

/** A round button that shows only an icon, such as a dialog's close button. */
export function IconButton({ label, size = 'md', tone = 'plain', className, children, ...props }: IconButtonProps) {
  return (
    <button
      type="button"
      aria-label={label}
      className={[styles.iconButton, styles[size], styles[tone], className].filter(Boolean).join(' ')}
      {...props}
    >
      {children}
    </button>
  );
}

/** The ✕ of a close button, drawn in the current text colour. */
export function CloseIcon({ size = 20 }: { size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true">
      <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
