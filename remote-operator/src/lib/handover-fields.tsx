import { Field } from '@rentora/shared';
import { DEPOSIT_METHODS, MAX_ODOMETER, type DepositMethod } from '@rentora/shared/operator';
import { ChoiceField } from './choice-field';
import styles from './handover-fields.module.css';

/** What the desk records at a hand-over, as typed. */
export interface PickUpDraft {
  odometer: string;
  method: DepositMethod | '';
  reference: string;
}

/** What the desk records at a return, as typed: now (the server's clock), or a time on the business's wall clock. */
export interface ReturnDraft {
  odometer: string;
  when: 'now' | 'earlier';
  returnedAt: string;
  tank: 'full' | 'not_full';
}

const METHOD_LABELS: Record<DepositMethod, string> = { cash: 'Cash', upi: 'UPI', card: 'Card' };

const METHOD_OPTIONS = [
  { value: '', label: 'Not taken' },
  ...DEPOSIT_METHODS.map((method) => ({ value: method, label: METHOD_LABELS[method] })),
];

function Odometer({ value, onChange, hint }: { value: string; onChange: (value: string) => void; hint: string }) {
  return (
    <div className={styles.wide}>
      <Field
        label="Odometer (km)"
        type="number"
        inputMode="numeric"
        min={0}
        max={MAX_ODOMETER}
        step={1}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      <p className={styles.hint}>{hint}</p>
    </div>
  );
}

/** The hand-over: the odometer, and the deposit taken with its method and reference. */
export function PickUpFields({ draft, onChange }: { draft: PickUpDraft; onChange: (draft: PickUpDraft) => void }) {
  return (
    <fieldset className={styles.fields}>
      <legend className={styles.legend}>Hand-over</legend>
      <Odometer
        value={draft.odometer}
        onChange={(odometer) => onChange({ ...draft, odometer })}
        hint="Read it now: the return's reading is measured from it."
      />
      <ChoiceField
        label="Deposit taken"
        options={METHOD_OPTIONS}
        value={draft.method}
        onChange={(event) => onChange({ ...draft, method: event.target.value as PickUpDraft['method'] })}
      />
      <Field
        label="Deposit reference"
        maxLength={100}
        placeholder={draft.method === 'cash' ? 'Receipt number' : 'UPI or card slip id'}
        disabled={draft.method === ''}
        value={draft.reference}
        onChange={(event) => onChange({ ...draft, reference: event.target.value })}
      />
    </fieldset>
  );
}

/** The return: the odometer, when it came back, and whether the tank was full. */
export function ReturnFields({ draft, onChange }: { draft: ReturnDraft; onChange: (draft: ReturnDraft) => void }) {
  return (
    <fieldset className={styles.fields}>
      <legend className={styles.legend}>Return</legend>
      <Odometer
        value={draft.odometer}
        onChange={(odometer) => onChange({ ...draft, odometer })}
        hint="Kilometres beyond the car's allowance are charged."
      />
      <ChoiceField
        label="Returned"
        options={[
          { value: 'now', label: 'Just now' },
          { value: 'earlier', label: 'Earlier: give the time' },
        ]}
        value={draft.when}
        onChange={(event) => onChange({ ...draft, when: event.target.value as ReturnDraft['when'] })}
      />
      <ChoiceField
        label="Fuel tank"
        options={[
          { value: 'full', label: 'Full' },
          { value: 'not_full', label: 'Not full (refuel fee)' },
        ]}
        value={draft.tank}
        onChange={(event) => onChange({ ...draft, tank: event.target.value as ReturnDraft['tank'] })}
      />
      {draft.when === 'earlier' && (
        <Field
          label="Returned at"
          className={styles.wide}
          type="datetime-local"
          required
          value={draft.returnedAt}
          onChange={(event) => onChange({ ...draft, returnedAt: event.target.value })}
        />
      )}
    </fieldset>
  );
}

const wholeOrNone = (value: string) => (value.trim() === '' ? undefined : Number(value));

/** The stage call's pick-up details: only what was typed. */
export function pickUpDetails(draft: PickUpDraft) {
  const odometer = wholeOrNone(draft.odometer);
  return {
    ...(odometer === undefined ? {} : { odometer }),
    ...(draft.method === '' ? {} : { deposit: { method: draft.method, reference: draft.reference.trim() } }),
  };
}

/** The stage call's return details; `returned_at` (an instant) only when not now: the server's clock says when now is. */
export function returnDetails(draft: ReturnDraft, returnedAt: string | undefined) {
  const odometer = wholeOrNone(draft.odometer);
  return {
    ...(odometer === undefined ? {} : { odometer }),
    ...(returnedAt === undefined ? {} : { returned_at: returnedAt }),
    tank_full: draft.tank === 'full',
  };
}
