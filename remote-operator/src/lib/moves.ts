import type { RentalStage, VehicleStatus } from '@rentora/shared/operator';

/** A status a car can be moved to (none goes back to draft). */
export type StatusMove = Exclude<VehicleStatus, 'draft'>;
/** A stage a rental can be moved to. */
export type StageMove = Exclude<RentalStage, 'confirmed'>;

/**
 * The moves the API allows (docs/product.md, the operator side), offered as the only buttons; the
 * server refuses any other with 409 whatever a client sends.
 */
export function statusMovesFrom(status: VehicleStatus): StatusMove[] {
  switch (status) {
    case 'draft':
      return ['in_service', 'retired'];
    case 'in_service':
      return ['out_of_service', 'retired'];
    case 'out_of_service':
      return ['in_service', 'retired'];
    case 'retired':
      return [];
  }
}

/** A rental's next stages; picking up and no-show wait for the pick-up day (`today`, business time). */
export function stageMovesFrom(stage: RentalStage, pickUpDate: string, today: string): StageMove[] {
  const started = today >= pickUpDate;
  switch (stage) {
    case 'confirmed':
      return started ? ['picked_up', 'no_show', 'cancelled'] : ['cancelled'];
    case 'picked_up':
      return ['completed'];
    default:
      return [];
  }
}

/** What the button that makes a move says. */
export const STATUS_ACTIONS: Record<StatusMove, string> = {
  in_service: 'Put in service',
  out_of_service: 'Take out of service',
  retired: 'Retire',
};

export const STAGE_ACTIONS: Record<StageMove, string> = {
  picked_up: 'Mark picked up',
  completed: 'Mark completed',
  cancelled: 'Cancel booking',
  no_show: 'Mark no-show',
};
