import type { FormEvent } from 'react';
import { BookedDates, Button, Field, formatPrice, formatRupees, Skeleton, type VehicleDetail } from '@rentora/shared';
import { type BookRideModalProps } from '@rentora/state';
import { AddOnPicker } from './add-on-picker';
import { BookingReceipt } from './booking-receipt';
import { BookingResult } from './booking-result';
import { DatesCalendar } from './dates-calendar';
import { GstinField } from './gstin-field';
import { PaymentStep } from './payment-step';
import { PriceChanged } from './price-changed';
import { BOOKING_STEPS, inputAttributes, labelOf, RESULT_STEP, stepOf } from './booking-steps';
import { PriceSummary } from './price-summary';
import { ProgressBar } from './progress-bar';
import { useBookingWizard } from './use-booking-wizard';
import { usePayment, type PaymentStage } from './use-payment';
import { useWizardFocus, type StepFocus } from './use-wizard-focus';
import styles from './book-ride-wizard.module.css';

/** The Book Ride wizard of docs/product.md §2/§4: four input steps, then the result card. */
export function BookRideWizard({ titleId, onClose, vehicleId }: BookRideModalProps) {
  const wizard = useBookingWizard(vehicleId);
  const { form, step, outcome, vehicle, today, problems } = wizard;
  const held = outcome?.kind === 'answered' && outcome.ok ? outcome.payment : undefined;
  const payment = usePayment(held, vehicleId, vehicle?.car_name ?? '');
  const { stepRef, actionsRef, focusAfterMove } = useWizardFocus(
    step,
    outcome?.kind === 'answered',
    held && payment.settled,
  );

  function moveTo(nextStep: number, focus: StepFocus) {
    focusAfterMove(focus);
    wizard.moveTo(nextStep);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (step < RESULT_STEP - 1) moveTo(step + 1, 'first');
    else if (step === RESULT_STEP - 1) void wizard.submit();
  }

  const onResult = step === RESULT_STEP;
  const backVisible = step > 0 && (!onResult || outcome?.kind === 'invalid');
  const paying = held !== undefined && !payment.finished;
  const forwardLabel = paying
    ? payLabel(payment.stage.kind, formatPrice(held.amount_paise))
    : onResult
      ? 'Done'
      : step === RESULT_STEP - 1
        ? 'Submit'
        : 'Next';
  const currentStep = BOOKING_STEPS[step];

  return (
    <div className={styles.wizard}>
      <div className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          Book Ride
        </h2>
        {vehicle ? (
          <VehicleLine vehicle={vehicle} />
        ) : (
          wizard.vehicleLoading && <Skeleton width="14rem" height="1.25rem" />
        )}
      </div>

      <ProgressBar step={step} lastStep={paying ? 'Payment' : 'Result'} />

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
                  error={wizard.hintFor(spec.name)}
                  onChange={(event) => wizard.edit(spec.name, event.target.value)}
                  onBlur={() => wizard.leave(spec.name)}
                />
              ))}
            </div>
            {step === RESULT_STEP - 1 && (
              <DatesCalendar
                booked={vehicle?.booked ?? []}
                today={today}
                range={{ pick_up_date: form.pick_up_date, drop_off_date: form.drop_off_date }}
                onPick={wizard.pickDates}
                prices={wizard.prices}
              />
            )}
            {step === RESULT_STEP - 1 && (
              // Said politely as soon as the chosen days are taken, by this booking or someone else's.
              <p role="status" className="visually-hidden">
                {wizard.clashText}
              </p>
            )}
            {step === RESULT_STEP - 1 && wizard.addOns.length > 0 && (
              <AddOnPicker addOns={wizard.addOns} chosen={wizard.chosenAddOns} onToggle={wizard.toggleAddOn} />
            )}
            {step === RESULT_STEP - 1 && (wizard.quote?.tax.rate ?? 0) > 0 && (
              <GstinField value={wizard.gstinText} onChange={wizard.setGstinText} />
            )}
            {step === RESULT_STEP - 1 && vehicle && (
              <>
                <PriceSummary
                  pricePerDay={vehicle.price_per_day}
                  range={wizard.range}
                  quote={wizard.quote}
                  pending={wizard.quotePending}
                  plain={wizard.plainPrice}
                />
                <BookedDates
                  booked={vehicle.booked}
                  today={today}
                  headingLevel={3}
                  emptyText="No bookings yet: every date is open."
                />
              </>
            )}
          </fieldset>
        ) : (
          outcome && (
            <div className={styles.step}>
              {!held && <BookingResult outcome={outcome} />}
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
              {outcome.kind === 'answered' && outcome.newQuote && (
                <PriceChanged quote={outcome.newQuote} onConfirm={wizard.confirmNewQuote} />
              )}
              {held ? (
                <PaymentStep
                  payment={held}
                  heldMessage={outcome.kind === 'answered' ? outcome.message : ''}
                  stage={payment.stage}
                  holdEnded={payment.holdEnded}
                >
                  {vehicle && (
                    <BookingReceipt
                      vehicle={vehicle}
                      form={form}
                      quote={wizard.bookedQuote}
                      paidOnlinePaise={held.amount_paise}
                    />
                  )}
                </PaymentStep>
              ) : (
                outcome.kind === 'answered' &&
                outcome.ok &&
                vehicle && <BookingReceipt vehicle={vehicle} form={form} quote={wizard.bookedQuote} />
              )}
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
            busy={outcome?.kind === 'sending' || (paying && payment.busy)}
            onClick={paying ? () => void payment.pay() : onResult ? onClose : undefined}
          >
            {forwardLabel}
          </Button>
        </div>
      </form>
    </div>
  );
}

/** The wizard's button while a held booking awaits its payment: pay, or try again after a miss. */
function payLabel(stage: PaymentStage['kind'], amount: string): string {
  if (stage === 'unconfirmed') return 'Check again';
  if (stage === 'declined' || stage === 'unavailable' || stage === 'refused') return 'Try again';
  return `Pay ${amount}`;
}

function VehicleLine({ vehicle }: { vehicle: VehicleDetail }) {
  return (
    <p className={styles.vehicle}>
      <span className={styles.vehicleName}>{vehicle.car_name}</span>
      <span className={styles.vehiclePrice}>{formatRupees(vehicle.price_per_day)}/day</span>
    </p>
  );
}
