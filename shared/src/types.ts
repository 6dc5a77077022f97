/** The data contract of docs/product.md §3, shared by the API and every app. */

export const AVATAR_IDS = ['avatar1', 'avatar2', 'avatar3', 'avatar4', 'avatar5', 'avatar6'] as const;
export type AvatarId = (typeof AVATAR_IDS)[number];

export interface Vehicle {
  _id: string;
  id: number;
  car_name: string;
  brand_name: string;
  car_type: VehicleType;
  seating_capacity: number;
  price_per_day: number;
  image_url: string;
  location: string;
  customer_ratings: number;
  description: string;
  availability: boolean;
  model_year: number;
  average: number;
  fuel_type: string;
  engine: string;
  transmission: string;
}

export type VehicleType = 'Sedan' | 'SUV' | 'Sports' | 'Coupe' | 'Compact' | 'MPV';

/** A date range taken by a non-cancelled rental, pick-up..drop-off inclusive, as `YYYY-MM-DD`. */
export interface BookedRange {
  pick_up_date: string;
  drop_off_date: string;
}

/**
 * Where and when a shopper looks: the query of `GET /api/vehicles`. A city alone, a range alone
 * (both dates, `YYYY-MM-DD`, inclusive) or both; nothing set means the whole fleet.
 */
export interface VehicleSearch {
  location?: string;
  pick_up_date?: string;
  drop_off_date?: string;
}

/** `GET /api/vehicles/{id}` answers the vehicle plus the ranges already booked. */
export interface VehicleDetail extends Vehicle {
  booked: BookedRange[];
}

export type RentalStatus = 'active' | 'cancelled' | 'expired';

export interface Rental {
  car: Pick<Vehicle, '_id' | 'image_url' | 'brand_name' | 'car_name'>;
  pick_up_date: string;
  drop_off_date: string;
  status: RentalStatus;
  days: number;
  total_price: number;
}

export interface User {
  name: string;
  email: string;
  avatar: string;
  cars_rented: Rental[];
}

export interface BookingForm {
  name: string;
  age: string;
  email: string;
  phone_no: string;
  address: string;
  pincode: string;
  pick_up_date: string;
  drop_off_date: string;
}

export interface SignUpPayload {
  name: string;
  email: string;
  password: string;
  avatar: string;
}

export interface LoginPayload {
  email: string;
  password: string;
}

/** Every error answer of the API, and most success answers. */
export interface MessageAnswer {
  message: string;
}

export interface AuthAnswer extends MessageAnswer {
  token?: string;
}
