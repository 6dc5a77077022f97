import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { useState } from 'react';
import {
  addDays,
  BUSINESS_TIME_ZONE,
  clashMessage,
  formatDisplayDate,
  formatRupees,
  MAX_DAYS_AHEAD,
  MESSAGES,
  ModalFrame,
  todayIn,
  type BookingForm,
  type VehicleDetail,
} from '@rentora/shared';
import { $liveStatus, $search, $token, $user, $vehicle, api, configureApi, EMPTY_SEARCH } from '@rentora/state';
import { readsSettled } from '@rentora/state/testing/reads-settled';
import { BookRideWizard } from './book-ride-wizard';
import { VALID_BOOKING_DETAILS } from '@rentora/shared/testing/booking-form';

// Each test walks a real form against the real API; 5 s is tight when every workspace's suite runs at once.
jest.setTimeout(20_000);

const TITLE_ID = 'book-ride-title';
/** The live stream's events come within a second; a busy machine gets more. */
const LIVE = { timeout: 5_000 };
const today = todayIn(BUSINESS_TIME_ZONE);

/** Days already handed out by freeRange in this file (its cars are booked by no other suite). */
const handedOut: { pick_up_date: string; drop_off_date: string }[] = [];

/** Dates within the bookable window that no other range of this file touches: a test's days are its own. */
function freeRange(length: number) {
  for (;;) {
    const pick_up_date = addDays(today, 1 + Math.floor(Math.random() * (MAX_DAYS_AHEAD - length)));
    const range = { pick_up_date, drop_off_date: addDays(pick_up_date, length - 1) };
    // ISO dates compare as strings; a day's gap keeps ranges from touching.
    const clashes = handedOut.some(
      (other) =>
        range.pick_up_date <= addDays(other.drop_off_date, 1) && addDays(range.drop_off_date, 1) >= other.pick_up_date,
    );
    if (clashes) continue;
    handedOut.push(range);
    return range;
  }
}

/** The wizard as the user gets it: inside the host's dialog frame, closed by its onClose. */
function Harness({ vehicleId, onClose }: { vehicleId: string; onClose: () => void }) {
  const [open, setOpen] = useState(true);
  if (!open) return null;
  const close = () => {
    onClose();
    setOpen(false);
  };
  return (
    <ModalFrame titleId={TITLE_ID} onClose={close}>
      <BookRideWizard titleId={TITLE_ID} onClose={close} vehicleId={vehicleId} />
    </ModalFrame>
  );
}

function openWizard(vehicleId = 'jaguar-xe') {
  const onClose = jest.fn();
  const user = userEvent.setup({ delay: null });
  render(<Harness vehicleId={vehicleId} onClose={onClose} />);
  const dialog = screen.getByRole('dialog', { name: 'Book Ride' });
  return { user, onClose, dialog };
}

/**
 * A booking's answer, refused or not, asks for its car again (send-booking.ts): waits for that
 * read inside act, so its answer cannot land after the test, outside act, on a busy machine.
 */
async function carReadAgain(): Promise<void> {
  await act(readsSettled);
}

async function vehicleLoaded(dialog: HTMLElement, vehicleId: string): Promise<VehicleDetail> {
  await waitFor(() => expect($vehicle(vehicleId).get().data).toBeDefined());
  // A car read by an earlier test shows at once from the cache while it is read again (its price
  // too): those answers land inside act, not during the test's next plain await.
  await act(readsSettled);
  const vehicle = $vehicle(vehicleId).get().data as VehicleDetail;
  await within(dialog).findByText(vehicle.car_name);
  return vehicle;
}

const next = (user: UserEvent, dialog: HTMLElement) => user.click(within(dialog).getByRole('button', { name: 'Next' }));

async function fill(user: UserEvent, dialog: HTMLElement, label: string, value: string) {
  const input = within(dialog).getByLabelText(label);
  await user.clear(input);
  if (value !== '') await user.type(input, value);
}

