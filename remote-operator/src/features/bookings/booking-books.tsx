import { formatPaise, formatRupees } from '@rentora/shared';
import type { OperatorBooking } from '@rentora/shared/operator';
import listStyles from '../../lib/list-page.module.css';
import badgeStyles from '../../lib/status-badge.module.css';
import { StageBadge } from '../../lib/status-badge';
import styles from './booking-books.module.css';

/** When a hold ends, on the business's clock: '7 Dec, 4:05 pm'. */
export const holdEnd = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-IN', {
    hour: 'numeric',
    minute: '2-digit',
    day: 'numeric',
    month: 'short',
    timeZone,
  }).format(new Date(iso));

/** The rental's stage, or, while it awaits its online payment, that, with until when its dates are held. */
export function StageCell({ booking, timeZone }: { booking: OperatorBooking; timeZone: string }) {
  if (booking.hold_expires_at === null) return <StageBadge stage={booking.stage} />;
  return (
    <span className={listStyles.stack}>
      <span className={[badgeStyles.badge, badgeStyles.warn].join(' ')}>Awaiting payment</span>
      <span className={listStyles.sub}>Held until {holdEnd(booking.hold_expires_at, timeZone)}</span>
    </span>
  );
}

/** The rental's total, what is paid of it and what is still due: the server's figures. */
export function BooksCell({ booking }: { booking: OperatorBooking }) {
  return (
    <span className={listStyles.stack}>
      <span>{formatRupees(booking.total_price)}</span>
      <span className={[listStyles.sub, styles.books].join(' ')}>{formatPaise(booking.paid_paise)} paid</span>
      <span className={booking.due_paise > 0 ? styles.due : [listStyles.sub, styles.books].join(' ')}>
        {booking.due_paise > 0 ? `${formatPaise(booking.due_paise)} due` : 'Nothing due'}
      </span>
    </span>
  );
}
