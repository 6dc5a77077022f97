import type { ButtonHTMLAttributes } from 'react';
import styles from './row-action.module.css';

export interface RowActionProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  tone?: 'default' | 'danger';
}

/** A compact button for a table row's actions: the site's buttons are sized for forms. */
export function RowAction({ tone = 'default', className, type = 'button', ...props }: RowActionProps) {
  return (
    <button
      type={type}
      className={[styles.action, tone === 'danger' && styles.danger, className].filter(Boolean).join(' ')}
      {...props}
    />
  );
}
