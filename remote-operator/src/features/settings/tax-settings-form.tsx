import { useId, useState, type FormEvent } from 'react';
import {
  Button,
  checkGstin,
  Eyebrow,
  Field,
  GST_STATES,
  gstinStateCode,
  normaliseGstin,
  oneLine,
} from '@rentora/shared';
import { businessSettingsSchema, type BusinessSettings } from '@rentora/shared/operator';
import { ChoiceField } from '../../lib/choice-field';
import { FieldGroup, formStyles } from '../../lib/field-group';
import { changeSettings, SETTINGS_PATH } from './settings-api';
import fieldStyles from '../../lib/choice-field.module.css';
import styles from './settings-page.module.css';

const FIELDS = businessSettingsSchema.properties;

/** The settings this form edits; the payment settings have a form of their own and are kept as they are. */
type TaxSettings = Omit<BusinessSettings, 'online_payment' | 'payment_hold_minutes' | 'cancellation_policy'>;
type Draft = Record<Exclude<keyof TaxSettings, 'prices_include_tax'>, string> & { prices_include_tax: boolean };

const STATE_OPTIONS = [
  { value: '', label: 'Not set' },
  ...Object.entries(GST_STATES).map(([code, name]) => ({ value: code, label: `${code} · ${name}` })),
];

const TAX_INSIDE_OPTIONS = [
  { value: 'true', label: 'Prices include the tax' },
  { value: 'false', label: 'Tax is added to prices' },
];

const draftOf = ({
  online_payment,
  payment_hold_minutes,
  cancellation_policy,
  ...settings
}: BusinessSettings): Draft => ({
  ...settings,
  gst_rate: String(settings.gst_rate),
  late_fee_per_hour: String(settings.late_fee_per_hour),
  refuel_fee: String(settings.refuel_fee),
  max_km_per_day: String(settings.max_km_per_day),
});

const payloadOf = (draft: Draft): TaxSettings => ({
  ...draft,
  // The box takes the address as lines; invoices print it as one, its lines joined by commas.
  address: oneLine(draft.address, ', '),
  gstin: normaliseGstin(draft.gstin),
  invoice_prefix: draft.invoice_prefix.trim().toUpperCase(),
  credit_note_prefix: draft.credit_note_prefix.trim().toUpperCase(),
  gst_rate: Number(draft.gst_rate),
  late_fee_per_hour: Number(draft.late_fee_per_hour),
  refuel_fee: Number(draft.refuel_fee),
  max_km_per_day: Number(draft.max_km_per_day),
});

/** Why the GSTIN typed cannot be saved: not a GSTIN, or of another state than the one chosen. */
function gstinProblem(draft: Draft): string | undefined {
  const gstin = normaliseGstin(draft.gstin);
  if (gstin === '') return undefined;
  const wrong = checkGstin(gstin);
  if (wrong !== undefined) return wrong;
  if (gstinStateCode(gstin) !== draft.state_code)
    return `This GSTIN is registered in state ${gstinStateCode(gstin)}: choose that state.`;
  return undefined;
}

/**
 * The business's tax and invoice settings (`PUT /api/operator/settings`): who invoices, the GST
 * rate and SAC (settings: the rate on car rental is disputed), whether prices include the tax,
 * the invoice and credit note prefixes, the fees charged at return and the most kilometres a
 * return may record a day. Saved whole; new quotes use them at once.
 */
