import { Eyebrow, type AuthErrors } from '@rentora/shared';
import { logIn, signUp, type AuthModalProps, type AuthOutcome, type AuthView } from '@rentora/state';
import { useEffect, useRef, useState } from 'react';
import { AuthForm } from './auth-form';
import { AuthResponse } from './auth-response';
import { checkAuthValues, EMPTY_AUTH_VALUES, VIEW_TITLES, type AuthValues } from './auth-values';
import styles from './auth-modal.module.css';

const INTROS: Readonly<Record<AuthView, string>> = {
  signup: 'Create your Rentora account to book and manage your drives.',
  login: 'Welcome back. Log in to book a car and see your rentals.',
};

/** The Login/Sign Up modal: Sign Up ↔ Login, either → Response, Response → closed or back (docs/product.md §4). */
export function AuthModal({ titleId, onClose, initialView }: AuthModalProps) {
  const [view, setView] = useState<AuthView>(initialView);
  const [values, setValues] = useState<AuthValues>(EMPTY_AUTH_VALUES);
  const [errors, setErrors] = useState<AuthErrors>({});
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<AuthOutcome | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const submitting = useRef(false);
  const firstRender = useRef(true);

  // The control that was clicked is gone after a switch: give focus to the new view's title.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [view, outcome]);

  function switchView(next: AuthView) {
    setErrors({});
    setView(next);
  }

  function change(update: Partial<AuthValues>) {
    setValues((current) => ({ ...current, ...update }));
    setErrors((current) => {
      const next = { ...current };
      for (const field of Object.keys(update)) delete next[field as keyof AuthErrors];
      return next;
    });
  }

  async function submit() {
    if (submitting.current) return;
    const found = checkAuthValues(view, values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    submitting.current = true;
    setBusy(true);
    try {
      const { email, password, name, avatar } = values;
      const answer =
        view === 'signup' ? await signUp({ name, email, password, avatar }) : await logIn({ email, password });
      // The password never outlives its request; the rest stays for a retry.
      setValues((current) => ({ ...current, password: '' }));
      setOutcome(answer);
    } finally {
      submitting.current = false;
      setBusy(false);
    }
  }

  const formProps = { values, errors, busy, onChange: change, onSubmit: () => void submit() };

  return (
    <section className={styles.modal} aria-busy={busy || undefined}>
      <header className={styles.header}>
        <Eyebrow aria-hidden="true">Rentora</Eyebrow>
        <h2 id={titleId} ref={headingRef} tabIndex={-1} className={styles.title}>
          {VIEW_TITLES[view]}
        </h2>
        {!outcome && <p className={styles.intro}>{INTROS[view]}</p>}
      </header>
      {outcome ? (
        <AuthResponse
          outcome={outcome}
          viewTitle={VIEW_TITLES[view]}
          onDone={onClose}
          onRetry={() => setOutcome(null)}
        />
      ) : (
        <AuthForm {...formProps} view={view} onSwitchView={() => switchView(view === 'signup' ? 'login' : 'signup')} />
      )}
    </section>
  );
}
