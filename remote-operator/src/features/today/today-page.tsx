import { useState } from 'react';
import { formatDisplayDate } from '@rentora/shared';
import { useBusinessToday, useStore } from '@rentora/state';
import { CustomerCell } from '../../lib/customer-cell';
import { DataTable, type Column } from '../../lib/data-table';
import type { StageMove } from '../../lib/moves';
import { OperatorLayout } from '../../lib/operator-layout';
import { operatorRead, refreshOperatorReads, type ListPage } from '../../lib/operator-reads';
import { MAX_PER_PAGE, type OperatorBooking } from '@rentora/shared/operator';
import { ReadFailure } from '../../lib/read-state';
import { BOOKINGS_PATH, StageActions, StageMoveDialog } from '../../lib/stage-move-dialog';
import { StageBadge } from '../../lib/status-badge';
import styles from './today-page.module.css';

/** One of the day's lists, filtered by the server, in one page (the API's largest): a day's hand-overs are far fewer. */
const dayRead = (filters: string) =>
  operatorRead<ListPage<OperatorBooking>>(`${BOOKINGS_PATH}?${filters}&per_page=${MAX_PER_PAGE}`);

const columns = (dateHeader: string, date: (booking: OperatorBooking) => string): Column<OperatorBooking>[] => [
  { header: 'Car', cell: (booking) => booking.car_name },
  { header: 'Location', cell: (booking) => booking.location },
  { header: 'Customer', cell: (booking) => <CustomerCell booking={booking} /> },
  { header: dateHeader, cell: (booking) => formatDisplayDate(date(booking)) },
  { header: 'Stage', cell: (booking) => <StageBadge stage={booking.stage} /> },
];

const PICK_UP_COLUMNS = columns('Pick-up', (booking) => booking.pick_up_date);
const RETURN_COLUMNS = columns('Return', (booking) => booking.drop_off_date);

interface PendingMove {
  booking: OperatorBooking;
  to: StageMove;
}

/**
 * `/operator`: what the desk does today. Cars to hand over (confirmed rentals starting today), cars
 * due back today, and cars overdue (out, and due back before today), with the move each needs.
 */
export function TodayPage() {
  const today = useBusinessToday();
  const pickUps = useStore(dayRead(`stage=confirmed&pick_up_date=${today}`));
  const returns = useStore(dayRead(`stage=picked_up&drop_off_date=${today}`));
  const overdue = useStore(dayRead(`stage=picked_up&drop_off_before=${today}&sort=drop_off_date`));
  const [pending, setPending] = useState<PendingMove>();
  const reads = [pickUps, returns, overdue];
  const error = reads.find((read) => read.error)?.error;
  const loading = reads.some((read) => read.loading);
  const actions = (booking: OperatorBooking) => (
    <StageActions booking={booking} today={today} onMove={(to) => setPending({ booking, to })} />
  );

  return (
    <OperatorLayout heading="Today" intro={`Hand-overs and returns for ${formatDisplayDate(today)}.`}>
      {error ? (
        <ReadFailure message={error.message} onRetry={() => refreshOperatorReads(BOOKINGS_PATH)} />
      ) : (
        <div className={styles.sections}>
          <dl className={styles.summary}>
            <Figure label="Pick-ups" value={pickUps.data?.total} />
            <Figure label="Returns" value={returns.data?.total} />
            <Figure label="Overdue" value={overdue.data?.total} alarm />
          </dl>
          <DataTable
            caption="Pick-ups today"
            columns={PICK_UP_COLUMNS}
            rows={pickUps.data?.items ?? []}
            rowKey={(booking) => booking.id}
            busy={loading}
            empty={loading ? 'Loading…' : 'No pick-ups today.'}
            actions={actions}
          />
          <DataTable
            caption="Returns today"
            columns={RETURN_COLUMNS}
            rows={returns.data?.items ?? []}
            rowKey={(booking) => booking.id}
            busy={loading}
            empty={loading ? 'Loading…' : 'No returns today.'}
            actions={actions}
          />
          <DataTable
            caption="Overdue returns"
            columns={RETURN_COLUMNS}
            rows={overdue.data?.items ?? []}
            rowKey={(booking) => booking.id}
            busy={loading}
            empty={loading ? 'Loading…' : 'Nothing overdue.'}
            actions={actions}
          />
        </div>
      )}
      {pending && <StageMoveDialog {...pending} onClose={() => setPending(undefined)} />}
    </OperatorLayout>
  );
}

/** A count of the day's list; a dash until it has loaded. */
function Figure({ label, value, alarm = false }: { label: string; value: number | undefined; alarm?: boolean }) {
  return (
    <div
      className={[styles.figure, alarm && value !== undefined && value > 0 && styles.alarm].filter(Boolean).join(' ')}
    >
      <dt className={styles.figureLabel}>{label}</dt>
      <dd className={styles.figureValue}>{value ?? '–'}</dd>
    </div>
  );
}
