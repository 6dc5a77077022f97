import { lazy, Suspense, useState } from 'react';
import { formatDisplayDate } from '@rentora/shared';
import { $businessTimeZone, useBusinessToday, useStore } from '@rentora/state';
import { CustomerCell } from '../../lib/customer-cell';
import { DataTable, type Column } from '../../lib/data-table';
import { STAGE_LABELS } from '../../lib/labels';
import type { StageMove } from '../../lib/moves';
import { OperatorLayout } from '../../lib/operator-layout';
import { operatorRead, refreshOperatorReads, type ListPage } from '../../lib/operator-reads';
import { RENTAL_STAGES, type OperatorBooking } from '@rentora/shared/operator';
import { Pager } from '../../lib/pager';
import { ReadFailure } from '../../lib/read-state';
import { BOOKINGS_PATH, StageActions, StageMoveDialog } from '../../lib/stage-move-dialog';
// After the stage dialog, as the Today page has its styles: the chunk both pages share orders them one way.
import { ChoiceField } from '../../lib/choice-field';
import { BooksCell, StageCell } from './booking-books';
import { TextFilter } from '../../lib/text-filter';
import { PER_PAGE, useListQuery } from '../../lib/use-list-query';
import { RowAction } from '../../lib/row-action';
import styles from '../../lib/list-page.module.css';

// Opened from a completed rental's row only: fetched when it opens.
const InvoiceDialog = lazy(() =>
  import('../../lib/invoice-dialog').then(({ InvoiceDialog }) => ({ default: InvoiceDialog })),
);

// Opened from a row's Payments button: fetched when it opens.
const DeskPaymentDialog = lazy(() =>
  import('./desk-payment-dialog').then(({ DeskPaymentDialog }) => ({ default: DeskPaymentDialog })),
);

const columns = (timeZone: string): readonly Column<OperatorBooking>[] => [
  { header: 'Car', cell: (booking) => <CarCell booking={booking} /> },
  { header: 'Customer', cell: (booking) => <CustomerCell booking={booking} /> },
  {
    header: 'Dates',
    sortKey: 'pick_up_date',
    cell: (booking) =>
      `${formatDisplayDate(booking.pick_up_date)} → ${formatDisplayDate(booking.drop_off_date)} · ${booking.days} ${booking.days === 1 ? 'day' : 'days'}`,
  },
  { header: 'Total', sortKey: 'total_price', numeric: true, cell: (booking) => <BooksCell booking={booking} /> },
  { header: 'Stage', sortKey: 'stage', cell: (booking) => <StageCell booking={booking} timeZone={timeZone} /> },
];

const STAGE_OPTIONS = [
  { value: '', label: 'Every stage' },
  ...RENTAL_STAGES.map((stage) => ({ value: stage, label: STAGE_LABELS[stage] })),
];

interface PendingMove {
  booking: OperatorBooking;
  to: StageMove;
}

/**
 * `/operator/bookings`: every rental, filtered and sorted on the server, what is paid and due of
 * it (a rental awaiting its online payment says so, and until when), its stage moves, its
 * payments at the desk, and a completed one's invoice.
 */
export function BookingsPage() {
  const query = useListQuery(['stage', 'customer', 'from', 'to'], { key: 'pick_up_date', order: 'asc' });
  const read = useStore(operatorRead<ListPage<OperatorBooking>>(`${BOOKINGS_PATH}?${query.apiQuery}`));
  const today = useBusinessToday();
  const [pending, setPending] = useState<PendingMove>();
  const [invoiceOf, setInvoiceOf] = useState<OperatorBooking>();
  const [booksOf, setBooksOf] = useState<OperatorBooking>();
  const timeZone = useStore($businessTimeZone);

  return (
    <OperatorLayout heading="Bookings" intro="Every rental, from booking to return. Each move is kept in its history.">
      <div className={styles.filters}>
        <ChoiceField
          label="Stage"
          options={STAGE_OPTIONS}
          value={query.filter('stage')}
          onChange={(event) => query.setFilter('stage', event.target.value)}
        />
        <TextFilter
          label="Customer"
          value={query.filter('customer')}
          onCommit={(value) => query.setFilter('customer', value)}
        />
        <TextFilter
          label="From"
          type="date"
          value={query.filter('from')}
          onCommit={(value) => query.setFilter('from', value)}
        />
        <TextFilter
          label="To"
          type="date"
          value={query.filter('to')}
          onCommit={(value) => query.setFilter('to', value)}
        />
      </div>
      {read.error ? (
        <ReadFailure message={read.error.message} onRetry={() => refreshOperatorReads(BOOKINGS_PATH)} />
      ) : (
        <>
          <DataTable
            caption="Bookings"
            columns={columns(timeZone)}
            rows={read.data?.items ?? []}
            rowKey={(booking) => booking.id}
            sort={query.sort}
            onSort={query.setSort}
            busy={read.loading}
            empty={read.loading ? 'Loading bookings…' : 'No booking matches these filters.'}
            actions={(booking) => (
              <>
                {booking.stage === 'completed' ? (
                  <div>
                    <RowAction
                      aria-label={`Invoice: ${booking.car_name}, ${booking.customer_name}`}
                      onClick={() => setInvoiceOf(booking)}
                    >
                      Invoice
                    </RowAction>
                  </div>
                ) : (
                  <StageActions booking={booking} today={today} onMove={(to) => setPending({ booking, to })} />
                )}
                <div>
                  <RowAction
                    aria-label={`Payments: ${booking.car_name}, ${booking.customer_name}`}
                    onClick={() => setBooksOf(booking)}
                  >
                    Payments
                  </RowAction>
                </div>
              </>
            )}
          />
          <Pager
            page={query.page}
            perPage={PER_PAGE}
            total={read.data?.total}
            nouns={['booking', 'bookings']}
            onPage={query.setPage}
          />
        </>
      )}
      {pending && <StageMoveDialog {...pending} onClose={() => setPending(undefined)} />}
      {booksOf && (
        <Suspense fallback={null}>
          <DeskPaymentDialog booking={booksOf} onClose={() => setBooksOf(undefined)} />
        </Suspense>
      )}
      {invoiceOf && (
        <Suspense fallback={null}>
          <InvoiceDialog rentalId={invoiceOf.id} onClose={() => setInvoiceOf(undefined)} />
        </Suspense>
      )}
    </OperatorLayout>
  );
}

function CarCell({ booking }: { booking: OperatorBooking }) {
  return (
    <span className={styles.stack}>
      <span>{booking.car_name}</span>
      <span className={styles.sub}>{booking.location}</span>
    </span>
  );
}
