/** Recognises the constraint errors of both engines by their stable codes, never by message text alone. */
interface DriverError {
  code?: unknown;
  constraint?: unknown;
  message?: unknown;
}

const asDriverError = (error: unknown): DriverError => (typeof error === 'object' && error !== null ? error : {});

/** Two non-cancelled rentals of one car overlapping (PostgreSQL exclusion, SQLite trigger). */
export function isOverlapViolation(error: unknown): boolean {
  const { code, constraint, message } = asDriverError(error);
  if (code === '23P01') return constraint === 'rentals_no_overlap';
  return code === 'SQLITE_CONSTRAINT_TRIGGER' && typeof message === 'string' && message.includes('rentals_no_overlap');
}

export function isUniqueViolation(error: unknown): boolean {
  const { code } = asDriverError(error);
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** A block overlapping another block or a rental holding the car (PostgreSQL exclusion or trigger, SQLite trigger). */
export function isBlockOverlapViolation(error: unknown): boolean {
  const { code, constraint, message } = asDriverError(error);
  if (code === '23P01') return constraint === 'vehicle_blocks_no_overlap';
  return (
    code === 'SQLITE_CONSTRAINT_TRIGGER' && typeof message === 'string' && message.includes('vehicle_blocks_no_overlap')
  );
}
