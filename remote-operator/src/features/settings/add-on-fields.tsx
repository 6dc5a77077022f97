import { Field } from '@rentora/shared';
import { newAddOnSchema } from '@rentora/shared/operator';
import { ChoiceField } from '../../lib/choice-field';

/** An add-on as its form holds it. */
export interface AddOnDraft {
  label: string;
  price: string;
  per: 'day' | 'rental';
}

export const PER_OPTIONS = [
  { value: 'day', label: 'Per day' },
  { value: 'rental', label: 'Per rental' },
] as const;

export const addOnPayloadOf = (draft: AddOnDraft) => ({
  label: draft.label.trim(),
  price: Number(draft.price),
  per: draft.per,
});

/** An add-on's three fields: what it is, its price in whole rupees, and whether per day or per rental. */
export function AddOnFields({ draft, onChange }: { draft: AddOnDraft; onChange: (draft: AddOnDraft) => void }) {
  return (
    <>
      <Field
        label="Add-on"
        required
        maxLength={newAddOnSchema.properties.label.maxLength}
        placeholder="Chauffeur"
        value={draft.label}
        onChange={(event) => onChange({ ...draft, label: event.target.value })}
      />
      <Field
        label="Price (₹)"
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        required
        value={draft.price}
        onChange={(event) => onChange({ ...draft, price: event.target.value })}
      />
      <ChoiceField
        label="Charged"
        options={PER_OPTIONS}
        value={draft.per}
        onChange={(event) => onChange({ ...draft, per: event.target.value as AddOnDraft['per'] })}
      />
    </>
  );
}
