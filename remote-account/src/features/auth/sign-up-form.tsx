import { Button, Field, PASSWORD_MAX_LENGTH } from '@rentora/shared';
import type { AuthFormProps } from './auth-values';
import { AvatarPicker } from './avatar-picker';
import { PasswordField } from './password-field';
import styles from './auth-form.module.css';

export function SignUpForm({ values, errors, busy, onChange, onSubmit, onSwitchView }: AuthFormProps) {
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
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
        autoComplete="new-password"
        required
        maxLength={PASSWORD_MAX_LENGTH}
        value={values.password}
        error={errors.password}
        onChange={(event) => onChange({ password: event.target.value })}
      />
      <Button type="submit" size="lg" busy={busy} className={styles.submit}>
        Sign Up
      </Button>
      <button type="button" className={styles.switch} onClick={onSwitchView}>
        Already have an account? <span className={styles.switchAction}>Login Here!</span>
      </button>
    </form>
  );
}
