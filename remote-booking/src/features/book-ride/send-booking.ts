import {
  MESSAGES,
  type BookingConflict,
  type BookingForm,
  type BookRideBody,
  type Quote,
  type BookingPayment,
  type BookingWithPayment,
} from '@rentora/shared';
import { api, NetworkError, refreshUser, refreshVehicle } from '@rentora/state';

/** What a booking may carry beside its form (docs/product.md §10): the quote shown, its add-ons, a GSTIN. */
export type BookingExtras = Omit<BookRideBody, keyof BookingForm>;

export interface BookingAnswer {
  ok: boolean;
  message: string;
  /** The new quote of a 409: the price changed since the quote sent. */
  newQuote?: Quote;
  /** With online payment on: the booking holds its dates until this is paid (docs/product.md §11). */
  payment?: BookingPayment;
}

/**
 * Sends one booking and reads the answer as docs/product.md §7/§8 say: the server's message, success by
 * the ok status, 'Error renting car!' when the server cannot be reached. After any answer the
 * user (their rentals) and the car (its booked dates) are fetched again for every open view.
 */
export async function sendBooking(
  vehicleId: string,
  form: BookingForm,
  extras: BookingExtras,
  token: string,
  idempotencyKey: string,
): Promise<BookingAnswer> {
  let answer: Awaited<ReturnType<typeof api.bookRide>>;
  try {
    answer = await api.bookRide(vehicleId, { ...form, ...extras }, token, idempotencyKey);
  } catch (error) {
    if (error instanceof NetworkError) return { ok: false, message: MESSAGES.networkBooking };
    throw error;
  }
  void refreshUser();
  refreshVehicle(vehicleId);
  const { message, quote, payment } = answer.body as BookingConflict & Partial<BookingWithPayment>;
  return {
    ok: answer.ok,
    message,
    ...(answer.status === 409 && quote && { newQuote: quote }),
    ...(answer.ok && payment && { payment }),
  };
}
