import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import {
  $token,
  $user,
  $vehicle,
  addDays,
  BookedDates,
  bookingFormMessage,
  BUSINESS_TIME_ZONE,
  Button,
  checkBookingForm,
  clashMessage,
  Field,
  findClash,
  formatDisplayDate,
  formatRupees,
  isRealIsoDate,
  refreshVehicle,
  MAX_DAYS_AHEAD,
  MAX_RENTAL_DAYS,
  newIdempotencyKey,
  rentalDays,
  Skeleton,
  todayIn,
  type BookingField,
  type BookingForm,
  type BookRideModalProps,
  type User,
  type VehicleDetail,
} from '@rentora/shared';
import { BookingResult, type BookingOutcome } from './booking-result';
import { BOOKING_STEPS, emptyBookingForm, labelOf, RESULT_STEP, stepOf, type FieldSpec } from './booking-steps';
import { PriceSummary } from './price-summary';
import { ProgressBar } from './progress-bar';
import { sendBooking } from './send-booking';
import styles from './book-ride-wizard.module.css';

/** The Book Ride wizard of SPEC §2/§4: four input steps, then the result card. */
export function BookRideWizard({ titleId, onClose, vehicleId }: BookRideModalProps) {
  const user = useStore($user);
  const token = useStore($token);
  const { data: vehicle, loading: vehicleLoading } = useStore($vehicle(vehicleId));
  const today = todayIn(BUSINESS_TIME_ZONE);

  const [form, setForm] = useState<BookingForm>(() => emptyBookingForm(user));
  const [step, setStep] = useState(0);
  const [touched, setTouched] = useState<ReadonlySet<BookingField>>(() => new Set());
  const [revealAllHints, setRevealAllHints] = useState(false);
  const [outcome, setOutcome] = useState<BookingOutcome | null>(null);
  // One key per wizard run: however often the request is retried, the server books once.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const sent = useRef(false);
  const stepRef = useRef<HTMLFieldSetElement>(null);
  const focusAfterStep = useRef<BookingField | 'first' | null>(null);
  const actionsRef = useRef<HTMLDivElement>(null);

  usePrefill(user, setForm);

  // The cached car may predate bookings or cancellations since the page loaded; the clash check needs today's ranges.
  useEffect(() => refreshVehicle(vehicleId), [vehicleId]);

  useEffect(() => {
    const target = focusAfterStep.current;
    if (!target) return;
    focusAfterStep.current = null;
    const selector = target === 'first' ? 'input' : `input[name="${target}"]`;
    stepRef.current?.querySelector<HTMLInputElement>(selector)?.focus();
  }, [step]);

  // The forward button was disabled while sending, which drops focus: hand it back to 'Done'.
  const answered = outcome?.kind === 'answered';
  useEffect(() => {
    if (answered) actionsRef.current?.querySelector<HTMLButtonElement>('button:last-child')?.focus();
  }, [answered]);

  const errors = checkBookingForm(form, today);
  const range =
    errors.pick_up_date || errors.drop_off_date
      ? undefined
      : { pick_up_date: form.pick_up_date, drop_off_date: form.drop_off_date };
  const clash = range && vehicle ? findClash(vehicle.booked, range) : undefined;

  function hintFor(field: BookingField): string | undefined {
    const hint = revealAllHints || touched.has(field) ? errors[field] : undefined;
    if (field === 'drop_off_date' && !hint && clash) return clashMessage(clash);
    return hint;
  }

  function moveTo(nextStep: number, focus: BookingField | 'first') {
    focusAfterStep.current = focus;
    setOutcome(null);
    setStep(nextStep);
  }

  async function submit() {
    if (sent.current) return;
    setStep(RESULT_STEP);
    if (Object.keys(errors).length > 0) {
      setRevealAllHints(true);
      setOutcome({ kind: 'invalid', message: bookingFormMessage(errors) });
      return;
    }
    if (clash) {
      setOutcome({ kind: 'invalid', message: clashMessage(clash) });
      return;
    }
    sent.current = true;
    setOutcome({ kind: 'sending' });
    const answer = await sendBooking(vehicleId, form, token ?? '', idempotencyKey);
    setOutcome({ kind: 'answered', ...answer });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (step < RESULT_STEP - 1) moveTo(step + 1, 'first');
    else if (step === RESULT_STEP - 1) void submit();
  }

  const onResult = step === RESULT_STEP;
  const backVisible = step > 0 && (!onResult || outcome?.kind === 'invalid');
  const forwardLabel = onResult ? 'Done' : step === RESULT_STEP - 1 ? 'Submit' : 'Next';
  const currentStep = BOOKING_STEPS[step];
  const problems = Object.entries(errors) as [BookingField, string][];

  return (
    <div className={styles.wizard}>
      <div className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          Book Ride
        </h2>
        {vehicle ? <VehicleLine vehicle={vehicle} /> : vehicleLoading && <Skeleton width="14rem" height="1.25rem" />}
      </div>

      <ProgressBar step={step} />

      <form className={styles.form} noValidate onSubmit={onSubmit}>
        {currentStep ? (
          <fieldset key={step} ref={stepRef} className={styles.step}>
            <legend className={styles.legend}>{currentStep.legend}</legend>
            <div className={step === RESULT_STEP - 1 ? styles.dateFields : styles.fields}>
              {currentStep.fields.map((spec) => (
                <Field
                  key={spec.name}
                  {...inputAttributes(spec, form, today)}
                  value={form[spec.name]}
                  error={hintFor(spec.name)}
                  onChange={(event) => {
                    const { value } = event.target;
                    setForm((current) => ({ ...current, [spec.name]: value }));
                  }}
                  onBlur={() => setTouched((current) => new Set(current).add(spec.name))}
                />
              ))}
            </div>
            {step === RESULT_STEP - 1 && vehicle && (
              <>
                <BookedDates
                  booked={vehicle.booked}
                  today={today}
                  headingLevel={3}
                  emptyText="No bookings yet: every date is open."
                />
                <PriceSummary pricePerDay={vehicle.price_per_day} range={range} />
              </>
            )}
          </fieldset>
        ) : (
          outcome && (
            <div className={styles.step}>
              <BookingResult outcome={outcome} />
              {outcome.kind === 'invalid' && problems.length > 0 && (
                <ul className={styles.problems} aria-label="Fields to correct">
                  {problems.map(([field, hint]) => (
                    <li key={field}>
                      <button type="button" className={styles.problem} onClick={() => moveTo(stepOf(field), field)}>
                        <span className={styles.problemLabel}>{labelOf(field)}</span>
                        <span>{hint}</span>
                      </button>
                    </li>
                  ))}
                </ul>
              )}
              {outcome.kind === 'answered' && outcome.ok && vehicle && <Receipt vehicle={vehicle} form={form} />}
            </div>
          )
        )}

        <div ref={actionsRef} className={styles.actions}>
          {backVisible && (
            <Button variant="ghost" onClick={() => moveTo(step - 1, 'first')}>
              Back
            </Button>
          )}
          <Button
            className={styles.forward}
            size="lg"
            type={onResult ? 'button' : 'submit'}
            busy={outcome?.kind === 'sending'}
            onClick={onResult ? onClose : undefined}
          >
            {forwardLabel}
          </Button>
        </div>
      </form>
    </div>
  );
}

