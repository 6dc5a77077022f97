import { Button, Field, PASSWORD_MAX_LENGTH } from '@rentora/shared';
import type { AuthView } from '@rentora/state';
import { type AuthFormProps, VIEW_TITLES } from './auth-values';
import { AvatarPicker } from './avatar-picker';
import { PasswordField } from './password-field';
import styles from './auth-form.module.css';

/** The button that switches to the other view: its question, then its action (docs/product.md §4). */
const SWITCH_TEXTS: Readonly<Record<AuthView, readonly [question: string, action: string]>> = {
  signup: ['Already have an account?', 'Login Here!'],
  login: ['No account yet?', 'Click Here!'],
};

/** The Sign Up form (avatar, name, email, password) or the Login form (email, password). */
export function AuthForm({ view, values, errors, busy, onChange, onSubmit, onSwitchView }: AuthFormProps) {
  const [question, action] = SWITCH_TEXTS[view];
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {view === 'signup' && (
        <>
          <AvatarPicker value={values.avatar} onChange={(avatar) => onChange({ avatar })} />
          <Field
            label="Name"
            name="name"
            autoComplete="name"
            required
            value={values.name}
            error={errors.name}
            onChange={(event) => onChange({ name: event.target.value })}
          />
        </>
      )}
      <Field
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        value={values.email}
        error={errors.email}
        onChange={(event) => onChange({ email: event.target.value })}
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete={view === 'signup' ? 'new-password' : 'current-password'}
        required
        maxLength={PASSWORD_MAX_LENGTH}
        value={values.password}
        error={errors.password}
        onChange={(event) => onChange({ password: event.target.value })}
      />
      <Button type="submit" size="lg" busy={busy} className={styles.submit}>
        {VIEW_TITLES[view]}
      </Button>
      <button type="button" className={styles.switch} onClick={onSwitchView}>
        {question} <span className={styles.switchAction}>{action}</span>
      </button>
    </form>
  );
}
