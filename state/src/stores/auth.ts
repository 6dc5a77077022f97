import { persistentAtom } from '@nanostores/persistent';
import { atom } from 'nanostores';
import { api, NetworkError } from '../api/client';
import { MESSAGES } from '@rentora/shared';
import type { AuthAnswer, LoginPayload, SignUpPayload, User } from '@rentora/shared';

/** The bearer token, kept raw in localStorage under `token` (docs/product.md §3) and followed across tabs. */
export const $token = persistentAtom<string | undefined>('token', undefined);
export const $user = atom<User | null>(null);
export const $userLoading = atom(false);

let latestUserRequest = 0;

/**
 * Fetches the current user for the stored token. A not-ok answer removes the token: the
 * silent logout of docs/product.md §4. A network failure keeps the token, so a brief outage of the API
 * does not log anyone out.
 */
export async function refreshUser(): Promise<void> {
  const token = $token.get();
  const request = ++latestUserRequest;
  if (!token) {
    $user.set(null);
    $userLoading.set(false);
    return;
  }
  $userLoading.set(true);
  try {
    const answer = await api.getUser(token);
    if (request !== latestUserRequest) return;
    if (answer.ok) $user.set(answer.body as User);
    else logOut();
  } catch (error) {
    if (!(error instanceof NetworkError)) throw error;
  } finally {
    if (request === latestUserRequest) $userLoading.set(false);
  }
}

// Whenever a token appears or changes (here or in another tab), load whose it is.
$token.subscribe(() => {
  $user.set(null);
  void refreshUser();
});

export interface AuthOutcome {
  ok: boolean;
  message: string;
}

async function authenticate(call: () => Promise<{ ok: boolean; body: AuthAnswer }>): Promise<AuthOutcome> {
  try {
    const { ok, body } = await call();
    if (ok && body.token) $token.set(body.token);
    return { ok, message: body.message ?? '' };
  } catch (error) {
    if (error instanceof NetworkError) return { ok: false, message: MESSAGES.networkAuth };
    throw error;
  }
}

export const logIn = (payload: LoginPayload) => authenticate(() => api.login(payload));
export const signUp = (payload: SignUpPayload) => authenticate(() => api.register(payload));

/** Removes the stored token and forgets the user. */
export function logOut(): void {
  $token.set(undefined);
  $user.set(null);
}
