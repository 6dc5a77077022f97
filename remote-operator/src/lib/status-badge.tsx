import { STAGE_LABELS, STATUS_LABELS } from './labels';
import type { RentalStage, VehicleStatus } from '@rentora/shared/operator';
import styles from './status-badge.module.css';

const STAGE_TONES: Record<RentalStage, string | undefined> = {
  confirmed: styles.info,
  picked_up: styles.good,
  completed: styles.quiet,
  cancelled: styles.bad,
  no_show: styles.bad,
};

const STATUS_TONES: Record<VehicleStatus, string | undefined> = {
  draft: styles.info,
  in_service: styles.good,
  out_of_service: styles.warn,
  retired: styles.quiet,
};

export function StageBadge({ stage }: { stage: RentalStage }) {
  return <span className={[styles.badge, STAGE_TONES[stage]].join(' ')}>{STAGE_LABELS[stage]}</span>;
}

export function StatusBadge({ status }: { status: VehicleStatus }) {
  return <span className={[styles.badge, STATUS_TONES[status]].join(' ')}>{STATUS_LABELS[status]}</span>;
}

/** Whether an add-on is offered to customers now, or not (withdrawn, or not yet offered). */
export function OfferBadge({ offered }: { offered: boolean }) {
  return (
    <span className={[styles.badge, offered ? styles.good : styles.quiet].join(' ')}>
      {offered ? 'Offered' : 'Not offered'}
    </span>
  );
}
