import { persistentAtom } from '@nanostores/persistent';
import { useStore } from '@nanostores/react';
import { atom, computed } from 'nanostores';
import { api, NetworkError } from '../api/client';
import { MESSAGES } from '@rentora/shared';
import type { AuthAnswer, LoginPayload, SignUpPayload, User } from '@rentora/shared';
import type { Role } from '../page-table';

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
    else forgetSession();
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

/** Removes the stored token and forgets the user, here only: the silent logout of docs/product.md §4. */
function forgetSession(): void {
  $token.set(undefined);
  $user.set(null);
}

/**
 * Logs out: forgets the session here at once, and asks the server to revoke the token. Whatever
 * the server answers, or if it cannot be reached, this browser is logged out.
 */
export async function logOut(): Promise<void> {
  const token = $token.get();
  forgetSession();
  if (!token) return;
  try {
    await api.logout(token);
  } catch (error) {
    if (!(error instanceof NetworkError)) throw error;
  }
}

/**
 * Revokes every session of the account, on every device, then logs out here. True once the
 * server has done it. Otherwise nothing is pretended: this browser stays logged in, unless the
 * server refused the token itself, which ends the session here as any refused token does.
 */
export async function logOutEverywhere(): Promise<boolean> {
  const token = $token.get();
  if (!token) return false;
  try {
    const answer = await api.logoutEverywhere(token);
    // Another login meanwhile (here or in another tab) is a session of its own: leave it be.
    if ((answer.ok || answer.status === 401) && $token.get() === token) forgetSession();
    return answer.ok;
  } catch (error) {
    if (error instanceof NetworkError) return false;
    throw error;
  }
}

/**
 * The signed-in reader's role (`GET /api/user`'s `role`; an account without one is a customer),
 * or undefined while signed out or until the user has loaded: what decides the pages and links
 * a reader sees (`mayView`).
 */
export const $role = computed($user, (user): Role | undefined => {
  if (!user) return undefined;
  const { role } = user as User & { role?: Role };
  return role ?? 'customer';
});

/** The reader's session, as a component shows it. */
export interface Session {
  token: string | undefined;
  user: User | null;
  loading: boolean;
  role: Role | undefined;
}

/** Signed out: all a page's HTML can show, as the server never knows the reader's session. */
const AS_SERVED = { ssr: () => undefined } as const;

/**
 * The reader's session for rendering: signed out while React adopts the page's HTML (hydration),
 * as the server painted it, then as this browser has it (React renders again at once). A component
 * that reads the session to decide what it renders reads it here, so its first render in the
 * browser is the HTML it adopts (docs/architecture.md §2).
 */
export function useSession(): Session {
  return {
    token: useStore($token, AS_SERVED),
    user: useStore($user, { ssr: () => null }),
    loading: useStore($userLoading, { ssr: () => false }),
    role: useStore($role, AS_SERVED),
  };
}
