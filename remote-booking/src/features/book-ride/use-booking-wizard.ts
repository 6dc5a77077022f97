import { useEffect, useReducer, useRef, useState } from 'react';
import {
  bookingFormMessage,
  checkBookingForm,
  clashMessage,
  findClash,
  type BookedRange,
  type BookingField,
  type User,
} from '@rentora/shared';
import {
  $liveStatus,
  $search,
  $token,
  $user,
  $vehicle,
  newIdempotencyKey,
  refreshVehicle,
  useBusinessToday,
  useLiveAvailability,
  useStore,
} from '@rentora/state';
import { bookingWizardReducer, initialBookingWizardState, type BookingWizardAction } from './booking-wizard-state';
import { DATES_STEP } from './booking-steps';
import { sendBooking } from './send-booking';

/** The Book Ride wizard's state and rules: the form, its hints, the steps and the one booking it sends. */
export function useBookingWizard(vehicleId: string) {
  const user = useStore($user);
  const token = useStore($token);
  const { data: vehicle, loading: vehicleLoading } = useStore($vehicle(vehicleId));
  const today = useBusinessToday();
  // The dates of the shopper's search, if any, fill the Dates step (docs/product.md §2).
  const [state, dispatch] = useReducer(bookingWizardReducer, { user, dates: searchedDates() }, ({ user, dates }) =>
    initialBookingWizardState(user, dates),
  );
  // One key per wizard run: however often the request is retried, the server books once.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const sent = useRef(false);

  usePrefill(user, dispatch);

  // The cached car may predate bookings or cancellations since the page loaded; the clash check needs today's ranges.
  useEffect(() => refreshVehicle(vehicleId), [vehicleId]);
  // From then on the live stream keeps the car's days current, so a clash shows on the Dates step
  // as soon as someone else books them; without the stream, the car is read again on that step.
  useLiveAvailability();
  const onDatesStep = state.step === DATES_STEP;
  useEffect(() => {
    if (onDatesStep && $liveStatus.get() !== 'live') refreshVehicle(vehicleId);
  }, [onDatesStep, vehicleId]);

  const { form, touched, revealAllHints } = state;
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

  async function submit() {
    if (sent.current) return;
    if (Object.keys(errors).length > 0) {
      dispatch({ type: 'refuse', message: bookingFormMessage(errors), revealAllHints: true });
      return;
    }
    if (clash) {
      dispatch({ type: 'refuse', message: clashMessage(clash), revealAllHints: false });
      return;
    }
    sent.current = true;
    dispatch({ type: 'send' });
    const answer = await sendBooking(vehicleId, form, token ?? '', idempotencyKey);
    dispatch({ type: 'answer', ...answer });
  }

  return {
    ...state,
    vehicle,
    vehicleLoading,
    today,
    range,
    /** The clash of the chosen dates with the car's booked days, as the Dates step says it. */
    clashText: clash ? clashMessage(clash) : undefined,
    problems: Object.entries(errors) as [BookingField, string][],
    hintFor,
    edit: (field: BookingField, value: string) => dispatch({ type: 'edit', field, value }),
    leave: (field: BookingField) => dispatch({ type: 'leave', field }),
    moveTo: (step: number) => dispatch({ type: 'move', step }),
    pickDates: (range: BookedRange) => dispatch({ type: 'pickDates', range }),
    submit,
  };
}

function searchedDates(): BookedRange | undefined {
  const { pick_up_date, drop_off_date } = $search.get();
  return pick_up_date && drop_off_date ? { pick_up_date, drop_off_date } : undefined;
}

/** Name and email come from the logged-in user, once, even when the user loads after opening. */
function usePrefill(user: User | null, dispatch: (action: BookingWizardAction) => void) {
  const prefilled = useRef(user !== null);
  useEffect(() => {
    if (!user || prefilled.current) return;
    prefilled.current = true;
    dispatch({ type: 'prefill', user });
  }, [user, dispatch]);
}
