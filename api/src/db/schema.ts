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

export interface VehiclesTable {
  id: number;
  slug: string;
  car_name: string;
  brand_name: string;
  car_type: string;
  seating_capacity: number;
  price_per_day: number;
  image_url: string;
  location: string;
  customer_ratings: number;
  description: string;
  /** 1 = in service. An integer on both engines keeps one set of queries. */
  availability: number;
  model_year: number;
  average: number;
  fuel_type: string;
  engine: string;
  transmission: string;
}

export type StoredRentalStatus = 'active' | 'cancelled';

export interface RentalsTable {
  id: Generated<number>;
  user_id: number;
  vehicle_id: number;
  name: string;
  age: number;
  email: string;
  phone_no: string;
  address: string;
  pincode: string;
  pick_up_date: string;
  drop_off_date: string;
  days: number;
  total_price: number;
  status: StoredRentalStatus;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  /** What the first request asked for, so a key reused for another request is refused. */
  fingerprint: string;
  status_code: number;
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
