import { addDays, MAX_DAYS_AHEAD, businessToday, type BookingForm } from '@rentora/shared';
import { api, configureApi } from '@rentora/state';
import { uniqueEmail } from '@rentora/shared/testing/unique-email';

export const TEST_PASSWORD = 'correct-horse-battery';

export interface TestAccount {
  name: string;
  email: string;
  password: string;
  token: string;
}

/** Registers a new user through the real API. */
export async function registerAccount(name = 'Asha Verma', avatar = 'avatar2'): Promise<TestAccount> {
  const account = { name, email: uniqueEmail('account'), password: TEST_PASSWORD, avatar };
  const answer = await api.register(account);
  if (!answer.ok || !answer.body.token) throw new Error(`Could not register: ${answer.body.message}`);
  return { ...account, token: answer.body.token };
}

/** Another session of the same account, as a second device would hold it. */
export async function logInElsewhere(account: TestAccount): Promise<string> {
  const answer = await api.login({ email: account.email, password: account.password });
  if (!answer.ok || !answer.body.token) throw new Error(`Could not log in: ${answer.body.message}`);
  return answer.body.token;
}

/**
 * A date range within the bookable window (pick-up at most 180 days ahead), random enough that
 * suites booking the same car in the same run (they share one database) do not clash.
 */
export function futureRange(days: number): { pick_up_date: string; drop_off_date: string } {
  const today = businessToday();
  const pick_up_date = addDays(today, 1 + Math.floor(Math.random() * (MAX_DAYS_AHEAD - 1)));
  return { pick_up_date, drop_off_date: addDays(pick_up_date, days - 1) };
}

/**
 * Books a car through the real API, as the booking remote would. Its Idempotency-Key names the
 * account, car and pick-up, so booking those again answers the first booking: `attempt` tells a
 * new booking of the same days (after a cancellation) from a retry.
 */
export async function bookRide(
  account: TestAccount,
  vehicleId: string,
  range = futureRange(3),
  attempt = 1,
): Promise<BookingForm> {
  const form: BookingForm = {
    name: account.name,
    age: '31',
    email: account.email,
    phone_no: '9876543210',
    address: '12 Marine Drive, Mumbai',
    pincode: '400002',
    ...range,
  };
  const answer = await api.bookRide(
    vehicleId,
    form,
    account.token,
    `${account.email}/${vehicleId}/${range.pick_up_date}${attempt > 1 ? `/${attempt}` : ''}`,
  );
  if (!answer.ok) throw new Error(`Could not book ${vehicleId}: ${answer.body.message}`);
  return form;
}

/** Runs `action` with the API client pointed at a closed port: a real network failure. */
export async function withApiUnreachable<T>(action: () => Promise<T>): Promise<T> {
  configureApi({ baseUrl: 'http://127.0.0.1:9' });
  try {
    return await action();
  } finally {
    configureApi({ baseUrl: process.env.RENTORA_TEST_API_URL ?? '' });
  }
}
