import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  addDays,
  BUSINESS_TIME_ZONE,
  formatDisplayDate,
  formatRupees,
  todayIn,
  type VehicleDetail,
} from '@rentora/shared';
import { api, EMPTY_SEARCH, refreshReads, setSearch } from '@rentora/state';
import { NO_RULES, setCarRules } from '@rentora/shared/testing/money-staff';
import { renderCatalog } from '../../testing/render-catalog';

jest.setTimeout(20_000);

/** A car no other suite prices: its rules are this file's. */
const CAR = 'mercedes-benz-gle';
const SERVER = { timeout: 10_000 };
const today = todayIn(BUSINESS_TIME_ZONE);
const longDate = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );

afterEach(() => act(() => setSearch(EMPTY_SEARCH)));
afterAll(() => setCarRules(CAR, NO_RULES));

describe('the car page’s prices', () => {
  it('shows no rules and no marks for a car without them', async () => {
    renderCatalog(`/vehicles/${CAR}`);
    const calendar = await screen.findByRole('grid', { name: 'Availability' }, SERVER);
    const todayCell = within(calendar).getByRole('gridcell', { name: `${longDate(today)}, today` });
    // Once the rules have come, the days have their price, and nothing else is said.
    await waitFor(() => expect(todayCell).toHaveAccessibleDescription(/\/day$/), SERVER);
    expect(screen.queryByRole('region', { name: 'Prices and discounts' })).not.toBeInTheDocument();
  });

  it('gives each day’s price on the calendar, marks the special ones, and lists the rules', async () => {
    const car = (await api.read<VehicleDetail>(`/api/vehicles/${CAR}`)).body as VehicleDetail;
    const festival = {
      start_date: addDays(today, 20),
      end_date: addDays(today, 22),
      price_per_day: car.price_per_day * 2,
    };
    await setCarRules(CAR, {
      date_prices: [festival],
      length_discounts: [
        { min_days: 7, percent: 10 },
        { min_days: 3, percent: 5 },
      ],
      deposit: 3_000,
    });
    // The page keeps the rules it read for the visit: this one reads them afresh.
    act(() => refreshReads((url) => url.endsWith('/prices')));
    act(() => setSearch({ location: '', pick_up_date: festival.start_date, drop_off_date: festival.end_date }));
    renderCatalog(`/vehicles/${CAR}`);

    const rules = await screen.findByRole('region', { name: 'Prices and discounts' }, SERVER);
    expect(
      within(rules)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      `${formatDisplayDate(festival.start_date)} to ${formatDisplayDate(festival.end_date)}${formatRupees(festival.price_per_day)}/day`,
      '3 days or more5% off',
      '7 days or more10% off',
    ]);
    expect(within(rules).getByRole('heading', { name: 'Special prices' })).toBeVisible();
    expect(within(rules).getByRole('heading', { name: 'Longer rentals cost less' })).toBeVisible();
    expect(rules).toHaveTextContent('Deposit ₹3,000refundable, paid at pick-up');

    // The calendar opens on the searched festival: its days say their price, as do the ordinary ones.
    const calendar = screen.getByRole('grid', { name: 'Availability' });
    const day = (iso: string) => within(calendar).getByRole('gridcell', { name: new RegExp(`^${longDate(iso)}`) });
    expect(day(festival.start_date)).toHaveAccessibleDescription(`${formatRupees(festival.price_per_day)}/day`);
    expect(day(addDays(festival.end_date, 1))).toHaveAccessibleDescription(`${formatRupees(car.price_per_day)}/day`);
    // Focus moves by the keyboard, and the price goes with it as the focused day's description.
    const user = userEvent.setup();
    await user.click(day(festival.start_date));
    await user.keyboard('{ArrowLeft}');
    expect(day(addDays(festival.start_date, -1))).toHaveFocus();
    expect(day(addDays(festival.start_date, -1))).toHaveAccessibleDescription(`${formatRupees(car.price_per_day)}/day`);
  });
});