/** Walks steps 0–3 typing the given values, leaving the wizard on step 3. */
async function fillWizard(user: UserEvent, dialog: HTMLElement, form: Partial<BookingForm>) {
  const steps: [string, keyof BookingForm][][] = [
    [
      ['Name', 'name'],
      ['Age', 'age'],
    ],
    [
      ['Email', 'email'],
      ['Phone Number', 'phone_no'],
    ],
    [
      ['Address', 'address'],
      ['Pin Code', 'pincode'],
    ],
    [
      ['Pick-Up Date', 'pick_up_date'],
      ['Drop-Off Date', 'drop_off_date'],
    ],
  ];
  for (const [index, fields] of steps.entries()) {
    for (const [label, key] of fields) {
      const value = form[key];
      if (value !== undefined) await fill(user, dialog, label, value);
    }
    if (index < steps.length - 1) await next(user, dialog);
  }
}

const tokens: string[] = [];

async function registerUser(name: string): Promise<string> {
  const answer = await api.register({
    name,
    email: `booker-${crypto.randomUUID()}@example.com`,
    password: 'correct-horse-battery',
    avatar: 'avatar3',
  });
  expect(answer.ok).toBe(true);
  return answer.body.token as string;
}

async function logInAs(token: string) {
  $token.set(token);
  await waitFor(() => expect($user.get()).not.toBeNull());
}

beforeAll(async () => {
  tokens.push(await registerUser('Asha Rao'), await registerUser('Vikram Singh'));
});

const afterEachTest: (() => void)[] = [];

afterEach(() => {
  $token.set(undefined);
  afterEachTest.splice(0).forEach((cleanUp) => cleanUp());
});

