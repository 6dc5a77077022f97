import { addDays, BUSINESS_TIME_ZONE, MAX_DAYS_AHEAD, todayIn } from '@rentora/shared';
import { farTimeZone } from '@rentora/shared/testing/far-time-zone';
import { $businessTimeZone, $search, EMPTY_SEARCH } from '@rentora/state';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderCatalog } from '../../testing/render-catalog';

jest.setTimeout(20_000);

const today = todayIn(BUSINESS_TIME_ZONE);

afterEach(() =>
  act(() => {
    $search.set(EMPTY_SEARCH);
    $businessTimeZone.set(BUSINESS_TIME_ZONE);
  }),
);

describe('the hero search', () => {
  it('offers Location with "Any city" and each city with its number of cars, and the two dates', async () => {
    renderCatalog('/');
    const form = screen.getByRole('form', { name: 'Find a car' });
    const location = within(form).getByRole('combobox', { name: 'Location' });
    expect(within(location).getByRole('option', { name: 'Any city' })).toBeInTheDocument();
    expect(await within(location).findByRole('option', { name: 'Goa (3 cars)' })).toBeInTheDocument();
    expect(within(location).getByRole('option', { name: 'Siwan (1 car)' })).toBeInTheDocument();
    expect(within(location).getAllByRole('option')).toHaveLength(24);
    expect(within(form).getByLabelText('Pick-Up Date')).toHaveAttribute('type', 'date');
    expect(within(form).getByLabelText('Drop-Off Date')).toHaveAttribute('type', 'date');
    expect(within(form).getByRole('button', { name: 'Search' })).toBeVisible();
  });

  it('searches a city and dates on the fleet list, which shows each car’s total for the range', async () => {
    const user = userEvent.setup();
    const { router } = renderCatalog('/');
    const form = screen.getByRole('form', { name: 'Find a car' });
    await within(form).findByRole('option', { name: 'Goa (3 cars)' });
    const [pickUp, dropOff] = [addDays(today, 150), addDays(today, 152)];
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Location' }), 'Goa');
    await user.type(within(form).getByLabelText('Pick-Up Date'), pickUp);
    await user.type(within(form).getByLabelText('Drop-Off Date'), dropOff);
    await user.click(within(form).getByRole('button', { name: 'Search' }));

    expect(router.location.pathname).toBe('/vehicles');
    expect(router.location.search).toBe(`?location=Goa&pick_up_date=${pickUp}&drop_off_date=${dropOff}`);
    expect($search.get()).toEqual({ location: 'Goa', pick_up_date: pickUp, drop_off_date: dropOff });
    const list = await screen.findByRole('list', { name: 'Cars' });
    const cards = within(list).getAllByRole('article');
    expect(cards.length).toBeGreaterThan(0);
    expect(screen.getByText(`${cards.length} ${cards.length === 1 ? 'Result' : 'Results'}`)).toBeVisible();
    expect(within(cards[0]!).getByText(/^₹[\d,]+ for 3 days$/)).toBeVisible();
  });

  it('validates the dates with the booking rules and their messages, and stays put', async () => {
    const user = userEvent.setup();
    const { router } = renderCatalog('/');
    const form = screen.getByRole('form', { name: 'Find a car' });
    const pickUp = within(form).getByLabelText('Pick-Up Date');
    const dropOff = within(form).getByLabelText('Drop-Off Date');
    const search = within(form).getByRole('button', { name: 'Search' });

    await user.type(pickUp, addDays(today, 5));
    await user.click(search);
    expect(within(form).getByText('Choose a drop-off date.')).toBeVisible();
    expect(dropOff).toHaveAccessibleDescription('Choose a drop-off date.');

    await user.type(dropOff, addDays(today, 40));
    await user.click(search);
    expect(within(form).getByText('A rental can last at most 30 days.')).toBeVisible();

    await user.clear(pickUp);
    await user.type(pickUp, addDays(today, -1));
    await user.clear(dropOff);
    await user.type(dropOff, addDays(today, 1));
    await user.click(search);
    expect(within(form).getByText('Pick-up cannot be in the past.')).toBeVisible();
    expect(router.location.pathname).toBe('/');
  });

  it('searches every city when none is chosen and no dates are set', async () => {
    const user = userEvent.setup();
    const { router } = renderCatalog('/');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(router.location.pathname).toBe('/vehicles');
    expect(router.location.search).toBe('');
  });

  it('counts today in the zone the API names, not always India’s', async () => {
    renderCatalog('/');
    const form = screen.getByRole('form', { name: 'Find a car' });
    // The fleet's answer has named the API's zone; here another API's, on the far side of the date line.
    await within(form).findByRole('option', { name: 'Goa (3 cars)' });
    const zone = farTimeZone();
    act(() => $businessTimeZone.set(zone));

    const farToday = todayIn(zone);
    expect(farToday).not.toBe(todayIn(BUSINESS_TIME_ZONE));
    const pickUp = within(form).getByLabelText('Pick-Up Date');
    expect(pickUp).toHaveAttribute('min', farToday);
    expect(pickUp).toHaveAttribute('max', addDays(farToday, MAX_DAYS_AHEAD));
    expect(within(form).getByLabelText('Drop-Off Date')).toHaveAttribute('min', farToday);
  });
});
