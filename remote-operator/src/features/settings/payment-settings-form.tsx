import { useState, type FormEvent } from 'react';
import { Button, Eyebrow, Field } from '@rentora/shared';
import {
  HOLD_MINUTES,
  MAX_POLICY_TIERS,
  ONLINE_PAYMENT_MODES,
  type BusinessSettings,
  type CancellationPolicy,
  type OnlinePayment,
} from '@rentora/shared/operator';
import { ChoiceField } from '../../lib/choice-field';
import { FieldGroup, formStyles } from '../../lib/field-group';
import { RowAction } from '../../lib/row-action';
import { changeSettings, SETTINGS_PATH } from './settings-api';
import styles from './settings-page.module.css';

const MODE_LABELS: Record<OnlinePayment, string> = {
  off: 'Off: paid at the desk',
  total: 'The total online, the deposit at the desk',
  total_and_deposit: 'The total and the deposit online',
};
const MODE_OPTIONS = ONLINE_PAYMENT_MODES.map((mode) => ({ value: mode, label: MODE_LABELS[mode] }));

export const HOLD_WRONG = `The hold is a whole number of minutes from ${HOLD_MINUTES.min} to ${HOLD_MINUTES.max}.`;
export const FREE_WRONG = 'Give the free minutes after booking as a whole number from 0.';
export const TIER_WRONG = 'Each tier needs whole hours from 0 and a refund from 0 to 100%.';
export const TIERS_ORDER = 'List the tiers from the most hours before pick-up down, each number of hours once.';

interface Draft {
  online_payment: OnlinePayment;
  hold: string;
  free: string;
  tiers: { hours: string; percent: string }[];
}

type PaymentFields = Pick<BusinessSettings, 'online_payment' | 'payment_hold_minutes' | 'cancellation_policy'>;

const draftOf = (settings: PaymentFields): Draft => ({
  online_payment: settings.online_payment,
  hold: String(settings.payment_hold_minutes),
  free: String(settings.cancellation_policy.free_minutes_after_booking),
  tiers: settings.cancellation_policy.tiers.map((tier) => ({
    hours: String(tier.hours_before),
    percent: String(tier.refund_percent),
  })),
});

const wholeNumber = (typed: string, max: number) =>
  /^\d{1,6}$/.test(typed.trim()) && Number(typed) <= max ? Number(typed) : undefined;

/** The policy typed, or why it cannot be sent: the API checks the same, and answers 400. */
function policyOf(draft: Draft): { policy: CancellationPolicy } | { problem: string } {
  const free = wholeNumber(draft.free, 10_080);
  if (free === undefined) return { problem: FREE_WRONG };
  const tiers = draft.tiers.map((tier) => ({
    hours_before: wholeNumber(tier.hours, 8_760),
    refund_percent: wholeNumber(tier.percent, 100),
  }));
  if (tiers.some((tier) => tier.hours_before === undefined || tier.refund_percent === undefined)) {
    return { problem: TIER_WRONG };
  }
  const checked = tiers as CancellationPolicy['tiers'];
  if (checked.some((tier, index) => index > 0 && tier.hours_before >= (checked[index - 1]?.hours_before ?? 0))) {
    return { problem: TIERS_ORDER };
  }
  return { policy: { free_minutes_after_booking: free, tiers: checked } };
}

/**
 * Online payment, the hold on a booking's dates while its customer pays, and the cancellation
 * policy (`PUT /api/operator/settings`). It edits only these: the tax and invoice settings go
 * back as they were read. The API refuses what cannot stand (online payment with no payment
 * gateway, in production); its message shows in the form.
 */
