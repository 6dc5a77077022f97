import { AVATAR_IDS, isValidEmail, MESSAGES, PASSWORD_MIN_LENGTH, type AuthView } from '@rentora/shared';

/** What the user has typed, kept across the Sign Up, Login and response views. */
export interface AuthValues {
  avatar: string;
  name: string;
  email: string;
  password: string;
}

export type AuthField = 'name' | 'email' | 'password';
export type AuthErrors = Partial<Record<AuthField, string>>;

export const EMPTY_AUTH_VALUES: AuthValues = { avatar: AVATAR_IDS[0], name: '', email: '', password: '' };

/** SPEC §5, checked before any request, each message beside its field. */
export function checkAuthValues(view: AuthView, values: AuthValues): AuthErrors {
  const errors: AuthErrors = {};
  if (view === 'signup' && values.name.trim() === '') errors.name = 'Please enter your name.';
  if (!isValidEmail(values.email)) errors.email = MESSAGES.invalidEmail;
  if (values.password.length < PASSWORD_MIN_LENGTH) errors.password = MESSAGES.shortPassword;
  return errors;
}

export const VIEW_TITLES: Readonly<Record<AuthView, string>> = { signup: 'Sign Up', login: 'Login' };

/** What the Sign Up and Login forms get from the modal that holds their state. */
export interface AuthFormProps {
  values: AuthValues;
  errors: AuthErrors;
  busy: boolean;
  onChange: (change: Partial<AuthValues>) => void;
  onSubmit: () => void;
  onSwitchView: () => void;
}
