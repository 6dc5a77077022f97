import type {
  AuthAnswer,
  BookingForm,
  LoginPayload,
  MessageAnswer,
  SignUpPayload,
  User,
  VehicleSearch,
} from '@rentora/shared';
import { setBusinessTimeZone } from '../stores/business-time';

/** What the product reads of an answer: the ok status and the JSON body (docs/product.md §7). */
export interface ApiAnswer<T> {
  ok: boolean;
  status: number;
  body: T;
}

let baseUrl = '';

/** Where the API lives; '' means the page's own origin (the host proxies or serves `/api`). */
export function configureApi(options: { baseUrl: string }): void {
  baseUrl = options.baseUrl.replace(/\/$/, '');
}

/** A path of the API as the browser reaches it (for what `fetch` does not read: the event stream). */
export function apiUrl(path: string): string {
  return `${baseUrl}${path}`;
}

/** Thrown when the server could not be reached at all; any HTTP answer is an ApiAnswer instead. */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('The server could not be reached.', { cause });
    this.name = 'NetworkError';
  }
}

/** The header of the fleet's answers that names the API's business time zone. */
const BUSINESS_TIME_ZONE_HEADER = 'Business-Time-Zone';

async function request<T>(path: string, init: RequestInit = {}): Promise<ApiAnswer<T>> {
  let response: Response;
  try {
    response = await fetch(`${baseUrl}${path}`, init);
  } catch (error) {
    throw new NetworkError(error);
  }
  const timeZone = response.headers.get(BUSINESS_TIME_ZONE_HEADER);
  if (timeZone) setBusinessTimeZone(timeZone);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = { message: response.ok ? '' : `The server answered ${response.status}.` };
  }
  return { ok: response.ok, status: response.status, body: body as T };
}

function authorized(token: string, init: RequestInit = {}): RequestInit {
  return { ...init, headers: { ...init.headers, Authorization: `Bearer ${token}` } };
}

/**
 * Ending a session: bounded, since the Profile modal waits for the answer, and sent even when the
 * page is closed right after (`keepalive`).
 */
const SESSION_END_TIMEOUT_MS = 10_000;

function sessionEnd(token: string): RequestInit {
  return authorized(token, { method: 'POST', keepalive: true, signal: AbortSignal.timeout(SESSION_END_TIMEOUT_MS) });
}

function json(method: string, payload: unknown, headers: Record<string, string> = {}): RequestInit {
  return { method, headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(payload) };
}

/**
 * Where the fleet's reads live. A page table names its first reads by the same URLs
 * (`/api/vehicles/:vehicleId`, each parameter URL-encoded), so the read the host starts for a page
 * and the server's preload of it are the very request the page's store makes.
 */
export const API_PATHS = {
  vehicles: '/api/vehicles',
  vehicle: (vehicleId: string) => `/api/vehicles/${encodeURIComponent(vehicleId)}`,
  search: (search: VehicleSearch) => `/api/vehicles?${new URLSearchParams({ ...search }).toString()}`,
  /** Every car's availability as it changes (Server-Sent Events). */
  events: '/api/events',
} as const;

export const api = {
  getUser: (token: string) => request<User | MessageAnswer>('/api/user', authorized(token)),
  login: (payload: LoginPayload) => request<AuthAnswer>('/api/user/login', json('POST', payload)),
  register: (payload: SignUpPayload) => request<AuthAnswer>('/api/user/register', json('POST', payload)),
  /** A public read by its URL (the stores' `readStore`). */
  read: <T>(url: string) => request<T | MessageAnswer>(url),
  /** Revokes this token on the server. */
  logout: (token: string) => request<MessageAnswer>('/api/user/logout', sessionEnd(token)),
  /** Revokes every token of the account, on every device. */
  logoutEverywhere: (token: string) => request<MessageAnswer>('/api/user/logout-everywhere', sessionEnd(token)),
  bookRide: (vehicleId: string, form: BookingForm, token: string, idempotencyKey: string) =>
    request<MessageAnswer>(
      `/api/book-ride/${encodeURIComponent(vehicleId)}`,
      authorized(token, json('POST', form, { 'Idempotency-Key': idempotencyKey })),
    ),
  cancelRide: (carId: string, token: string) =>
    request<MessageAnswer>(`/api/cancel-ride/${encodeURIComponent(carId)}`, authorized(token, { method: 'POST' })),
};
