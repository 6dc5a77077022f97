import { MESSAGES, type BookingForm } from '@rentora/shared';
import { api, NetworkError, refreshUser, refreshVehicle } from '@rentora/state';

export interface BookingAnswer {
  ok: boolean;
  message: string;
}

/**
 * Sends one booking and reads the answer as docs/product.md §7/§8 say: the server's message, success by
 * the ok status, 'Error renting car!' when the server cannot be reached. After any answer the
 * user (their rentals) and the car (its booked dates) are fetched again for every open view.
 */
export async function sendBooking(
  vehicleId: string,
  form: BookingForm,
  token: string,
  idempotencyKey: string,
): Promise<BookingAnswer> {
  let answer: Awaited<ReturnType<typeof api.bookRide>>;
  try {
    answer = await api.bookRide(vehicleId, form, token, idempotencyKey);
  } catch (error) {
    if (error instanceof NetworkError) return { ok: false, message: MESSAGES.networkBooking };
    throw error;
  }
  void refreshUser();
  refreshVehicle(vehicleId);
  return { ok: answer.ok, message: answer.body.message };
}
