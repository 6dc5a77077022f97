import styles from './status-icon.module.css';

export interface StatusIconProps {
  kind: 'success' | 'error';
  /** Spoken name of the icon; omit when the text beside it already says it. */
  label?: string;
  size?: number;
}

/** The success (check) or error (cross) mark of result cards and toasts. */
export function StatusIcon({ kind, label, size = 48 }: StatusIconProps) {
  return (
    <svg
      className={`${styles.icon} ${styles[kind]}`}
      viewBox="0 0 48 48"
      width={size}
      height={size}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <circle cx="24" cy="24" r="22" />
      {kind === 'success' ? <path d="M14 24.5l7 7 13-14" /> : <path d="M16 16l16 16M32 16L16 32" />}
    </svg>
  );
}
