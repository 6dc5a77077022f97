import type { BookingForm } from '../types';

/** A well-formed booking form but for its dates: the start of every booking test. */
export const VALID_BOOKING_DETAILS: Readonly<Omit<BookingForm, 'pick_up_date' | 'drop_off_date'>> = {
  name: 'Asha Rao',
  age: '34',
  email: 'asha@example.com',
  phone_no: '9876543210',
  address: '12 MG Road, Bengaluru',
  pincode: '560001',
};
