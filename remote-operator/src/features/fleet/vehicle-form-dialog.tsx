import { useId, useState, type FormEvent } from 'react';
import { Button, CarImage, Eyebrow, Field, IMAGE_URL_PATTERN, oneLine, VEHICLE_TYPES } from '@rentora/shared';
import { ChoiceField } from '../../lib/choice-field';
import { FieldGroup, formStyles } from '../../lib/field-group';
import { PageDialog } from '../../lib/page-dialog';
import type { OperatorVehicle } from '@rentora/shared/operator';
import { CarRulesFields } from './car-rules-fields';
import { hasRuleProblems, ruleProblemsOf, rulesDraftOf, rulesPayloadOf, sameRules } from './car-rules';
import { changeFleet, FLEET_PATH, vehiclePath } from './fleet-api';
import { QuotePreview } from './quote-preview';
import fieldStyles from '../../lib/choice-field.module.css';
import styles from './vehicle-form-dialog.module.css';

/** The fields an operator types, by name; the form's sections set their order. */
const TEXT_FIELDS = {
  car_name: { label: 'Name', type: 'text' },
  brand_name: { label: 'Brand', type: 'text' },
  license_plate: { label: 'Licence plate', type: 'text' },
  location: { label: 'Location', type: 'text' },
  price_per_day: { label: 'Price per day (₹)', type: 'number' },
  seating_capacity: { label: 'Seats', type: 'number' },
  model_year: { label: 'Model year', type: 'number' },
  average: { label: 'Mileage (km/l)', type: 'number', step: '0.1' },
  fuel_type: { label: 'Fuel', type: 'text' },
  engine: { label: 'Engine', type: 'text' },
  transmission: { label: 'Transmission', type: 'text' },
  customer_ratings: { label: 'Rating (0–5)', type: 'number', step: '0.1' },
  image_url: { label: 'Photo address (https)', type: 'url' },
} as const satisfies Record<string, { label: string; type: 'text' | 'number' | 'url'; step?: string }>;

type TextFieldName = keyof typeof TEXT_FIELDS;
type FormValues = Record<TextFieldName | 'car_type' | 'description' | 'status', string>;

const TEXT_FIELD_NAMES = Object.keys(TEXT_FIELDS) as TextFieldName[];
const NUMBER_FIELDS = new Set<string>(TEXT_FIELD_NAMES.filter((name) => TEXT_FIELDS[name].type === 'number'));

function valuesOf(car: OperatorVehicle | undefined): FormValues {
  const values = Object.fromEntries(TEXT_FIELD_NAMES.map((name) => [name, car ? String(car[name]) : ''])) as Record<
    TextFieldName,
    string
  >;
  return {
    ...values,
    customer_ratings: car ? String(car.customer_ratings) : '0',
    car_type: car?.car_type ?? VEHICLE_TYPES[0],
    description: car?.description ?? '',
    status: 'in_service',
  };
}

/** What the API is sent: numbers as numbers; a new car's status; an edit sends its fields only. */
function payloadOf(values: FormValues, editing: boolean): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    if (editing && name === 'status') continue;
    // Trimmed; the description's box may hold paragraphs, which the car's page shows as one.
    payload[name] = NUMBER_FIELDS.has(name) ? Number(value) : oneLine(value);
  }
  return payload;
}

/** A photo address the preview may try: one the API would take; one that fails to load shows the drawn car. */
const previewable = (address: string) => IMAGE_URL_PATTERN.test(address.trim());

export interface VehicleFormDialogProps {
  /** The car to edit; none adds a new one. */
  car?: OperatorVehicle;
  onClose: () => void;
}

/**
 * The car form: every public field and the plate, in sections; two columns on a wide screen, one
 * on a phone. A new car starts as a draft or in service. The buttons and any refusal stay in view
 * at the foot of the dialog while the fields scroll.
 */
