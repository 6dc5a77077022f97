import { AVATAR_IDS, type LoginPayload, type SignUpPayload } from '../types';
import { MESSAGES } from './messages';
import { EMAIL_PATTERN, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './patterns';
import { NOT_PLAIN_TEXT_HINT, isPlainText } from './plain-text';

export type AuthCheck = { ok: true } | { ok: false; message: string };
export type AuthField = 'name' | 'email' | 'password' | 'avatar';
export type AuthErrors = Partial<Record<AuthField, string>>;

export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email);
}

export function isAvatarId(value: string): value is (typeof AVATAR_IDS)[number] {
  return (AVATAR_IDS as readonly string[]).includes(value);
}

/** docs/product.md §5 for Login (email, password) and Sign Up (plus name and avatar), field by field. */
export function checkAuthFields(payload: LoginPayload | SignUpPayload): AuthErrors {
  const errors: AuthErrors = {};
  if ('name' in payload && payload.name.trim() === '') errors.name = 'Please enter your name.';
  else if ('name' in payload && !isPlainText(payload.name)) errors.name = NOT_PLAIN_TEXT_HINT;
  if (!isValidEmail(payload.email)) errors.email = MESSAGES.invalidEmail;
  else if (!isPlainText(payload.email)) errors.email = NOT_PLAIN_TEXT_HINT;
  if (payload.password.length < PASSWORD_MIN_LENGTH) errors.password = MESSAGES.shortPassword;
  else if (payload.password.length > PASSWORD_MAX_LENGTH) {
    errors.password = `Password must be at most ${PASSWORD_MAX_LENGTH} characters long.`;
  }
  if ('avatar' in payload && !isAvatarId(payload.avatar)) errors.avatar = 'Please choose one of the six avatars.';
  return errors;
}

function firstProblem(errors: AuthErrors, order: readonly AuthField[]): AuthCheck {
  const field = order.find((name) => errors[name] !== undefined);
  return field ? { ok: false, message: errors[field] as string } : { ok: true };
}

/** The API's answer to a login: the email check comes first, then the password length. */
export function checkCredentials({ email, password }: LoginPayload): AuthCheck {
  return firstProblem(checkAuthFields({ email, password }), ['email', 'password']);
}

export function checkSignUp(payload: SignUpPayload): AuthCheck {
  return firstProblem(checkAuthFields(payload), ['name', 'email', 'password', 'avatar']);
}
