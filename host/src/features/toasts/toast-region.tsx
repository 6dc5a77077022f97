import { StatusIcon } from '@rentora/shared';
import { $toasts, useStore } from '@rentora/state';
import styles from './toast-region.module.css';

/** Toasts from any app (docs/product.md §2: 3 s, success or error icon), announced politely to screen readers. */
export function ToastRegion() {
  const toasts = useStore($toasts);
  return (
    <div className={styles.region} role="status" aria-live="polite" aria-label="Notifications">
      {toasts.map((toast) => (
        <p key={toast.id} className={`${styles.toast} ${styles[toast.kind]}`}>
          <StatusIcon kind={toast.kind} size={22} label={toast.kind === 'success' ? 'Success' : 'Error'} />
          <span>{toast.message}</span>
        </p>
      ))}
    </div>
  );
}