export function PaymentSettingsForm({ settings }: { settings: BusinessSettings }) {
  const [draft, setDraft] = useState(() => draftOf(settings));
  const [checked, setChecked] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const set = (change: Partial<Draft>) => setDraft((current) => ({ ...current, ...change }));
  const setTier = (index: number, change: Partial<Draft['tiers'][number]>) =>
    set({ tiers: draft.tiers.map((tier, at) => (at === index ? { ...tier, ...change } : tier)) });
  const hold = wholeNumber(draft.hold, HOLD_MINUTES.max);
  const holdWrong = checked && (hold === undefined || hold < HOLD_MINUTES.min) ? HOLD_WRONG : undefined;
  const policy = policyOf(draft);

  async function save(event: FormEvent) {
    event.preventDefault();
    setChecked(true);
    setProblem(undefined);
    if (hold === undefined || hold < HOLD_MINUTES.min || 'problem' in policy) return;
    // The other settings as last read (this form is not refilled when the tax form saves): the
    // server takes every setting back, and keeps them so.
    const { online_payment: _mode, payment_hold_minutes: _hold, cancellation_policy: _policy, ...rest } = settings;
    setBusy(true);
    try {
      const saved = await changeSettings<BusinessSettings>(
        'PUT',
        SETTINGS_PATH,
        {
          ...rest,
          online_payment: draft.online_payment,
          payment_hold_minutes: hold,
          cancellation_policy: policy.policy,
        },
        'Payment settings saved.',
      );
      setDraft(draftOf(saved));
      setChecked(false);
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={styles.panel} aria-labelledby="payments-title">
      <header className={styles.panelHead}>
        <Eyebrow>Payments</Eyebrow>
        <h2 id="payments-title" className={styles.panelTitle}>
          Payments and cancellations
        </h2>
        <p className={styles.panelIntro}>
          Whether customers pay online to confirm a booking, how long a booking holds its dates while they pay, and what
          a cancellation refunds of what was paid online.
        </p>
      </header>
      <form
        className={styles.taxForm}
        aria-label="Payments and cancellations"
        noValidate
        onSubmit={(event) => void save(event)}
      >
        <FieldGroup columns={2} legend="Online payment">
          <ChoiceField
            label="Online payment"
            options={MODE_OPTIONS}
            value={draft.online_payment}
            onChange={(event) => set({ online_payment: event.target.value as OnlinePayment })}
          />
          <Field
            label="Hold while paying (minutes)"
            type="number"
            inputMode="numeric"
            min={HOLD_MINUTES.min}
            max={HOLD_MINUTES.max}
            step="1"
            value={draft.hold}
            error={holdWrong}
            onChange={(event) => set({ hold: event.target.value })}
          />
        </FieldGroup>
        <FieldGroup columns={2} legend="Cancellation policy">
          <Field
            label="Free cancellation after booking (minutes)"
            type="number"
            inputMode="numeric"
            min={0}
            step="1"
            value={draft.free}
            onChange={(event) => set({ free: event.target.value })}
          />
          <p className={styles.policyNote}>
            After that, the first tier whose hours before pick-up have not passed sets the refund. Pick-up is the start
            of the pick-up day.
          </p>
        </FieldGroup>
        <ol className={styles.tiers} aria-label="Refund tiers">
          {draft.tiers.map((tier, index) => (
            <li key={index} className={styles.tier}>
              <Field
                label={`Tier ${index + 1}: from hours before pick-up`}
                type="number"
                inputMode="numeric"
                min={0}
                step="1"
                value={tier.hours}
                onChange={(event) => setTier(index, { hours: event.target.value })}
              />
              <Field
                label={`Tier ${index + 1}: refund (%)`}
                type="number"
                inputMode="numeric"
                min={0}
                max={100}
                step="1"
                value={tier.percent}
                onChange={(event) => setTier(index, { percent: event.target.value })}
              />
              {draft.tiers.length > 1 && (
                <RowAction
                  tone="danger"
                  aria-label={`Remove tier ${index + 1}`}
                  onClick={() => set({ tiers: draft.tiers.filter((_, at) => at !== index) })}
                >
                  Remove
                </RowAction>
              )}
            </li>
          ))}
        </ol>
        {draft.tiers.length < MAX_POLICY_TIERS && (
          <div>
            <RowAction onClick={() => set({ tiers: [...draft.tiers, { hours: '0', percent: '0' }] })}>
              Add a tier
            </RowAction>
          </div>
        )}
        <footer className={styles.formFoot}>
          {(problem ?? (checked && 'problem' in policy ? policy.problem : undefined)) && (
            <p role="alert" className={formStyles.problem}>
              {problem ?? ('problem' in policy ? policy.problem : '')}
            </p>
          )}
          <Button type="submit" busy={busy}>
            Save payment settings
          </Button>
        </footer>
      </form>
    </section>
  );
}
