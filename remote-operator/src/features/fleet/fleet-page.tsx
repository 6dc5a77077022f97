import { lazy, Suspense, useState } from 'react';
import { Button, formatRupees } from '@rentora/shared';
import { useStore } from '@rentora/state';
import { ChoiceField } from '../../lib/choice-field';
import { DataTable, type Column } from '../../lib/data-table';
import { STATUS_LABELS } from '../../lib/labels';
import { STATUS_ACTIONS, statusMovesFrom, type StatusMove } from '../../lib/moves';
import { OperatorLayout } from '../../lib/operator-layout';
import { operatorRead, refreshOperatorReads, type ListPage } from '../../lib/operator-reads';
import { VEHICLE_STATUSES, type OperatorVehicle } from '@rentora/shared/operator';
import { Pager } from '../../lib/pager';
import { ReadFailure } from '../../lib/read-state';
import { RowAction } from '../../lib/row-action';
import { StatusBadge } from '../../lib/status-badge';
import { TextFilter } from '../../lib/text-filter';
import { PER_PAGE, useListQuery } from '../../lib/use-list-query';
import { FLEET_PATH } from './fleet-api';
import listStyles from '../../lib/list-page.module.css';
import styles from './fleet-page.module.css';
import { StatusMoveDialog } from './status-move-dialog';
import { VehicleFormDialog } from './vehicle-form-dialog';

// The calendar is the page's largest part and only the blocks use it: fetched when they open.
const BlocksDialog = lazy(() => import('./blocks-dialog').then(({ BlocksDialog }) => ({ default: BlocksDialog })));

const COLUMNS: readonly Column<OperatorVehicle>[] = [
  { header: 'Car', sortKey: 'car_name', cell: (car) => <CarCell car={car} /> },
  { header: 'Location', sortKey: 'location', cell: (car) => car.location },
  { header: 'Type', cell: (car) => car.car_type },
  { header: 'Price per day', sortKey: 'price_per_day', numeric: true, cell: (car) => formatRupees(car.price_per_day) },
  { header: 'Status', sortKey: 'status', cell: (car) => <StatusBadge status={car.status} /> },
];

const STATUS_OPTIONS = [
  { value: '', label: 'Every status' },
  ...VEHICLE_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
];

type Dialog =
  | { kind: 'add' }
  | { kind: 'edit'; car: OperatorVehicle }
  | { kind: 'blocks'; car: OperatorVehicle }
  | { kind: 'move'; car: OperatorVehicle; to: StatusMove };

/** `/operator/fleet`: every car in any status, its details, its status moves and its blocks. */
export function FleetPage() {
  const query = useListQuery(['status', 'location', 'q'], { key: 'car_name', order: 'asc' });
  const read = useStore(operatorRead<ListPage<OperatorVehicle>>(`${FLEET_PATH}?${query.apiQuery}`));
  const [dialog, setDialog] = useState<Dialog>();
  const close = () => setDialog(undefined);

  return (
    <OperatorLayout
      heading="Fleet"
      intro="Every car, from draft to retired. Cars are never deleted: retire one to take it off the site for good."
      actions={<Button onClick={() => setDialog({ kind: 'add' })}>Add a car</Button>}
    >
      <div className={listStyles.filters}>
        <TextFilter label="Search" value={query.filter('q')} onCommit={(value) => query.setFilter('q', value)} />
        <ChoiceField
          label="Status"
          options={STATUS_OPTIONS}
          value={query.filter('status')}
          onChange={(event) => query.setFilter('status', event.target.value)}
        />
        <TextFilter
          label="Location"
          value={query.filter('location')}
          onCommit={(value) => query.setFilter('location', value)}
        />
      </div>
      {read.error ? (
        <ReadFailure message={read.error.message} onRetry={() => refreshOperatorReads(FLEET_PATH)} />
      ) : (
        <>
          <DataTable
            caption="Cars"
            columns={COLUMNS}
            rows={read.data?.items ?? []}
            rowKey={(car) => car._id}
            sort={query.sort}
            onSort={query.setSort}
            busy={read.loading}
            empty={read.loading ? 'Loading the fleet…' : 'No car matches these filters.'}
            actions={(car) => (
              <div>
                {car.status !== 'retired' && (
                  <RowAction aria-label={`Edit ${car.car_name}`} onClick={() => setDialog({ kind: 'edit', car })}>
                    Edit
                  </RowAction>
                )}
                {car.status !== 'retired' && (
                  <RowAction
                    aria-label={`Blocks of ${car.car_name}`}
                    onClick={() => setDialog({ kind: 'blocks', car })}
                  >
                    Blocks
                  </RowAction>
                )}
                {statusMovesFrom(car.status).map((to) => (
                  <RowAction
                    key={to}
                    tone={to === 'retired' ? 'danger' : 'default'}
                    aria-label={`${STATUS_ACTIONS[to]}: ${car.car_name}`}
                    onClick={() => setDialog({ kind: 'move', car, to })}
                  >
                    {STATUS_ACTIONS[to]}
                  </RowAction>
                ))}
              </div>
            )}
          />
          <Pager
            page={query.page}
            perPage={PER_PAGE}
            total={read.data?.total}
            nouns={['car', 'cars']}
            onPage={query.setPage}
          />
        </>
      )}
      {dialog?.kind === 'add' && <VehicleFormDialog onClose={close} />}
      {dialog?.kind === 'edit' && <VehicleFormDialog car={dialog.car} onClose={close} />}
      {dialog?.kind === 'blocks' && (
        <Suspense fallback={null}>
          <BlocksDialog car={dialog.car} onClose={close} />
        </Suspense>
      )}
      {dialog?.kind === 'move' && <StatusMoveDialog car={dialog.car} to={dialog.to} onClose={close} />}
    </OperatorLayout>
  );
}

function CarCell({ car }: { car: OperatorVehicle }) {
  return (
    <span className={listStyles.stack}>
      <span>{car.car_name}</span>
      <span className={styles.plate}>{car.license_plate}</span>
    </span>
  );
}
