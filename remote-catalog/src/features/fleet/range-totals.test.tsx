import { act, screen, within } from '@testing-library/react';
import {
  addDays,
  BUSINESS_TIME_ZONE,
  formatPrice,
  formatRupees,
  todayIn,
  type QuoteTotal,
  type VehicleDetail,
} from '@rentora/shared';
import { $search, api, EMPTY_SEARCH } from '@rentora/state';
import { NO_RULES, setCarRules } from '@rentora/shared/testing/money-staff';
import { renderCatalog } from '../../testing/render-catalog';

jest.setTimeout(20_000);

/** A car no other suite prices: its rules are this file's. */
const CAR = 'land-rover-discovery';
const SERVER = { timeout: 10_000 };
const today = todayIn(BUSINESS_TIME_ZONE);

afterEach(() => act(() => $search.set(EMPTY_SEARCH)));
afterAll(() => setCarRules(CAR, NO_RULES));

describe('a dated search’s cards', () => {
  it('show the range’s total with the car’s rules applied, as the API quotes it', async () => {
    const car = (await api.read<VehicleDetail>(`/api/vehicles/${CAR}`)).body as VehicleDetail;
    const pickUp = addDays(today, 150);
    const range = { pick_up_date: pickUp, drop_off_date: addDays(pickUp, 2) };
    // A festival on the middle day, and a discount from three days.
    await setCarRules(CAR, {
      date_prices: [
        { start_date: addDays(pickUp, 1), end_date: addDays(pickUp, 1), price_per_day: car.price_per_day + 10_000 },
      ],
      length_discounts: [{ min_days: 3, percent: 10 }],
    });
    const query = new URLSearchParams({ location: car.location, ...range }).toString();
    renderCatalog(`/vehicles?${query}`);

    const list = await screen.findByRole('list', { name: 'Cars' }, SERVER);
    const card = within(list).getByRole('article', { name: car.car_name });
    const totals = (
      await api.read<QuoteTotal[]>(`/api/quotes?${new URLSearchParams({ vehicles: CAR, ...range }).toString()}`)
    ).body as QuoteTotal[];
    const quoted = totals[0]?.total_paise ?? 0;
    // (3 days at the car’s price + ₹10,000) less 10%, in paise: not days × the daily price.
    expect(quoted).toBe((3 * car.price_per_day + 10_000) * 90);
    expect(within(card).getByText(`${formatPrice(quoted)} for 3 days`)).toBeVisible();
    expect(within(card).queryByText(`${formatRupees(3 * car.price_per_day)} for 3 days`)).not.toBeInTheDocument();
    // The other cards of the search show their totals too, each from the same answer.
    for (const other of within(list).getAllByRole('article')) {
      expect(within(other).getByText(/^₹[\d,]+(\.\d\d)? for 3 days$/)).toBeVisible();
    }
  });
});
