import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { addDays, BUSINESS_TIME_ZONE, ModalFrame, todayIn, type BookingForm } from '@rentora/shared';
import { $businessTimeZone, $vehicle } from '@rentora/state';
import { farTimeZone } from '@rentora/shared/testing/far-time-zone';
import { VALID_BOOKING_DETAILS } from '@rentora/shared/testing/booking-form';
import { BookRideWizard } from './book-ride-wizard';

// The wizard talks to the real API; 5 s is tight when every workspace's suite runs at once.
jest.setTimeout(20_000);

const TITLE_ID = 'book-ride-title';
const today = todayIn(BUSINESS_TIME_ZONE);

async function openDatesStep(details: Omit<BookingForm, 'pick_up_date' | 'drop_off_date'>) {
  const user = userEvent.setup({ delay: null });
  render(
    <ModalFrame titleId={TITLE_ID} onClose={() => {}}>
      <BookRideWizard titleId={TITLE_ID} onClose={() => {}} vehicleId="jaguar-xe" />
    </ModalFrame>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Book Ride' });
  await waitFor(() => expect($vehicle('jaguar-xe').get().data).toBeDefined());
  const steps: [string, string][][] = [
    [
      ['Name', details.name],
      ['Age', details.age],
    ],
    [
      ['Email', details.email],
      ['Phone Number', details.phone_no],
    ],
    [
      ['Address', details.address],
      ['Pin Code', details.pincode],
    ],
  ];
  for (const fields of steps) {
    for (const [label, value] of fields) await type(user, dialog, label, value);
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
  }
  return { user, dialog };
}

async function type(user: UserEvent, dialog: HTMLElement, label: string, value: string) {
  const input = within(dialog).getByLabelText(label);
  await user.clear(input);
  await user.type(input, value);
}

describe('the booking limits, shown before anything is sent', () => {
  it('refuses a rental longer than 30 days on the drop-off field and in the answer', async () => {
    const { user, dialog } = await openDatesStep(VALID_BOOKING_DETAILS);
    const pickUp = addDays(today, 10);
    expect(within(dialog).getByLabelText('Pick-Up Date')).toHaveAttribute('max', addDays(today, 180));
    await type(user, dialog, 'Pick-Up Date', pickUp);
    await type(user, dialog, 'Drop-Off Date', addDays(pickUp, 30));
    await user.tab();
    const dropOff = within(dialog).getByLabelText('Drop-Off Date');
    expect(dropOff).toHaveAttribute('max', addDays(pickUp, 29));
    expect(dropOff).toHaveAccessibleDescription('A rental can last at most 30 days.');

    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(within(dialog).getByRole('status')).toHaveTextContent('A rental can last at most 30 days.');
  });

  it('refuses a pick-up more than 180 days ahead on the pick-up field and in the answer', async () => {
    const { user, dialog } = await openDatesStep(VALID_BOOKING_DETAILS);
    await type(user, dialog, 'Pick-Up Date', addDays(today, 181));
    await type(user, dialog, 'Drop-Off Date', addDays(today, 182));
    expect(within(dialog).getByLabelText('Pick-Up Date')).toHaveAccessibleDescription(
      'Pick-up must be within the next 180 days.',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(within(dialog).getByRole('status')).toHaveTextContent('Pick-up must be within the next 180 days.');
  });

  it('counts today in the zone the API names, not always India’s', async () => {
    const { user, dialog } = await openDatesStep(VALID_BOOKING_DETAILS);
    // Another API's zone, on the far side of the date line, named by the car's answer.
    const zone = farTimeZone();
    act(() => $businessTimeZone.set(zone));
    try {
      const farToday = todayIn(zone);
      const pickUp = within(dialog).getByLabelText('Pick-Up Date');
      expect(pickUp).toHaveAttribute('min', farToday);
      expect(pickUp).toHaveAttribute('max', addDays(farToday, 180));

      // That zone's yesterday is refused, its today accepted, whatever the date is in India.
      await type(user, dialog, 'Pick-Up Date', addDays(farToday, -1));
      await user.tab();
      expect(pickUp).toHaveAccessibleDescription('Pick-up cannot be in the past.');
      await type(user, dialog, 'Pick-Up Date', farToday);
      await user.tab();
      expect(pickUp).not.toHaveAccessibleDescription('Pick-up cannot be in the past.');
    } finally {
      act(() => $businessTimeZone.set(BUSINESS_TIME_ZONE));
    }
  });
});
