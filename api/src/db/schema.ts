import type { BookingForm, Vehicle } from '@rentora/shared';
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** Set by the database on insert, never written by the app afterwards. */
type CreatedAt = ColumnType<string, never, never>;
type UpdatedAt = ColumnType<string, never, string>;

export interface UsersTable {
  id: Generated<number>;
  name: string;
  /** Stored lower-cased; a unique index on lower(email) backs it up. */
  email: string;
  password_hash: string;
  avatar: string;
  created_at: CreatedAt;
}

/**
 * A car as stored: the API's Vehicle (`@rentora/shared/schemas`) with the public `_id` kept as
 * `slug`, and availability as an integer, 1 = in service, so both engines share one set of queries.
 */
export type VehiclesTable = Omit<Vehicle, '_id' | 'availability'> & {
  slug: string;
  availability: number;
};

export type StoredRentalStatus = 'active' | 'cancelled';

/** The booking form as sent (age as a number), with the price worked out and its state. */
export type RentalsTable = Omit<BookingForm, 'age'> & {
  id: Generated<number>;
  user_id: number;
  vehicle_id: number;
  age: number;
  days: number;
  total_price: number;
  status: StoredRentalStatus;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};

export type BookingStatus = 201 | 409;

export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  /** What the first request asked for, so a key reused for another request is refused. */
  fingerprint: string;
  status_code: BookingStatus;
  body: string;
  created_at: CreatedAt;
}

export interface Database {
  users: UsersTable;
  vehicles: VehiclesTable;
  rentals: RentalsTable;
  idempotency_keys: IdempotencyKeysTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type VehicleRow = Selectable<VehiclesTable>;
export type NewVehicle = Insertable<VehiclesTable>;
export type NewRental = Insertable<RentalsTable>;
