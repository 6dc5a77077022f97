import { addDays, BUSINESS_TIME_ZONE, todayIn, type Vehicle } from '@rentora/shared';
import { $liveStatus, $search, $token, api, EMPTY_SEARCH, signUp } from '@rentora/state';
import { VALID_BOOKING_DETAILS } from '@rentora/shared/testing/booking-form';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderCatalog } from '../../testing/render-catalog';

jest.setTimeout(20_000);

const today = todayIn(BUSINESS_TIME_ZONE);
/** The live stream's events come within a second; a busy machine gets more. */
const LIVE = { timeout: 5_000 };

afterEach(() =>
  act(() => {
    $search.set(EMPTY_SEARCH);
    $token.set(undefined);
  }),
);

async function carNames() {
  const list = await screen.findByRole('list', { name: 'Cars' });
  return within(list)
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);
}

async function fleet(): Promise<Vehicle[]> {
  return (await api.read<Vehicle[]>('/api/vehicles')).body as Vehicle[];
}

describe('the fleet toolbar’s where and when', () => {
  it('puts Location, Pick-Up Date and Drop-Off Date next to the name search, in the URL', async () => {
    const user = userEvent.setup();
    const { router } = renderCatalog('/vehicles');
    await screen.findByText('46 Results');
    const location = screen.getByRole('combobox', { name: 'Location' });
    await within(location).findByRole('option', { name: 'Mumbai (3 cars)' });
    await user.selectOptions(location, 'Mumbai');
    expect(router.location.search).toBe('?location=Mumbai');
    expect(await screen.findByText('3 Results')).toBeVisible();
    const inMumbai = (await fleet()).filter((car) => car.location === 'Mumbai').map((car) => car.car_name);
    expect(await carNames()).toEqual(inMumbai);

    const [pickUp, dropOff] = [addDays(today, 120), addDays(today, 121)];
    await user.type(screen.getByLabelText('Pick-Up Date'), pickUp);
    await user.type(screen.getByLabelText('Drop-Off Date'), dropOff);
    expect(router.location.search).toBe(`?location=Mumbai&pick_up_date=${pickUp}&drop_off_date=${dropOff}`);
    // Mumbai's out-of-service car never appears in a dated search.
    expect(await screen.findByText('2 Results')).toBeVisible();
    const cards = within(screen.getByRole('list', { name: 'Cars' })).getAllByRole('article');
    for (const card of cards) expect(within(card).getByText(/^₹[\d,]+ for 2 days$/)).toBeVisible();
  });

  it('drops a car booked elsewhere while the search is open, behind a "List updated" notice, and counts one fewer', async () => {
    const user = userEvent.setup();
    const [pickUp, dropOff] = [addDays(today, 130), addDays(today, 132)];
    renderCatalog(`/vehicles?location=Goa&pick_up_date=${pickUp}&drop_off_date=${dropOff}`);
    const before = await carNames();
    expect(screen.getByText(`${before.length} ${before.length === 1 ? 'Result' : 'Results'}`)).toBeVisible();
    await waitFor(() => expect($liveStatus.get()).toBe('live'), LIVE);

    const goa = (await fleet()).filter((car) => car.location === 'Goa' && before.includes(car.car_name));
    const booked = goa[0]!;
    await signUp({
      name: 'Asha Rao',
      email: `search-${Date.now()}@example.com`,
      password: 'long-enough-password',
      avatar: 'avatar1',
    });
    // Booked on the range's last day only: the car no longer fits the search.
    const notice = screen.findByRole('button', { name: 'List updated' }, LIVE);
    const answer = await api.bookRide(
      booked._id,
      { ...VALID_BOOKING_DETAILS, pick_up_date: dropOff, drop_off_date: addDays(dropOff, 1) },
      $token.get()!,
      `search-test-${Date.now()}`,
    );
    expect(answer.ok).toBe(true);

    // The first card is on screen (jsdom lays everything out at the top): the list holds still until asked.
    await user.click(await notice);
    const count = before.length - 1;
    expect(await screen.findByText(`${count} ${count === 1 ? 'Result' : 'Results'}`)).toBeVisible();
    expect(await carNames()).toEqual(before.filter((name) => name !== booked.car_name));
    expect(screen.queryByRole('button', { name: 'List updated' })).not.toBeInTheDocument();
  });

  it('takes back a car whose booking is cancelled while the search is open, and counts one more', async () => {
    const [pickUp, dropOff] = [addDays(today, 140), addDays(today, 142)];
    const registered = await api.register({
      name: 'Kiran Shah',
      email: `rejoin-${Date.now()}@example.com`,
      password: 'long-enough-password',
      avatar: 'avatar1',
    });
    const token = registered.body.token!;
    // Chandigarh's last car (the list's order is the fleet's), booked on the range's first day only.
    const answer = await api.bookRide(
      'lamborghini-aventador',
      { ...VALID_BOOKING_DETAILS, pick_up_date: addDays(pickUp, -1), drop_off_date: pickUp },
      token,
      `rejoin-test-${Date.now()}`,
    );
    expect(answer.ok).toBe(true);

    renderCatalog(`/vehicles?location=Chandigarh&pick_up_date=${pickUp}&drop_off_date=${dropOff}`);
    const before = await carNames();
    expect(before).not.toContain('Lamborghini Aventador');
    expect(screen.getByText(`${before.length} ${before.length === 1 ? 'Result' : 'Results'}`)).toBeVisible();
    await waitFor(() => expect($liveStatus.get()).toBe('live'), LIVE);

    // Cancelled elsewhere: the car is free on the searched days again, and in the searched city.
    // Looked for from before the cancel: the page may take the event before the cancel's answer.
    const count = before.length + 1;
    const counted = screen.findByText(`${count} Results`, undefined, LIVE);
    expect((await api.cancelRide('lamborghini-aventador', token)).ok).toBe(true);
    expect(await counted).toBeVisible();
    // It joins after every card on screen, so nothing moves and no notice holds it back.
    expect(await carNames()).toEqual([...before, 'Lamborghini Aventador']);
    expect(screen.queryByRole('button', { name: 'List updated' })).not.toBeInTheDocument();
  });

  it('names the filters when nothing matches and clears them all', async () => {
    const user = userEvent.setup();
    const [pickUp, dropOff] = [addDays(today, 10), addDays(today, 12)];
    const { router } = renderCatalog(`/vehicles?q=zzz&location=Goa&pick_up_date=${pickUp}&drop_off_date=${dropOff}`);
    expect(await screen.findByText('No cars found!')).toBeVisible();
    expect(screen.getByText('0 Results')).toBeVisible();
    const shown = (iso: string) => iso.split('-').reverse().join('/');
    expect(
      screen.getByText(`No car matches name “zzz”, in Goa, free ${shown(pickUp)} to ${shown(dropOff)}.`),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(router.location.search).toBe('');
    expect(await screen.findByText('46 Results')).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Location' })).toHaveValue('');
  });

  it('shows the booking rules’ message for dates that break them, and lists by city alone meanwhile', async () => {
    renderCatalog(`/vehicles?location=Goa&pick_up_date=${addDays(today, 2)}&drop_off_date=${addDays(today, 1)}`);
    expect(await screen.findByText('Drop-off must be on or after pick-up.')).toBeVisible();
    expect(await screen.findByText('3 Results')).toBeVisible();
  });
});
