import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { parse, serialize } from 'cookie';

export const DEVICE_COOKIE = 'rentora_device';
/** Sent only to the account routes: no other request carries it. */
export const DEVICE_COOKIE_PATH = '/api/user';
const LIFETIME_SECONDS = 180 * 24 * 60 * 60;
/** Accounts one browser is remembered for; the one used longest ago is forgotten first. */
const MAX_ACCOUNTS = 5;
const ENTRY = /^([\w-]{16})\.([\w-]{16})\.([\w-]{22})$/;

/**
 * OWASP's device cookie (docs/decisions/0014-accounts-and-abuse.md): a browser that has logged in
 * to an account before is known by a signed cookie, so failed logins from elsewhere cannot lock
 * its owner out. One HttpOnly cookie holds an entry per account: `tag.nonce.signature`, where the
 * tag names the account without saying which (a keyed hash of its email), the nonce is this
 * browser's id for that account, and the signature (HMAC-SHA256, truncated to 128 bits) binds the
 * two, so no entry can be made or moved to another account without the server's key.
 */
export interface DeviceCookies {
  /** The id this browser holds for `email`, when its cookie carries a genuine entry for it. */
  deviceFor(cookieHeader: string | undefined, email: string): string | undefined;
  /** The Set-Cookie header after a successful log-in to `email`: this browser's entries, that account's renewed. */
  remember(cookieHeader: string | undefined, email: string, secure: boolean): string;
}

interface Entry {
  tag: string;
  nonce: string;
  signature: string;
}

export function createDeviceCookies(secret: string): DeviceCookies {
  // A key of its own, derived from the signing secret: a device entry can never pass for a token or the reverse.
  const key = createHmac('sha256', secret).update('rentora device cookie v1').digest();
  const mac = (text: string, bytes: number) =>
    createHmac('sha256', key).update(text).digest().subarray(0, bytes).toString('base64url');
  const tagOf = (email: string) => mac(`account\0${email.trim().toLowerCase()}`, 12);
  const signatureOf = (tag: string, nonce: string) => mac(`device\0${tag}.${nonce}`, 16);

  const entriesOf = (cookieHeader: string | undefined): Entry[] => {
    const value = cookieHeader === undefined ? undefined : parse(cookieHeader)[DEVICE_COOKIE];
    if (value === undefined) return [];
    return value.split('~').flatMap((text) => {
      const [, tag, nonce, signature] = ENTRY.exec(text) ?? [];
      return tag && nonce && signature ? [{ tag, nonce, signature }] : [];
    });
  };
  const isGenuine = ({ tag, nonce, signature }: Entry) => {
    const expected = Buffer.from(signatureOf(tag, nonce));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

  return {
    deviceFor: (cookieHeader, email) => {
      const tag = tagOf(email);
      return entriesOf(cookieHeader).find((entry) => entry.tag === tag && isGenuine(entry))?.nonce;
    },
    remember: (cookieHeader, email, secure) => {
      const tag = tagOf(email);
      const nonce = randomBytes(12).toString('base64url');
      const others = entriesOf(cookieHeader).filter((entry) => entry.tag !== tag && isGenuine(entry));
      const entries = [...others.slice(-(MAX_ACCOUNTS - 1)), { tag, nonce, signature: signatureOf(tag, nonce) }];
      return serialize(
        DEVICE_COOKIE,
        entries.map((entry) => `${entry.tag}.${entry.nonce}.${entry.signature}`).join('~'),
        {
          httpOnly: true,
          sameSite: 'strict',
          secure,
          path: DEVICE_COOKIE_PATH,
          maxAge: LIFETIME_SECONDS,
        },
      );
    },
  };
}