describe('the steps', () => {
  it('is a dialog titled Book Ride with a 4-segment progress bar', async () => {
    const { dialog } = openWizard();
    expect(within(dialog).getByRole('heading', { name: 'Book Ride' })).toHaveAttribute('id', TITLE_ID);
    const progress = within(dialog).getByRole('progressbar', { name: 'Booking progress' });
    expect(progress).toHaveAttribute('aria-valuemax', '4');
    expect(progress).toHaveAttribute('aria-valuenow', '1');
    expect(progress).toHaveAttribute('aria-valuetext', 'Step 1 of 4: Driver');
    await vehicleLoaded(dialog, 'jaguar-xe');
  });

  it('walks Name, Age → Email, Phone Number → Address, Pin Code → the dates, with the right buttons', async () => {
    const { user, dialog } = openWizard();
    const progress = within(dialog).getByRole('progressbar');

    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toBeInTheDocument();
    expect(within(dialog).getByRole('spinbutton', { name: 'Age' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();

    await next(user, dialog);
    expect(within(dialog).getByRole('textbox', { name: 'Email' })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Phone Number' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(progress).toHaveAttribute('aria-valuenow', '2');

    await next(user, dialog);
    expect(within(dialog).getByRole('textbox', { name: 'Address' })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Pin Code' })).toBeInTheDocument();
    expect(progress).toHaveAttribute('aria-valuenow', '3');

    await next(user, dialog);
    const pickUp = within(dialog).getByLabelText('Pick-Up Date');
    expect(pickUp).toHaveAttribute('type', 'date');
    expect(pickUp).toHaveAttribute('min', today);
    expect(within(dialog).getByLabelText('Drop-Off Date')).toHaveAttribute('type', 'date');
    expect(within(dialog).getByRole('button', { name: 'Submit' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(progress).toHaveAttribute('aria-valuenow', '4');
    await vehicleLoaded(dialog, 'jaguar-xe');
  });

  it('keeps what was typed across Back and Next, and moves focus to the step’s first field', async () => {
    const { user, dialog } = openWizard();
    await fill(user, dialog, 'Name', 'Asha Rao');
    await fill(user, dialog, 'Age', '34');
    await next(user, dialog);
    expect(within(dialog).getByLabelText('Email')).toHaveFocus();
    await fill(user, dialog, 'Phone Number', '9876543210');
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));

    expect(within(dialog).getByLabelText('Name')).toHaveValue('Asha Rao');
    expect(within(dialog).getByLabelText('Age')).toHaveValue(34);
    await next(user, dialog);
    expect(within(dialog).getByLabelText('Phone Number')).toHaveValue('9876543210');
    await vehicleLoaded(dialog, 'jaguar-xe');
  });

  it('moves forward on Enter', async () => {
    const { user, dialog } = openWizard();
    await user.type(within(dialog).getByLabelText('Name'), 'Asha{Enter}');
    expect(within(dialog).getByLabelText('Email')).toBeInTheDocument();
    await vehicleLoaded(dialog, 'jaguar-xe');
  });

  it('closes on the X and on Escape', async () => {
    const { user, dialog, onClose } = openWizard();
    await vehicleLoaded(dialog, 'jaguar-xe');
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    const second = openWizard();
    await second.user.click(within(second.dialog).getByRole('button', { name: 'Close' }));
    expect(second.onClose).toHaveBeenCalledTimes(1);
  });
});

describe('validation (docs/product.md §5)', () => {
  it('shows the error card with Back on Submit of a blank form, and lists what to correct', async () => {
    const { user, dialog, onClose } = openWizard();
    await vehicleLoaded(dialog, 'jaguar-xe');
    await fillWizard(user, dialog, {});
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(within(dialog).getByRole('status')).toHaveTextContent(MESSAGES.invalidBookingForm);
    expect(within(dialog).getByRole('img', { name: 'Error' })).toBeInTheDocument();
    expect(within(dialog).getByRole('progressbar')).toHaveAttribute('aria-valuetext', 'All steps complete');
    const toCorrect = within(dialog).getByRole('list', { name: 'Fields to correct' });
    expect(within(toCorrect).getAllByRole('button')).toHaveLength(8);
    expect(within(dialog).getByRole('button', { name: 'Back' })).toBeInTheDocument();

    await user.click(within(toCorrect).getByRole('button', { name: /^Pin Code/ }));
    expect(within(dialog).getByLabelText('Pin Code')).toHaveFocus();
    expect(within(dialog).getByLabelText('Pin Code')).toHaveAccessibleDescription('Enter exactly 6 digits.');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('goes back to the dates from the error card with every hint shown, then Done closes', async () => {
    const { user, dialog, onClose } = openWizard();
    await vehicleLoaded(dialog, 'jaguar-xe');
    await fillWizard(user, dialog, { ...VALID_BOOKING_DETAILS, age: '120', pick_up_date: '', drop_off_date: '' });
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));

    expect(within(dialog).getByLabelText('Pick-Up Date')).toHaveAccessibleDescription('Choose a pick-up date.');
    expect(within(dialog).getByRole('button', { name: 'Submit' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['Age', 0, '0', 'Age must be between 1 and 119.'],
    ['Age', 0, '1', undefined],
    ['Age', 0, '119', undefined],
    ['Age', 0, '120', 'Age must be between 1 and 119.'],
    ['Phone Number', 1, '987654321', 'Enter exactly 10 digits.'],
    ['Phone Number', 1, '9876543210', undefined],
    ['Phone Number', 1, '98765432101', 'Enter exactly 10 digits.'],
    ['Phone Number', 1, '98765abcde', 'Enter exactly 10 digits.'],
    ['Pin Code', 2, '56000', 'Enter exactly 6 digits.'],
    ['Pin Code', 2, '560001', undefined],
    ['Pin Code', 2, '5600011', 'Enter exactly 6 digits.'],
    ['Email', 1, 'asha rao@example.com', 'Enter an email like name@example.com, without spaces.'],
    ['Email', 1, 'asha@example.com', undefined],
    ['Name', 0, '   ', 'Enter the driver’s name.'],
    ['Address', 2, '  ', 'Enter an address.'],
  ])('%s on step %i: %j → hint %j once the field is left', async (label, step, value, hint) => {
    const { user, dialog } = openWizard();
    for (let index = 0; index < step; index += 1) await next(user, dialog);
    const input = within(dialog).getByLabelText(label);
    await fill(user, dialog, label, value);
    expect(input).not.toHaveAttribute('aria-invalid');
    await user.tab();
    if (hint) {
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(input).toHaveAccessibleDescription(hint);
    } else {
      expect(input).not.toHaveAttribute('aria-invalid');
    }
    await vehicleLoaded(dialog, 'jaguar-xe');
  });

  it.each([
    ['age 0', { age: '0' }],
    ['age 120', { age: '120' }],
    ['a 9-digit phone number', { phone_no: '987654321' }],
    ['an 11-digit phone number', { phone_no: '98765432101' }],
    ['letters in the phone number', { phone_no: '98765abcde' }],
    ['a 5-digit pin code', { pincode: '56000' }],
    ['a 7-digit pin code', { pincode: '5600011' }],
    ['an email with a space', { email: 'asha rao@example.com' }],
    ['a blank name', { name: '' }],
    ['a blank address', { address: '' }],
  ])('refuses to send a form with %s', async (_, change) => {
    const { user, dialog } = openWizard();
    await vehicleLoaded(dialog, 'jaguar-xe');
    await fillWizard(user, dialog, { ...VALID_BOOKING_DETAILS, ...freeRange(2), ...change });
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(within(dialog).getByRole('status')).toHaveTextContent(MESSAGES.invalidBookingForm);
    expect(within(dialog).getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });

  it('refuses a pick-up after the drop-off', async () => {
    const { user, dialog } = openWizard();
    await vehicleLoaded(dialog, 'jaguar-xe');
    const { pick_up_date } = freeRange(1);
    await fillWizard(user, dialog, {
      ...VALID_BOOKING_DETAILS,
      pick_up_date,
      drop_off_date: addDays(pick_up_date, -1),
    });
    await user.tab();
    expect(within(dialog).getByLabelText('Drop-Off Date')).toHaveAccessibleDescription(
      'Drop-off must be on or after pick-up.',
    );
    expect(within(dialog).getByLabelText('Drop-Off Date')).toHaveAttribute('min', pick_up_date);
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(within(dialog).getByRole('status')).toHaveTextContent(MESSAGES.invalidBookingForm);
  });

  it('refuses a pick-up in the past', async () => {
    const { user, dialog } = openWizard();
    await vehicleLoaded(dialog, 'jaguar-xe');
    await fillWizard(user, dialog, {
      ...VALID_BOOKING_DETAILS,
      pick_up_date: addDays(today, -1),
      drop_off_date: today,
    });
    expect(within(dialog).getByLabelText('Pick-Up Date')).toHaveAccessibleDescription('Pick-up cannot be in the past.');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(within(dialog).getByRole('status')).toHaveTextContent(MESSAGES.invalidBookingForm);
  });
});

describe('the price summary', () => {
  it('shows days × ₹/day = total as the dates are chosen', async () => {
    const { user, dialog } = openWizard('audi-a6');
    const vehicle = await vehicleLoaded(dialog, 'audi-a6');
    await fillWizard(user, dialog, {});
    const summary = within(dialog).getByRole('region', { name: 'Price summary' });
    expect(summary).toHaveTextContent(
      `${formatRupees(vehicle.price_per_day)}/day · choose your dates to see the total.`,
    );

    const range = freeRange(5);
    await fill(user, dialog, 'Pick-Up Date', range.pick_up_date);
    await fill(user, dialog, 'Drop-Off Date', range.drop_off_date);
    expect(summary).toHaveTextContent(`5 days × ${formatRupees(vehicle.price_per_day)}/day`);
    expect(summary).toHaveTextContent(`Total${formatRupees(5 * vehicle.price_per_day)}`);
  });
});

describe('dates from a search, and the calendar', () => {
  afterEach(() => act(() => $search.set(EMPTY_SEARCH)));

  const longDate = (iso: string) =>
    new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${iso}T00:00:00Z`),
    );

  it('starts on the dates the shopper searched, shown on the inputs, the calendar and the total', async () => {
    const range = freeRange(3);
    act(() => $search.set({ location: 'Goa', ...range }));
    const { user, dialog } = openWizard('audi-a6');
    const vehicle = await vehicleLoaded(dialog, 'audi-a6');
    await fillWizard(user, dialog, {});
    expect(within(dialog).getByLabelText('Pick-Up Date')).toHaveValue(range.pick_up_date);
    expect(within(dialog).getByLabelText('Drop-Off Date')).toHaveValue(range.drop_off_date);
    const calendar = within(dialog).getByRole('grid', { name: 'Choose your dates' });
    expect(
      within(calendar).getByRole('gridcell', { name: `${longDate(range.pick_up_date)}, pick-up` }),
    ).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByRole('region', { name: 'Price summary' })).toHaveTextContent(
      `Total${formatRupees(3 * vehicle.price_per_day)}`,
    );
  });

  it('picks the range by clicking the pick-up day, then the drop-off day, or with the keyboard', async () => {
    const { user, dialog } = openWizard('jaguar-xe');
    const vehicle = await vehicleLoaded(dialog, 'jaguar-xe');
    await fillWizard(user, dialog, {});
    const calendar = within(dialog).getByRole('grid', { name: 'Choose your dates' });
    const [pickUp, dropOff] = [addDays(today, 1), addDays(today, 2)];
    const cell = (iso: string) => within(calendar).getByRole('gridcell', { name: new RegExp(`^${longDate(iso)}`) });
    const showMonthOf = async (iso: string) => {
      while (!within(calendar).queryByRole('gridcell', { name: new RegExp(`^${longDate(iso)}`) })) {
        await user.click(within(dialog).getByRole('button', { name: 'Next month' }));
      }
    };
    await showMonthOf(pickUp);
    await user.click(cell(pickUp));
    await showMonthOf(dropOff);
    await user.click(cell(dropOff));
    expect(within(dialog).getByLabelText('Pick-Up Date')).toHaveValue(pickUp);
    expect(within(dialog).getByLabelText('Drop-Off Date')).toHaveValue(dropOff);
    expect(within(dialog).getByRole('region', { name: 'Price summary' })).toHaveTextContent(
      `Total${formatRupees(2 * vehicle.price_per_day)}`,
    );

    await user.keyboard('{ArrowRight}{Enter}{ArrowRight}{Enter}');
    expect(within(dialog).getByLabelText('Pick-Up Date')).toHaveValue(addDays(today, 3));
    expect(within(dialog).getByLabelText('Drop-Off Date')).toHaveValue(addDays(today, 4));
  });
});

describe('booking against the real API', () => {
  it('prefills the user, books the car, shows the server’s message and fetches user and car again', async () => {
    await logInAs(tokens[0] as string);
    const { user, dialog, onClose } = openWizard('hyundai-santa-fe');
    const vehicle = await vehicleLoaded(dialog, 'hyundai-santa-fe');
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Asha Rao');
    await next(user, dialog);
    expect(within(dialog).getByLabelText('Email')).toHaveValue($user.get()?.email);
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));

    const range = freeRange(3);
    const { age, phone_no, address, pincode } = VALID_BOOKING_DETAILS;
    await fillWizard(user, dialog, { age, phone_no, address, pincode, ...range });
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    const status = within(dialog).getByRole('status');
    await waitFor(() => expect(within(dialog).getByRole('img', { name: 'Success' })).toBeInTheDocument());
    expect(status).toHaveTextContent(
      `${vehicle.car_name} is booked from ${formatDisplayDate(range.pick_up_date)} to ` +
        `${formatDisplayDate(range.drop_off_date)}: 3 days, ${formatRupees(3 * vehicle.price_per_day)} in total.`,
    );
    expect(within(dialog).queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('region', { name: 'Your booking' })).toHaveTextContent(
      formatRupees(3 * vehicle.price_per_day),
    );

    await waitFor(() =>
      expect($user.get()?.cars_rented).toEqual([
        expect.objectContaining({ car: expect.objectContaining({ _id: 'hyundai-santa-fe' }), ...range }),
      ]),
    );
    await waitFor(() => expect($vehicle('hyundai-santa-fe').get().data?.booked).toContainEqual(range));

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('catches a clash before sending, with the server’s message, even when the car was cached before the booking', async () => {
    // The detail page holds the car, as it does when the user clicks 'Book A Ride'.
    const stopHolding = $vehicle('jaguar-xe').listen(() => undefined);
    afterEachTest.push(stopHolding);
    await waitFor(() => expect($vehicle('jaguar-xe').get().data).toBeDefined());
    const range = freeRange(4);
    const form = { ...VALID_BOOKING_DETAILS, ...range };
    const booked = await api.bookRide('jaguar-xe', form, tokens[0] as string, crypto.randomUUID());
    expect(booked.ok).toBe(true);

    await logInAs(tokens[1] as string);
    const { user, dialog } = openWizard('jaguar-xe');
    await waitFor(() => expect($vehicle('jaguar-xe').get().data?.booked).toContainEqual(range));
    await fillWizard(user, dialog, { ...VALID_BOOKING_DETAILS, ...range });
    const expected = clashMessage(range);
    expect(within(dialog).getByRole('region', { name: 'Already booked' })).toHaveTextContent(
      expected
        .slice('This car is already booked from '.length, -'. Please choose other dates.'.length)
        .replace(' to ', ' → '),
    );
    expect(within(dialog).getByLabelText('Drop-Off Date')).toHaveAccessibleDescription(expected);

    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(within(dialog).getByRole('status')).toHaveTextContent(expected);
    expect(within(dialog).getByRole('img', { name: 'Error' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect((await api.getUser(tokens[1] as string)).body).toHaveProperty('cars_rented', []);
  });

  it('says at once on the Dates step when someone else books the chosen days, and lets her pick others', async () => {
    await logInAs(tokens[1] as string);
    const { user, dialog } = openWizard('maserati-ghibli');
    await vehicleLoaded(dialog, 'maserati-ghibli');
    const range = freeRange(2);
    await fillWizard(user, dialog, { ...VALID_BOOKING_DETAILS, ...range });
    await waitFor(() => expect($liveStatus.get()).toBe('live'), LIVE);
    const announcer = within(dialog).getByRole('status');
    expect(announcer).toHaveTextContent('');

    const expected = clashMessage(range);
    const announced = waitFor(() => expect(announcer).toHaveTextContent(expected), LIVE);
    const taken = await api.bookRide(
      'maserati-ghibli',
      { ...VALID_BOOKING_DETAILS, ...range },
      tokens[0] as string,
      crypto.randomUUID(),
    );
    expect(taken.ok).toBe(true);
    // Before any Submit: the announcement, the field's hint and the calendar's new days.
    await announced;
    expect(within(dialog).getByLabelText('Drop-Off Date')).toHaveAccessibleDescription(expected);
    expect(within(dialog).getByRole('region', { name: 'Already booked' })).toHaveTextContent(
      `${formatDisplayDate(range.pick_up_date)} → ${formatDisplayDate(range.drop_off_date)}`,
    );

    const other = freeRange(2);
    await fill(user, dialog, 'Pick-Up Date', other.pick_up_date);
    await fill(user, dialog, 'Drop-Off Date', other.drop_off_date);
    expect(announcer).toHaveTextContent('');
    expect(within(dialog).getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it('without the live stream, reads the car again on the Dates step and shows a clash made since it opened', async () => {
    // A proxy that blocks the stream: the tab has no EventSource to open it with.
    const { EventSource } = globalThis;
    Reflect.deleteProperty(globalThis, 'EventSource');
    afterEachTest.push(() => {
      globalThis.EventSource = EventSource;
      act(() => $search.set(EMPTY_SEARCH));
    });
    // The stream an earlier test opened closes a moment after its last listener left.
    await waitFor(() => expect($liveStatus.get()).toBe('off'), LIVE);

    // She searched these dates, so the wizard opens on them, free when it opens.
    const range = freeRange(3);
    act(() => $search.set({ ...EMPTY_SEARCH, ...range }));
    await logInAs(await registerUser('Neha Joshi'));
    const { user, dialog } = openWizard('nissan-kicks');
    await vehicleLoaded(dialog, 'nissan-kicks');
    await waitFor(() => expect($vehicle('nissan-kicks').get().loading).toBe(false));
    expect($vehicle('nissan-kicks').get().data?.booked).not.toContainEqual(range);
    expect($liveStatus.get()).toBe('unavailable');

    // Another customer books those days while she fills in the first steps; nothing tells this tab.
    const other = await registerUser('Rahul Das');
    const taken = await api.bookRide(
      'nissan-kicks',
      { ...VALID_BOOKING_DETAILS, ...range },
      other,
      crypto.randomUUID(),
    );
    expect(taken.ok).toBe(true);
    const { age, email, phone_no, address, pincode } = VALID_BOOKING_DETAILS;
    await fill(user, dialog, 'Age', age);
    await next(user, dialog);
    await fill(user, dialog, 'Email', email);
    await fill(user, dialog, 'Phone Number', phone_no);
    await next(user, dialog);
    await fill(user, dialog, 'Address', address);
    await fill(user, dialog, 'Pin Code', pincode);
    expect($vehicle('nissan-kicks').get().data?.booked).not.toContainEqual(range);

    await next(user, dialog);
    expect(within(dialog).getByLabelText('Pick-Up Date')).toHaveValue(range.pick_up_date);
    expect(within(dialog).getByLabelText('Drop-Off Date')).toHaveValue(range.drop_off_date);

    // The last step read the car again: the clash shows before any Submit, and the calendar's new days with it.
    const expected = clashMessage(range);
    await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent(expected));
    expect(within(dialog).getByLabelText('Drop-Off Date')).toHaveAccessibleDescription(expected);
    expect(within(dialog).getByRole('region', { name: 'Already booked' })).toHaveTextContent(
      `${formatDisplayDate(range.pick_up_date)} → ${formatDisplayDate(range.drop_off_date)}`,
    );

    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(within(dialog).getByRole('status')).toHaveTextContent(expected);
    expect(within(dialog).getByRole('img', { name: 'Error' })).toBeInTheDocument();
    expect($user.get()?.cars_rented).toEqual([]);
  });

  it('shows the server’s refusal with an error icon and no Back', async () => {
    await logInAs(tokens[1] as string);
    const { user, dialog } = openWizard('mahindra-xuv500');
    await vehicleLoaded(dialog, 'mahindra-xuv500');
    const form = { ...VALID_BOOKING_DETAILS, ...freeRange(2) };
    const refusal = await api.bookRide('mahindra-xuv500', form, tokens[1] as string, crypto.randomUUID());
    expect(refusal.ok).toBe(false);

    await fillWizard(user, dialog, form);
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await within(dialog).findByRole('img', { name: 'Error' });
    expect(within(dialog).getByRole('status')).toHaveTextContent(refusal.body.message);
    expect(within(dialog).queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Done' })).toBeEnabled();
    await carReadAgain();
  });

  it('shows the 3-rental limit on the last step when a 4th booking is refused', async () => {
    const token = await registerUser('Kabir Shah');
    for (const car of ['audi-a8', 'bmw-3-series', 'honda-accord']) {
      const booked = await api.bookRide(car, { ...VALID_BOOKING_DETAILS, ...freeRange(2) }, token, crypto.randomUUID());
      expect([car, booked.status]).toEqual([car, 201]);
    }
    await logInAs(token);
    const { user, dialog } = openWizard('toyota-camry');
    await vehicleLoaded(dialog, 'toyota-camry');

    await fillWizard(user, dialog, { ...VALID_BOOKING_DETAILS, ...freeRange(2) });
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    await within(dialog).findByRole('img', { name: 'Error' });
    expect(within(dialog).getByRole('status')).toHaveTextContent(MESSAGES.rentalLimit);
    expect(MESSAGES.rentalLimit).toBe(
      'This account already has 3 upcoming rentals. Cancel one or wait until one ends.',
    );
    expect(within(dialog).queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    await waitFor(() => expect($user.get()?.cars_rented).toHaveLength(3));
  });

  it('shows ‘Error renting car!’ when the server cannot be reached', async () => {
    await logInAs(tokens[1] as string);
    const { user, dialog } = openWizard('audi-a6');
    await vehicleLoaded(dialog, 'audi-a6');
    await fillWizard(user, dialog, { ...VALID_BOOKING_DETAILS, ...freeRange(2) });
    const testApiUrl = process.env.RENTORA_TEST_API_URL as string;
    configureApi({ baseUrl: 'http://127.0.0.1:9' });
    try {
      await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
      await within(dialog).findByText(MESSAGES.networkBooking);
    } finally {
      configureApi({ baseUrl: testApiUrl });
    }
    expect(within(dialog).getByRole('img', { name: 'Error' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
  });
});
