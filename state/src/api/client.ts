import type {
  AuthAnswer,
  BookingForm,
  LoginPayload,
  MessageAnswer,
  SignUpPayload,
  User,
  Vehicle,
  VehicleDetail,
  VehicleSearch,
} from '@rentora/shared';

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

/** Thrown when the server could not be reached at all; any HTTP answer is an ApiAnswer instead. */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('The server could not be reached.', { cause });
    this.name = 'NetworkError';
  }
}

async function request<T>(path: string, init: RequestInit = {}): Promise<ApiAnswer<T>> {
  let response: Response;
  try {
    response = await fetch(`${baseUrl}${path}`, init);
  } catch (error) {
    throw new NetworkError(error);
  }
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

function json(method: string, payload: unknown, headers: Record<string, string> = {}): RequestInit {
  return { method, headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(payload) };
}

/** Where the reads a page starts with live: the client and the server's preload hints use the same URLs. */
export const API_PATHS = {
  vehicles: '/api/vehicles',
  vehicle: (vehicleId: string) => `/api/vehicles/${encodeURIComponent(vehicleId)}`,
} as const;

export const api = {
  getUser: (token: string) => request<User | MessageAnswer>('/api/user', authorized(token)),
  login: (payload: LoginPayload) => request<AuthAnswer>('/api/user/login', json('POST', payload)),
  register: (payload: SignUpPayload) => request<AuthAnswer>('/api/user/register', json('POST', payload)),
  getVehicles: () => request<Vehicle[] | MessageAnswer>(API_PATHS.vehicles),
  searchVehicles: (search: VehicleSearch) =>
    request<Vehicle[] | MessageAnswer>(`${API_PATHS.vehicles}?${new URLSearchParams({ ...search }).toString()}`),
  getVehicle: (vehicleId: string) => request<VehicleDetail | MessageAnswer>(API_PATHS.vehicle(vehicleId)),
  bookRide: (vehicleId: string, form: BookingForm, token: string, idempotencyKey: string) =>
    request<MessageAnswer>(
      `/api/book-ride/${encodeURIComponent(vehicleId)}`,
      authorized(token, json('POST', form, { 'Idempotency-Key': idempotencyKey })),
    ),
  cancelRide: (carId: string, token: string) =>
    request<MessageAnswer>(`/api/cancel-ride/${encodeURIComponent(carId)}`, authorized(token, { method: 'POST' })),
};
