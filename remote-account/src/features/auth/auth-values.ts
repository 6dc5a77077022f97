import { AVATAR_IDS, checkAuthFields, type AuthErrors } from '@rentora/shared';
import { type AuthView } from '@rentora/state';

/** What the user has typed, kept across the Sign Up, Login and response views. */
export interface AuthValues {
  avatar: string;
  name: string;
  email: string;
  password: string;
}

export const EMPTY_AUTH_VALUES: AuthValues = { avatar: AVATAR_IDS[0], name: '', email: '', password: '' };

/** docs/product.md §5 with the API's own rules, checked before any request, each message beside its field. */
export function checkAuthValues(view: AuthView, values: AuthValues): AuthErrors {
  return checkAuthFields(view === 'signup' ? values : { email: values.email, password: values.password });
}

export const VIEW_TITLES: Readonly<Record<AuthView, string>> = { signup: 'Sign Up', login: 'Login' };

/** What the Sign Up and Login form gets from the modal that holds their state. */
export interface AuthFormProps {
  view: AuthView;
  values: AuthValues;
  errors: AuthErrors;
  busy: boolean;
  onChange: (change: Partial<AuthValues>) => void;
  onSubmit: () => void;
  onSwitchView: () => void;
}
