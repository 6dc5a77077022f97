import type { BusinessSettings } from '../operator';
import type { CarPrices, CreditNote, CreditNoteRequest, CustomerRental } from '../types';

/**
 * What the money screens' component tests need done by staff, through the real API Jest's global
 * setup started (RENTORA_TEST_API_URL) as its admin (RENTORA_TEST_ADMIN_TOKEN): a car's rules,
 * an add-on, a rental moved to completed. That API is every component suite's: add-ons and
 * settings are the whole site's, so a test offers an add-on only for as long as it needs it.
 */
async function call<T>(method: string, path: string, token: string, body?: unknown): Promise<T> {
  const response = await fetch(`${process.env.RENTORA_TEST_API_URL ?? ''}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body !== undefined && { 'Content-Type': 'application/json' }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const answer = (await response.json()) as T & { message?: string };
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${answer.message ?? ''}`);
  return answer;
}

const admin = () => {
  const token = process.env.RENTORA_TEST_ADMIN_TOKEN;
  if (!token) throw new Error('Jest’s global setup made no admin (RENTORA_TEST_ADMIN_TOKEN).');
  return token;
};

export const NO_RULES: CarPrices = {
  date_prices: [],
  length_discounts: [],
  deposit: 0,
  km_per_day: 0,
  extra_km_price: 0,
};

/** Sets a seeded car's pricing rules (`NO_RULES` puts it back as seeded). */
export const setCarRules = (carId: string, rules: Partial<CarPrices>) =>
  call('PATCH', `/api/operator/vehicles/${encodeURIComponent(carId)}`, admin(), rules);

/** Offers an add-on; answers its id. */
export const offerAddOn = async (label: string, price: number, per: 'day' | 'rental') =>
  (await call<{ id: number }>('POST', '/api/operator/add-ons', admin(), { label, price, per })).id;

export const withdrawAddOn = (id: number) => call('PATCH', `/api/operator/add-ons/${id}`, admin(), { offered: false });

/** The customer's rentals with their ids, totals and invoices. */
export const rentalsOf = (customerToken: string) => call<CustomerRental[]>('GET', '/api/rentals', customerToken);

/** Picks a rental up (its pick-up day must have come) and completes it: its invoice is issued. */
export async function completeRental(rentalId: number): Promise<void> {
  await call('POST', `/api/operator/bookings/${rentalId}/stage`, admin(), { to: 'picked_up' });
  await call('POST', `/api/operator/bookings/${rentalId}/stage`, admin(), { to: 'completed' });
}

/** Credits a completed rental's invoice, as an admin does at the desk. */
export const creditInvoice = (rentalId: number, request: CreditNoteRequest) =>
  call<CreditNote>('POST', `/api/operator/bookings/${rentalId}/credit-notes`, admin(), request);

type PaymentSettings = Pick<BusinessSettings, 'online_payment' | 'payment_hold_minutes' | 'cancellation_policy'>;

/**
 * Sets the payment settings as an admin does (the other settings kept); answers them as they were,
 * to put back once the test is done: online payment changes every booking on that API.
 */
export async function setPaymentSettings(fields: Partial<PaymentSettings>): Promise<PaymentSettings> {
  const before = await call<BusinessSettings>('GET', '/api/operator/settings', admin());
  await call('PUT', '/api/operator/settings', admin(), { ...before, ...fields });
  const { online_payment, payment_hold_minutes, cancellation_policy } = before;
  return { online_payment, payment_hold_minutes, cancellation_policy };
}

/** Records money the desk took for a rental, as staff do in its Payments dialog. */
export const recordDeskPayment = (rentalId: number, amountPaise: number, reference: string) =>
  call('POST', `/api/operator/bookings/${rentalId}/payments`, admin(), {
    kind: 'charge',
    method: 'cash',
    amount_paise: amountPaise,
    reference,
  });
