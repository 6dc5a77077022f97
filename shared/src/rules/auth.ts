import { AVATAR_IDS, type LoginPayload, type SignUpPayload } from '../types';
import { MESSAGES } from './messages';
import { EMAIL_PATTERN, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './patterns';

export type AuthCheck = { ok: true } | { ok: false; message: string };

export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email);
}

/** SPEC §5 for Login and Sign Up: the email check comes first, then the password length. */
export function checkCredentials({ email, password }: LoginPayload): AuthCheck {
  if (!isValidEmail(email)) return { ok: false, message: MESSAGES.invalidEmail };
  if (password.length < PASSWORD_MIN_LENGTH) return { ok: false, message: MESSAGES.shortPassword };
  if (password.length > PASSWORD_MAX_LENGTH) {
    return { ok: false, message: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long.` };
  }
  return { ok: true };
}

export function checkSignUp(payload: SignUpPayload): AuthCheck {
  if (payload.name.trim() === '') return { ok: false, message: 'Please enter your name.' };
  const credentials = checkCredentials(payload);
  if (!credentials.ok) return credentials;
  if (!isAvatarId(payload.avatar)) return { ok: false, message: 'Please choose one of the six avatars.' };
  return { ok: true };
}

export function isAvatarId(value: string): value is (typeof AVATAR_IDS)[number] {
  return (AVATAR_IDS as readonly string[]).includes(value);
}
