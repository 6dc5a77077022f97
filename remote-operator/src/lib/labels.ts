import type { BlockReason, Role, RentalStage, VehicleStatus } from '@rentora/shared/operator';

export const STATUS_LABELS: Record<VehicleStatus, string> = {
  draft: 'Draft',
  in_service: 'In service',
  out_of_service: 'Out of service',
  retired: 'Retired',
};

export const STAGE_LABELS: Record<RentalStage, string> = {
  confirmed: 'Confirmed',
  picked_up: 'Picked up',
  completed: 'Completed',
  cancelled: 'Cancelled',
  no_show: 'No-show',
};

export const REASON_LABELS: Record<BlockReason, string> = {
  maintenance: 'Maintenance',
  repair: 'Repair',
  detailing: 'Detailing',
  off_platform: 'Off platform',
  other: 'Other',
};

export const ROLE_LABELS: Record<Role, string> = {
  customer: 'Customer',
  operator: 'Operator',
  admin: 'Admin',
};
