import { Button, Field, PASSWORD_MAX_LENGTH } from '@rentora/shared';
import { PasswordField } from './password-field';
import type { AuthFormProps } from './auth-values';
import styles from './auth-form.module.css';

export function LoginForm({ values, errors, busy, onChange, onSubmit, onSwitchView }: AuthFormProps) {
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
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
        autoComplete="current-password"
        required
        maxLength={PASSWORD_MAX_LENGTH}
        value={values.password}
        error={errors.password}
        onChange={(event) => onChange({ password: event.target.value })}
      />
      <Button type="submit" size="lg" busy={busy} className={styles.submit}>
        Login
      </Button>
      <button type="button" className={styles.switch} onClick={onSwitchView}>
        No account yet? <span className={styles.switchAction}>Click Here!</span>
      </button>
    </form>
  );
}