/** Name and email come from the logged-in user, once, even when the user loads after opening. */
function usePrefill(user: User | null, setForm: (update: (form: BookingForm) => BookingForm) => void) {
  const prefilled = useRef(user !== null);
  useEffect(() => {
    if (!user || prefilled.current) return;
    prefilled.current = true;
    setForm((form) => ({ ...form, name: form.name || user.name, email: form.email || user.email }));
  }, [user, setForm]);
}

function inputAttributes(spec: FieldSpec, form: BookingForm, today: string) {
  const common = {
    name: spec.name,
    label: spec.label,
    type: spec.type,
    inputMode: spec.inputMode,
    autoComplete: spec.autoComplete,
    required: true,
  };
  if (spec.name === 'age') return { ...common, min: 1, max: 119 };
  if (spec.name === 'pick_up_date') return { ...common, min: today, max: addDays(today, MAX_DAYS_AHEAD) };
  if (spec.name === 'drop_off_date') {
    const earliest = isRealIsoDate(form.pick_up_date) && form.pick_up_date > today ? form.pick_up_date : today;
    return { ...common, min: earliest, max: addDays(earliest, MAX_RENTAL_DAYS - 1) };
  }
  return common;
}

function VehicleLine({ vehicle }: { vehicle: VehicleDetail }) {
  return (
    <p className={styles.vehicle}>
      <span className={styles.vehicleName}>{vehicle.car_name}</span>
      <span className={styles.vehiclePrice}>{formatRupees(vehicle.price_per_day)}/day</span>
    </p>
  );
}

function Receipt({ vehicle, form }: { vehicle: VehicleDetail; form: BookingForm }) {
  const days = rentalDays(form.pick_up_date, form.drop_off_date);
  return (
    <section aria-label="Your booking">
      <dl className={styles.receipt}>
        <div>
          <dt>Car</dt>
          <dd>{vehicle.car_name}</dd>
        </div>
        <div>
          <dt>Dates</dt>
          <dd>
            {formatDisplayDate(form.pick_up_date)} → {formatDisplayDate(form.drop_off_date)}
          </dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd>
            {formatRupees(days * vehicle.price_per_day)} · {days} {days === 1 ? 'day' : 'days'}
          </dd>
        </div>
      </dl>
    </section>
  );
}
