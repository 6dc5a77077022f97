import type { ReactNode } from 'react';
import { render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { $toasts, $token, $user, api } from '@rentora/state';
import { MemoryRouter } from '@rentora/state/testing/memory-router';
import type { BookedRange } from '@rentora/shared';
import type { OperatorVehicle } from '@rentora/shared/operator';
import { operatorCall } from '../lib/operator-api';
import { uniqueEmail } from '@rentora/shared/testing/unique-email';

export const SERVER = { timeout: 15_000 };
const PASSWORD = 'correct-horse-battery';

export interface TestAccount {
  name: string;
  email: string;
  token: string;
}

/** A customer, signed up through the real API. */
export async function registerCustomer(name = 'Asha Verma'): Promise<TestAccount> {
  const account = { name, email: uniqueEmail('customer'), password: PASSWORD, avatar: 'avatar2' };
  const answer = await api.register(account);
  if (!answer.ok || !answer.body.token) throw new Error(`Could not register: ${answer.body.message}`);
  return { name, email: account.email, token: answer.body.token };
}

/** The admin Jest's global setup made (nobody signs up as one). */
export function adminToken(): string {
  const token = process.env.RENTORA_TEST_ADMIN_TOKEN;
  if (!token) throw new Error('Jest’s global setup made no admin (RENTORA_TEST_ADMIN_TOKEN).');
  return token;
}

/** Signs in as `token` and waits for the user (and so the role) to load. */
export async function signInAs(token: string): Promise<void> {
  $token.set(token);
  await waitFor(() => expect($user.get()).not.toBeNull(), SERVER);
}

/** A customer the admin made an operator, through the real API. */
export async function registerOperator(name = 'Dev Malhotra'): Promise<TestAccount> {
  const account = await registerCustomer(name);
  const signedIn = $token.get();
  $token.set(adminToken());
  try {
    await operatorCall('PUT', `/api/operator/users/${encodeURIComponent(account.email)}/role`, { role: 'operator' });
  } finally {
    $token.set(signedIn);
  }
  return account;
}

/** The toasts shown so far, as `kind: message`. */
export const toastMessages = () => $toasts.get().map(({ kind, message }) => `${kind}: ${message}`);

/** Renders an operator page at `url`, with a user-event session. */
export function renderAt(url: string, page: ReactNode) {
  const user = userEvent.setup();
  render(<MemoryRouter url={url}>{page}</MemoryRouter>);
  return { user };
}

/** Signs out and clears the toasts: each test's `afterEach`. */
export function signOut(): void {
  $token.set(undefined);
  $toasts.set([]);
}

/** A draft car added through the real API: off the public site, so other suites' fleet stays as seeded. */
export async function addDraftCar(name: string): Promise<OperatorVehicle> {
  return operatorCall<OperatorVehicle>('POST', '/api/operator/vehicles', {
    car_name: name,
    brand_name: 'Lexus',
    car_type: 'Sedan',
    seating_capacity: 5,
    price_per_day: 30000,
    image_url: 'https://images.pexels.com/photos/7985342/pexels-photo-7985342.jpeg',
    location: 'Pune',
    customer_ratings: 4.5,
    description: 'A car the component tests add.',
    model_year: 2024,
    average: 14.2,
    fuel_type: 'Petrol',
    engine: '2998 cc',
    transmission: 'Automatic',
    license_plate: `MH 12 TS ${1000 + Math.floor(Math.random() * 8999)}`,
    status: 'draft',
  });
}

/** Books a car through the real API as the customer, as the booking remote would. */
export async function bookAs(account: TestAccount, vehicleId: string, range: BookedRange): Promise<void> {
  const answer = await api.bookRide(
    vehicleId,
    {
      name: account.name,
      age: '31',
      email: account.email,
      phone_no: '9876543210',
      address: '12 Marine Drive, Mumbai',
      pincode: '400002',
      ...range,
    },
    account.token,
    `${account.email}/${vehicleId}/${range.pick_up_date}`,
  );
  if (!answer.ok) throw new Error(`Could not book ${vehicleId}: ${answer.body.message}`);
}