export function VehicleFormDialog({ car, onClose }: VehicleFormDialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const [values, setValues] = useState(() => valuesOf(car));
  const [rules, setRules] = useState(() => rulesDraftOf(car));
  const ruleProblems = ruleProblemsOf(rules);
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const set = (name: keyof FormValues, value: string) => setValues((current) => ({ ...current, [name]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (hasRuleProblems(ruleProblems)) {
      setProblem('Check the pricing rules: the marked fields cannot be saved as they are.');
      return;
    }
    setBusy(true);
    setProblem(undefined);
    // The form's foot shows any refusal, in view: a toast would repeat it over the buttons on a phone.
    const shownInForm = () => true;
    try {
      if (car) {
        await changeFleet(
          'PATCH',
          vehiclePath(car._id),
          { ...payloadOf(values, true), ...rulesPayloadOf(rules) },
          `${values.car_name} saved.`,
          shownInForm,
        );
      } else {
        await changeFleet(
          'POST',
          FLEET_PATH,
          { ...payloadOf(values, false), ...rulesPayloadOf(rules) },
          `${values.car_name} added.`,
          shownInForm,
        );
      }
      onClose();
    } catch (error) {
      setProblem((error as Error).message);
      setBusy(false);
    }
  }

  const input = (name: TextFieldName) => {
    const field: { label: string; type: string; step?: string } = TEXT_FIELDS[name];
    return (
      <Field
        label={field.label}
        type={field.type}
        step={field.step}
        required
        value={values[name]}
        onChange={(event) => set(name, event.target.value)}
      />
    );
  };

  return (
    <PageDialog titleId={titleId} onClose={onClose} width="wide">
      <form className={styles.form} onSubmit={(event) => void submit(event)}>
        <header className={styles.header}>
          <Eyebrow>{car ? car.license_plate : 'Fleet'}</Eyebrow>
          <h2 id={titleId} className={styles.title}>
            {car ? `Edit ${car.car_name}` : 'Add a car'}
          </h2>
        </header>
        <FieldGroup columns={2} legend="The car">
          {input('car_name')}
          {input('brand_name')}
          <ChoiceField
            label="Type"
            options={VEHICLE_TYPES.map((type) => ({ value: type, label: type }))}
            value={values.car_type}
            onChange={(event) => set('car_type', event.target.value)}
          />
          {input('model_year')}
        </FieldGroup>
        <FieldGroup columns={2} legend="Listing">
          {input('location')}
          {input('price_per_day')}
          {input('license_plate')}
          {car ? (
            input('customer_ratings')
          ) : (
            <ChoiceField
              label="Status"
              options={[
                { value: 'in_service', label: 'In service' },
                { value: 'draft', label: 'Draft (hidden)' },
              ]}
              value={values.status}
              onChange={(event) => set('status', event.target.value)}
            />
          )}
        </FieldGroup>
        <FieldGroup columns={2} legend="Pricing rules">
          <CarRulesFields rules={rules} problems={ruleProblems} onChange={setRules} />
          {car?.status === 'in_service' ? (
            <QuotePreview vehicleId={car._id} rulesSaved={sameRules(rules, car)} />
          ) : (
            // Customers can book (and so be quoted) only a car in service.
            <p className={styles.later}>Once the car is in service, its form previews a quote.</p>
          )}
        </FieldGroup>
        <FieldGroup columns={2} legend="Specifications">
          {input('seating_capacity')}
          {input('fuel_type')}
          {input('engine')}
          {input('transmission')}
          {input('average')}
          {!car && input('customer_ratings')}
        </FieldGroup>
        <FieldGroup columns={2} legend="Photo and description">
          <div className={styles.photo}>
            {previewable(values.image_url) ? (
              <CarImage
                src={values.image_url.trim()}
                alt={`Photo of ${values.car_name.trim() || 'the car'}`}
                width={320}
                sizes="(min-width: 48rem) 16rem, 100vw"
                loading="eager"
                className={styles.preview}
              />
            ) : (
              <p className={styles.placeholder}>The photo shows here once its address is in.</p>
            )}
          </div>
          <div className={styles.words}>
            {input('image_url')}
            <div className={fieldStyles.field}>
              <label htmlFor={descriptionId} className={fieldStyles.label}>
                Description
              </label>
              <textarea
                id={descriptionId}
                className={fieldStyles.textarea}
                required
                rows={4}
                value={values.description}
                onChange={(event) => set('description', event.target.value)}
              />
            </div>
          </div>
        </FieldGroup>
        <footer className={styles.footer}>
          {problem && (
            <p role="alert" className={formStyles.problem}>
              {problem}
            </p>
          )}
          <div className={formStyles.buttons}>
            <Button variant="ghost" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" busy={busy}>
              {car ? 'Save changes' : 'Add car'}
            </Button>
          </div>
        </footer>
      </form>
    </PageDialog>
  );
}