export function TaxSettingsForm({ settings }: { settings: BusinessSettings }) {
  const addressId = useId();
  const [draft, setDraft] = useState(() => draftOf(settings));
  const [problem, setProblem] = useState<string>();
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const set = (change: Partial<Draft>) => setDraft((current) => ({ ...current, ...change }));
  const gstinWrong = checked ? gstinProblem(draft) : undefined;

  async function save(event: FormEvent) {
    event.preventDefault();
    setChecked(true);
    setProblem(undefined);
    if (gstinProblem(draft) !== undefined) return;
    setBusy(true);
    try {
      const saved = await changeSettings<BusinessSettings>('PUT', SETTINGS_PATH, payloadOf(draft), 'Settings saved.');
      setDraft(draftOf(saved));
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  }

  const number = (
    name: 'gst_rate' | 'late_fee_per_hour' | 'refuel_fee' | 'max_km_per_day',
    label: string,
    step: string,
  ) => (
    <Field
      label={label}
      type="number"
      inputMode="decimal"
      min={name === 'max_km_per_day' ? FIELDS.max_km_per_day.minimum : 0}
      max={name === 'gst_rate' ? 100 : name === 'max_km_per_day' ? FIELDS.max_km_per_day.maximum : undefined}
      step={step}
      required
      value={draft[name]}
      onChange={(event) => set({ [name]: event.target.value })}
    />
  );

  return (
    <section className={styles.panel} aria-labelledby="tax-title">
      <header className={styles.panelHead}>
        <Eyebrow>Invoices</Eyebrow>
        <h2 id="tax-title" className={styles.panelTitle}>
          Tax and invoices
        </h2>
        <p className={styles.panelIntro}>
          Printed on every tax invoice and used by every new quote. Rentals already booked keep the tax and fees they
          were booked with.
        </p>
      </header>
      <form className={styles.taxForm} aria-label="Tax and invoices" onSubmit={(event) => void save(event)}>
        <FieldGroup columns={3} legend="The business">
          <Field
            label="Legal name"
            className={formStyles.wide}
            required
            maxLength={FIELDS.legal_name.maxLength}
            value={draft.legal_name}
            onChange={(event) => set({ legal_name: event.target.value })}
          />
          <ChoiceField
            label="GST state"
            options={STATE_OPTIONS}
            value={draft.state_code}
            onChange={(event) => set({ state_code: event.target.value })}
          />
          <div className={[fieldStyles.field, formStyles.wide].join(' ')}>
            <label htmlFor={addressId} className={fieldStyles.label}>
              Address
            </label>
            <textarea
              id={addressId}
              className={fieldStyles.textarea}
              rows={2}
              maxLength={FIELDS.address.maxLength}
              value={draft.address}
              onChange={(event) => set({ address: event.target.value })}
            />
          </div>
          <Field
            label="GSTIN"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={20}
            placeholder="Empty when not registered"
            value={draft.gstin}
            error={gstinWrong}
            onChange={(event) => set({ gstin: event.target.value })}
          />
        </FieldGroup>
        <FieldGroup columns={3} legend="Tax">
          {number('gst_rate', 'GST rate (%)', '0.01')}
          <Field
            label="SAC"
            inputMode="numeric"
            pattern="\d{4,8}"
            maxLength={8}
            placeholder="997311"
            value={draft.sac}
            onChange={(event) => set({ sac: event.target.value.trim() })}
          />
          <ChoiceField
            label="Prices and tax"
            options={TAX_INSIDE_OPTIONS}
            value={String(draft.prices_include_tax)}
            onChange={(event) => set({ prices_include_tax: event.target.value === 'true' })}
          />
        </FieldGroup>
        <FieldGroup columns={3} legend="Invoices and fees">
          <Field
            label="Invoice prefix"
            required
            pattern="[A-Za-z0-9]{1,4}"
            maxLength={4}
            title="One to four letters or digits"
            value={draft.invoice_prefix}
            onChange={(event) => set({ invoice_prefix: event.target.value })}
          />
          <Field
            label="Credit note prefix"
            required
            pattern="[A-Za-z0-9]{1,4}"
            maxLength={4}
            title="One to four letters or digits, not the invoice prefix"
            value={draft.credit_note_prefix}
            onChange={(event) => set({ credit_note_prefix: event.target.value })}
          />
          {number('late_fee_per_hour', 'Late fee per hour (₹)', '1')}
          {number('refuel_fee', 'Refuel fee (₹)', '1')}
          {number('max_km_per_day', 'Most km a return may record per day', '1')}
        </FieldGroup>
        <footer className={styles.formFoot}>
          {problem && (
            <p role="alert" className={formStyles.problem}>
              {problem}
            </p>
          )}
          <p className={styles.serial}>
            Invoices are numbered {draft.invoice_prefix.trim().toUpperCase() || 'PREFIX'}/YYYY/000001 and credit notes{' '}
            {draft.credit_note_prefix.trim().toUpperCase() || 'PREFIX'}/YYYY/000001, each series within each financial
            year.
          </p>
          <Button type="submit" busy={busy}>
            Save settings
          </Button>
        </footer>
      </form>
    </section>
  );
}
