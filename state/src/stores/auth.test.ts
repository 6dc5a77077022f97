import { waitFor } from '@testing-library/react';
import { api, configureApi } from '../api/client';
import { addDays, BUSINESS_TIME_ZONE, MAX_DAYS_AHEAD, todayIn } from '@rentora/shared';
import { $token, $user, $userLoading, logIn, logOut, logOutEverywhere, refreshUser, signUp } from './auth';

const PASSWORD = 'correct-horse-battery';
// Password hashing and a shared test API make answers slow on a busy machine.
const SERVER = { timeout: 15_000 };
jest.setTimeout(30_000);
let counter = 0;

function newAccount() {
  counter += 1;
  return {
    name: 'Asha Verma',
    email: `auth-store-${Date.now()}-${counter}@example.com`,
    password: PASSWORD,
    avatar: 'avatar3',
  };
}

/** Registers straight through the API, leaving the stores alone; answers the account and its token. */
async function registeredAccount() {
  const account = newAccount();
  const answer = await api.register(account);
  if (!answer.ok || !answer.body.token) throw new Error(`could not register: ${answer.body.message}`);
  return { ...account, token: answer.body.token };
}

/** The client pointed at a port where nothing listens: a real network failure. */
async function withApiUnreachable<T>(action: () => Promise<T>): Promise<T> {
  configureApi({ baseUrl: 'http://127.0.0.1:9' });
  try {
    return await action();
  } finally {
    configureApi({ baseUrl: process.env.RENTORA_TEST_API_URL ?? '' });
  }
}

/** Whether the server still takes `token`: the current-user call answers its status. */
const userStatus = async (token: string) => (await api.getUser(token)).status;

/** A second session of the account, as another device would hold it. */
async function logInElsewhere(email: string): Promise<string> {
  const answer = await api.login({ email, password: PASSWORD });
  if (!answer.ok || !answer.body.token) throw new Error(`could not log in: ${answer.body.message}`);
  return answer.body.token;
}

afterEach(() => {
  // Forgets the session here only: a test's token may still be in use by the next assertion.
  $token.set(undefined);
});

