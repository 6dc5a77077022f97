import { useEffect, useReducer, useRef, useState } from 'react';
import {
  bookingFormMessage,
  checkBookingForm,
  clashMessage,
  findClash,
  lengthDiscountFor,
  rentalDays,
  type AddOn,
  type BookedRange,
  type BookingField,
  type Quote,
  type User,
  type VehiclePrices,
} from '@rentora/shared';
import {
  $liveStatus,
  $search,
  $token,
  $user,
  $vehicle,
  newIdempotencyKey,
  readStore,
  refreshVehicle,
  useBusinessToday,
  useLiveAvailability,
  useStore,
} from '@rentora/state';
import { bookingWizardReducer, initialBookingWizardState, type BookingWizardAction } from './booking-wizard-state';
import { DATES_STEP } from './booking-steps';
import { validGstin } from './gstin-field';
import { ADD_ONS_PATH } from './quote-request';
import { sendBooking, type BookingExtras } from './send-booking';
import { useQuote } from './use-quote';

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
  const { data: offeredAddOns } = useStore(readStore<AddOn[]>(ADD_ONS_PATH));
  const { data: prices } = useStore(readStore<VehiclePrices>(vehiclePricesPath(vehicleId)));
  const [chosenAddOns, setChosenAddOns] = useState<readonly number[]>([]);
  const [gstinText, setGstinText] = useState('');
  const [bookedQuote, setBookedQuote] = useState<Quote>();

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
  const gstin = validGstin(gstinText);
  // Asked for on the Dates step only, where the summary shows it: quotes are rate-limited per address.
  const quoted = onDatesStep && !clash ? range : undefined;
  const { quote, pending: quotePending } = useQuote(vehicleId, quoted, chosenAddOns, gstin);

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
    await book(quote);
  }

  /** Books at `agreed`, the quote the customer saw (none while it was still on its way: the server prices anew). */
  async function book(agreed: Quote | undefined) {
    sent.current = true;
    dispatch({ type: 'send' });
    const extras: BookingExtras = {
      ...(agreed && { quote_id: agreed.id }),
      ...(chosenAddOns.length > 0 && { add_ons: [...chosenAddOns] }),
      ...(gstin !== undefined && { gstin }),
    };
    const answer = await sendBooking(vehicleId, form, extras, token ?? '', idempotencyKey);
    // A refusal for a changed price books nothing: the customer may confirm the new price.
    if (answer.newQuote) sent.current = false;
    else setBookedQuote(agreed);
    dispatch({ type: 'answer', ...answer });
  }

  return {
    ...state,
    vehicle,
    addOns: offeredAddOns ?? [],
    chosenAddOns,
    toggleAddOn: (id: number) =>
      setChosenAddOns((chosen) => (chosen.includes(id) ? chosen.filter((other) => other !== id) : [...chosen, id])),
    gstinText,
    setGstinText,
    quote,
    quotePending,
    prices,
    /** Until the quote comes, whether the car's own daily price is the whole story: days × it is the total. */
    plainPrice: isPlain(range, prices, chosenAddOns),
    bookedQuote,
    confirmNewQuote: (newQuote: Quote) => void book(newQuote),
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

const vehiclePricesPath = (vehicleId: string) => `/api/vehicles/${encodeURIComponent(vehicleId)}/prices`;

/** No date price, length discount or add-on reaches the range (unknown rules count as none). */
function isPlain(range: BookedRange | undefined, prices: VehiclePrices | undefined, addOns: readonly number[]) {
  if (!range || !prices || addOns.length > 0) return addOns.length === 0;
  const days = rentalDays(range.pick_up_date, range.drop_off_date);
  const datePriced = prices.date_prices.some(
    (datePrice) => datePrice.start_date <= range.drop_off_date && range.pick_up_date <= datePrice.end_date,
  );
  return !datePriced && lengthDiscountFor(days, prices.length_discounts) === undefined;
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
