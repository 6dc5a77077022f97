import { todayIn, BUSINESS_TIME_ZONE } from '@rentora/shared';
import { farTimeZone } from '@rentora/shared/testing/far-time-zone';
import {
  $businessTimeZone,
  $modal,
  $token,
  api,
  closeModal,
  configureApi,
  EMPTY_SEARCH,
  $liveStatus,
  setSearch,
  signUp,
} from '@rentora/state';
import { VALID_BOOKING_DETAILS } from '@rentora/shared/testing/booking-form';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderCatalog } from '../../testing/render-catalog';

let userCount = 0;
/** The live stream's events come within a second; a busy machine gets more. */
const LIVE = { timeout: 5_000 };

/** Until the tab's stream is open, a change is not heard. */
const streamOpen = () => waitFor(() => expect($liveStatus.get()).toBe('live'), LIVE);

async function logInNewUser(): Promise<string> {
  userCount += 1;
  const email = `detail-${Date.now()}-${userCount}@example.com`;
  const outcome = await signUp({ name: 'Asha Rao', email, password: 'long-enough-password', avatar: 'avatar1' });
  expect(outcome.ok).toBe(true);
  return $token.get()!;
}

function isoDaysFromToday(days: number): string {
  const today = new Date(`${todayIn(BUSINESS_TIME_ZONE)}T00:00:00Z`);
  return new Date(today.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

/** How many days ahead the first three-day range at least `days` away starts that is all in one month, as the calendar shows one. */
function daysToRangeInOneMonth(days: number): number {
  let start = days;
  while (isoDaysFromToday(start).slice(0, 7) !== isoDaysFromToday(start + 2).slice(0, 7)) start += 1;
  return start;
}

const longDate = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );

function displayDate(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${day}/${month}/${year}`;
}

afterEach(() => {
  act(() => {
    closeModal();
    $token.set(undefined);
    $businessTimeZone.set(BUSINESS_TIME_ZONE);
    setSearch(EMPTY_SEARCH);
  });
});

describe('VehicleDetailPage', () => {
  it('shows a skeleton, then the car with its rating, price, specs and title', async () => {
    renderCatalog('/vehicles/mercedes-benz-s-class');
    expect(screen.getByRole('status')).toHaveTextContent('Loading car details…');

    expect(await screen.findByRole('heading', { level: 1, name: 'Mercedes Benz S Class' })).toBeVisible();
    expect(screen.queryByText('Loading car details…')).not.toBeInTheDocument();
    expect(screen.getByText('Mercedes Benz')).toBeVisible();
    expect(screen.getByText('New Delhi')).toBeVisible();
    expect(screen.getByRole('img', { name: 'Rated 4.9 out of 5' })).toHaveTextContent('4.9');
    expect(screen.getByText('₹25000')).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Mercedes Benz S Class - Rentora'));

    const specs = screen.getByRole('table');
    const rows = within(specs)
      .getAllByRole('row')
      .map((row) => [within(row).getByRole('rowheader').textContent, within(row).getByRole('cell').textContent]);
    expect(rows).toEqual([
      ['Year', '2021'],
      ['Average', '15 KMPL'],
      ['Fuel Type', 'Petrol'],
      ['Engine', '3.0L V6'],
      ['Transmission', 'Automatic'],
    ]);
  });

  it('disables booking when logged out and offers to register', async () => {
    const user = userEvent.setup();
    renderCatalog('/vehicles/audi-q7');
    expect(await screen.findByRole('button', { name: 'Book A Ride' })).toBeDisabled();
    expect(screen.getByText(/You're not logged in\./)).toHaveTextContent("You're not logged in. Register here!");

    await user.click(screen.getByRole('button', { name: 'Register here!' }));
    expect($modal.get()).toEqual({ name: 'auth', view: 'signup' });
  });

  it('opens the Book Ride modal for this car when logged in', async () => {
    const user = userEvent.setup();
    await logInNewUser();
    renderCatalog('/vehicles/audi-q7');
    const book = await screen.findByRole('button', { name: 'Book A Ride' });
    expect(book).toBeEnabled();
    expect(screen.queryByText(/You're not logged in/)).not.toBeInTheDocument();

    await user.click(book);
    expect($modal.get()).toEqual({ name: 'book', vehicleId: 'audi-q7' });
  });

  it('shows an unavailable car as Unavailable, even when logged in', async () => {
    await logInNewUser();
    renderCatalog('/vehicles/ferrari-488');
    expect(await screen.findByRole('button', { name: 'Unavailable' })).toBeDisabled();
  });

  it('previews the photo full screen and closes on X, backdrop and Escape', async () => {
    const user = userEvent.setup();
    renderCatalog('/vehicles/bmw-x5');
    const open = await screen.findByRole('button', { name: 'View BMW X5 full screen' });

    await user.click(open);
    expect(screen.getByRole('dialog', { name: 'BMW X5 photo' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Close preview' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(open).toHaveFocus();

    await user.click(open);
    await user.click(screen.getByRole('dialog', { name: 'BMW X5 photo' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(open);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('lists booked dates, and a booking made elsewhere as it happens', async () => {
    const token = await logInNewUser();
    renderCatalog('/vehicles/kia-seltos');
    await screen.findByRole('heading', { level: 1, name: 'Kia Seltos' });
    expect(screen.queryByText(/^Booked:/)).not.toBeInTheDocument();
    await streamOpen();

    const pickUp = isoDaysFromToday(40);
    const dropOff = isoDaysFromToday(42);
    // Nothing here asks the API again: the page hears of the booking on the live stream.
    const shown = screen.findByText(`Booked: ${displayDate(pickUp)} → ${displayDate(dropOff)}`, {}, LIVE);
    const answer = await api.bookRide(
      'kia-seltos',
      {
        name: 'Asha Rao',
        age: '30',
        email: 'asha@example.com',
        phone_no: '9876543210',
        address: '12 MG Road, Bengaluru',
        pincode: '560001',
        pick_up_date: pickUp,
        drop_off_date: dropOff,
      },
      token,
      `detail-test-${Date.now()}`,
    );
    expect(answer.ok).toBe(true);
    expect(await shown).toBeVisible();
  });

  it('shows an Availability calendar with the searched range, fresh right after a booking and a cancellation', async () => {
    const token = await logInNewUser();
    const start = daysToRangeInOneMonth(60);
    const [pickUp, dropOff] = [isoDaysFromToday(start), isoDaysFromToday(start + 2)];
    act(() => setSearch({ location: '', pick_up_date: pickUp, drop_off_date: dropOff }));
    renderCatalog('/vehicles/hyundai-creta');
    const calendar = await screen.findByRole('grid', { name: 'Availability' });
    const day = (iso: string, suffix = '') =>
      within(calendar).getByRole('gridcell', { name: `${longDate(iso)}${suffix}` });
    expect(day(pickUp, ', pick-up')).toHaveAttribute('aria-selected', 'true');
    expect(day(isoDaysFromToday(start + 1))).toHaveAttribute('aria-selected', 'true');
    expect(day(dropOff, ', drop-off')).toHaveAttribute('aria-selected', 'true');

    await streamOpen();
    // Booked and cancelled elsewhere: the calendar follows the live stream, with no read of its own.
    const booked = within(calendar).findByRole('gridcell', { name: `${longDate(pickUp)}, booked, pick-up` }, LIVE);
    const answer = await api.bookRide(
      'hyundai-creta',
      { ...VALID_BOOKING_DETAILS, pick_up_date: pickUp, drop_off_date: dropOff },
      token,
      `calendar-test-${Date.now()}`,
    );
    expect(answer.ok).toBe(true);
    expect(await booked).toBeVisible();
    expect(day(isoDaysFromToday(start + 1), ', booked')).toBeVisible();

    const freed = within(calendar).findByRole('gridcell', { name: `${longDate(pickUp)}, pick-up` }, LIVE);
    expect((await api.cancelRide('hyundai-creta', token)).ok).toBe(true);
    expect(await freed).toBeVisible();
    expect(within(calendar).queryAllByRole('gridcell', { name: /booked/ })).toEqual([]);
  });

  it('ends the loading state, and leaves the page to the site’s 404 page, when the car does not exist', async () => {
    renderCatalog('/vehicles/no-such-car');
    await waitFor(() => expect(screen.queryByText('Loading car details…')).not.toBeInTheDocument());
    // The host shows the site's 404 page from the page's first read (host/src/app/missing-page.tsx).
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(document.title).toBe('Rentora');
  });

  it('ends the loading state when the API cannot be reached', async () => {
    configureApi({ baseUrl: 'http://127.0.0.1:9' });
    try {
      renderCatalog('/vehicles/volvo-xc90');
      await waitFor(() => expect(screen.queryByText('Loading car details…')).not.toBeInTheDocument());
      expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    } finally {
      configureApi({ baseUrl: process.env.RENTORA_TEST_API_URL ?? '' });
    }
  });

  it('marks today on the calendar in the zone the API names, not always India’s', async () => {
    const user = userEvent.setup();
    renderCatalog('/vehicles/kia-carnival');
    const calendar = await screen.findByRole('grid', { name: 'Availability' });
    const indiaToday = todayIn(BUSINESS_TIME_ZONE);
    expect(within(calendar).getByRole('gridcell', { name: `${longDate(indiaToday)}, today` })).toBeVisible();

    // Another API's zone, on the far side of the date line, named by the car's answer.
    const zone = farTimeZone();
    act(() => $businessTimeZone.set(zone));

    const farToday = todayIn(zone);
    if (farToday.slice(0, 7) !== indiaToday.slice(0, 7)) {
      await user.click(screen.getByRole('button', { name: farToday > indiaToday ? 'Next month' : 'Previous month' }));
    }
    expect(within(calendar).getByRole('gridcell', { name: `${longDate(farToday)}, today` })).toBeVisible();
    expect(
      within(calendar).queryByRole('gridcell', { name: `${longDate(indiaToday)}, today` }),
    ).not.toBeInTheDocument();
  });
});