describe('auth store', () => {
  it('signs up: stores the token under `token`, then fetches the user', async () => {
    const account = newAccount();
    const outcome = await signUp(account);

    expect(outcome.ok).toBe(true);
    expect(outcome.message).not.toBe('');
    const token = $token.get();
    expect(token).toEqual(expect.any(String));
    expect(window.localStorage.getItem('token')).toBe(token);
    await waitFor(() => expect($user.get()).toMatchObject({ name: account.name, email: account.email }), SERVER);
    expect($user.get()).toMatchObject({ avatar: 'avatar3', cars_rented: [] });
    expect($userLoading.get()).toBe(false);
  });

  it('logs in: stores the raw token, and is loading until the user arrives', async () => {
    const account = await registeredAccount();
    const outcome = await logIn({ email: account.email, password: PASSWORD });

    expect(outcome.ok).toBe(true);
    expect(window.localStorage.getItem('token')).toBe($token.get());
    expect($userLoading.get()).toBe(true);
    await waitFor(() => expect($user.get()?.email).toBe(account.email), SERVER);
    expect($userLoading.get()).toBe(false);
  });

  it('answers the server message and stores nothing when the login is refused', async () => {
    const account = await registeredAccount();
    const outcome = await logIn({ email: account.email, password: 'wrong-password' });

    expect(outcome).toEqual({ ok: false, message: 'Incorrect email or password.' });
    expect($token.get()).toBeUndefined();
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('answers ‘Something went wrong!’ when the server cannot be reached', async () => {
    configureApi({ baseUrl: 'http://127.0.0.1:9' });
    try {
      const outcome = await logIn({ email: 'nobody@example.com', password: PASSWORD });
      expect(outcome).toEqual({ ok: false, message: 'Something went wrong!' });
    } finally {
      configureApi({ baseUrl: process.env.RENTORA_TEST_API_URL ?? '' });
    }
    expect($token.get()).toBeUndefined();
  });

  it('logs out silently when /api/user is not ok', async () => {
    $token.set('not-a-real-token');
    expect(window.localStorage.getItem('token')).toBe('not-a-real-token');

    await waitFor(() => expect($token.get()).toBeUndefined(), SERVER);
    expect(window.localStorage.getItem('token')).toBeNull();
    expect($user.get()).toBeNull();
    await waitFor(() => expect($userLoading.get()).toBe(false), SERVER);
  });

  it('keeps the token through a network failure of /api/user', async () => {
    const { token } = await registeredAccount();
    configureApi({ baseUrl: 'http://127.0.0.1:9' });
    try {
      $token.set(token);
      await waitFor(() => expect($userLoading.get()).toBe(false), SERVER);
    } finally {
      configureApi({ baseUrl: process.env.RENTORA_TEST_API_URL ?? '' });
    }
    expect($token.get()).toBe(token);
    expect($user.get()).toBeNull();
  });

  it('logs out: removes the stored token, forgets the user, and the server refuses the token from then on', async () => {
    const account = await registeredAccount();
    await logIn({ email: account.email, password: PASSWORD });
    await waitFor(() => expect($user.get()).not.toBeNull(), SERVER);
    const token = $token.get() as string;

    const done = logOut();
    // Logged out here at once, before the server answers.
    expect($token.get()).toBeUndefined();
    expect(window.localStorage.getItem('token')).toBeNull();
    expect($user.get()).toBeNull();
    await done;

    expect($userLoading.get()).toBe(false);
    expect(await userStatus(token)).toBe(401);
  });

  it('logs out here when the server cannot be reached, or refuses a token it already revoked', async () => {
    const account = await registeredAccount();
    $token.set(account.token);
    await withApiUnreachable(() => logOut());
    expect($token.get()).toBeUndefined();
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(await userStatus(account.token)).toBe(200);

    expect((await api.logout(account.token)).status).toBe(200);
    $token.set(account.token);
    await logOut();
    expect($token.get()).toBeUndefined();
    expect($user.get()).toBeNull();
  });

  it('logs out everywhere: every token of the account is refused, and this browser is logged out', async () => {
    const account = await registeredAccount();
    const otherDevice = await logInElsewhere(account.email);
    $token.set(account.token);
    await waitFor(() => expect($user.get()?.email).toBe(account.email), SERVER);

    expect(await logOutEverywhere()).toBe(true);

    expect($token.get()).toBeUndefined();
    expect(window.localStorage.getItem('token')).toBeNull();
    expect($user.get()).toBeNull();
    expect(await userStatus(account.token)).toBe(401);
    expect(await userStatus(otherDevice)).toBe(401);
  });

  it('stays logged in when logging out everywhere cannot be done', async () => {
    const account = await registeredAccount();
    const otherDevice = await logInElsewhere(account.email);
    $token.set(account.token);

    expect(await withApiUnreachable(() => logOutEverywhere())).toBe(false);
    expect($token.get()).toBe(account.token);

    // A server that answers, but not ok (here: a path it does not know).
    configureApi({ baseUrl: `${process.env.RENTORA_TEST_API_URL ?? ''}/elsewhere` });
    try {
      expect(await logOutEverywhere()).toBe(false);
    } finally {
      configureApi({ baseUrl: process.env.RENTORA_TEST_API_URL ?? '' });
    }
    expect($token.get()).toBe(account.token);
    expect(window.localStorage.getItem('token')).toBe(account.token);
    expect(await userStatus(otherDevice)).toBe(200);
  });

  it('logging out everywhere with a token the server refuses ends the session here, and says it failed', async () => {
    const account = await registeredAccount();
    expect((await api.logout(account.token)).status).toBe(200);
    $token.set(account.token);

    expect(await logOutEverywhere()).toBe(false);
    expect($token.get()).toBeUndefined();
  });

  it('refreshUser fetches the user again for the same token', async () => {
    const account = await registeredAccount();
    $token.set(account.token);
    await waitFor(() => expect($user.get()?.cars_rented).toEqual([]), SERVER);
    // A random day in the bookable window: other suites book cars in the same test database.
    const pickUp = addDays(todayIn(BUSINESS_TIME_ZONE), 1 + Math.floor(Math.random() * (MAX_DAYS_AHEAD - 2)));
    const dropOff = addDays(pickUp, 2);

    const booking = await api.bookRide(
      'mercedes-benz-s-class',
      {
        name: account.name,
        age: '30',
        email: account.email,
        phone_no: '9876543210',
        address: '12 Marine Drive, Mumbai',
        pincode: '400002',
        pick_up_date: pickUp,
        drop_off_date: dropOff,
      },
      account.token,
      `auth-store-${Date.now()}`,
    );
    expect(booking.ok).toBe(true);

    await refreshUser();
    expect($user.get()?.cars_rented).toEqual([
      expect.objectContaining({
        pick_up_date: pickUp,
        drop_off_date: dropOff,
        status: 'active',
        days: 3,
      }),
    ]);
  });

  describe('another tab', () => {
    it('logging in there logs in here', async () => {
      const account = await registeredAccount();
      window.localStorage.setItem('token', account.token);
      window.dispatchEvent(
        new StorageEvent('storage', { key: 'token', newValue: account.token, storageArea: window.localStorage }),
      );

      expect($token.get()).toBe(account.token);
      await waitFor(() => expect($user.get()?.email).toBe(account.email), SERVER);
    });

    it('logging out there logs out here', async () => {
      const account = await registeredAccount();
      $token.set(account.token);
      await waitFor(() => expect($user.get()).not.toBeNull(), SERVER);

      window.localStorage.removeItem('token');
      window.dispatchEvent(
        new StorageEvent('storage', {
          key: 'token',
          oldValue: account.token,
          newValue: null,
          storageArea: window.localStorage,
        }),
      );

      expect($token.get()).toBeUndefined();
      expect($user.get()).toBeNull();
    });

    it('clearing its storage logs out here', async () => {
      const account = await registeredAccount();
      $token.set(account.token);
      await waitFor(() => expect($user.get()).not.toBeNull(), SERVER);

      window.localStorage.clear();
      window.dispatchEvent(new StorageEvent('storage', { key: null, storageArea: window.localStorage }));

      expect($token.get()).toBeUndefined();
      expect($user.get()).toBeNull();
    });
  });
});
