import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import {
  addDays,
  BUSINESS_TIME_ZONE,
  formatDisplayDate,
  formatPrice,
  formatRupees,
  GSTIN_MESSAGES,
  ModalFrame,
  todayIn,
  type Quote,
  type VehicleDetail,
} from '@rentora/shared';
import { $search, $token, $user, $vehicle, api, apiUrl, EMPTY_SEARCH } from '@rentora/state';
import { VALID_BOOKING_DETAILS } from '@rentora/shared/testing/booking-form';
import { NO_RULES, offerAddOn, rentalsOf, setCarRules, withdrawAddOn } from '@rentora/shared/testing/money-staff';
import { useState } from 'react';
import { BookRideWizard } from './book-ride-wizard';
import { GstinField } from './gstin-field';

jest.setTimeout(30_000);

/** A car no other suite books or prices: its rules are this file's. */
const CAR = 'mercedes-benz-a-class';
const SERVER = { timeout: 10_000 };
const today = todayIn(BUSINESS_TIME_ZONE);

afterEach(() => {
  $token.set(undefined);
  act(() => $search.set(EMPTY_SEARCH));
});
afterAll(() => setCarRules(CAR, NO_RULES));

async function signedInCustomer(): Promise<string> {
  const answer = await api.register({
    name: 'Meera Iyer',
    email: `quoted-${crypto.randomUUID()}@example.com`,
    password: 'correct-horse-battery',
    avatar: 'avatar4',
  });
  const token = answer.body.token as string;
  $token.set(token);
  await waitFor(() => expect($user.get()).not.toBeNull(), SERVER);
  return token;
}

/** Opens the wizard on the searched `range` and walks it to its Dates step. */
async function wizardAtDates(range: { pick_up_date: string; drop_off_date: string }) {
  act(() => $search.set({ ...EMPTY_SEARCH, ...range }));
  const user = userEvent.setup({ delay: null });
  render(
    <ModalFrame titleId="title" onClose={() => undefined}>
      <BookRideWizard titleId="title" onClose={() => undefined} vehicleId={CAR} />
    </ModalFrame>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Book Ride' });
  await waitFor(() => expect($vehicle(CAR).get().data).toBeDefined(), SERVER);
  const car = $vehicle(CAR).get().data as VehicleDetail;
  await within(dialog).findByText(car.car_name);
  await walkToDates(user, dialog);
  return { user, dialog, car };
}

async function walkToDates(user: UserEvent, dialog: HTMLElement) {
  const { age, phone_no, address, pincode } = VALID_BOOKING_DETAILS;
  for (const [label, value] of [
    ['Age', age],
    ['Phone Number', phone_no],
    ['Address', address],
    ['Pin Code', pincode],
  ] as const) {
    while (!within(dialog).queryByLabelText(label)) {
      await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    }
    await user.type(within(dialog).getByLabelText(label), value);
  }
  await user.click(within(dialog).getByRole('button', { name: 'Next' }));
}

/** What the API quotes for the same request, to compare the screen with. */
async function quoteFromApi(body: Record<string, unknown>): Promise<Quote> {
  const response = await fetch(apiUrl('/api/quotes'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ vehicle_id: CAR, ...body }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Quote;
}

/** A call of the test's own while the wizard's reads (the user after a booking) may still answer. */
const settled = <T,>(call: Promise<T>) => act(() => call);

const row = (summary: HTMLElement, name: RegExp) => within(summary).getByRole('row', { name });

describe('the wizard priced by the API', () => {
  it('offers the add-ons and shows the quote’s lines, discount, total and deposit, then books at that quote', async () => {
    const token = await signedInCustomer();
    const pickUp = addDays(today, 140);
    const range = { pick_up_date: pickUp, drop_off_date: addDays(pickUp, 7) };
    const festival = { start_date: addDays(pickUp, 2), end_date: addDays(pickUp, 3) };
    const base = ((await (await fetch(apiUrl(`/api/vehicles/${CAR}`))).json()) as VehicleDetail).price_per_day;
    await setCarRules(CAR, {
      date_prices: [{ ...festival, price_per_day: base * 2 }],
      length_discounts: [{ min_days: 7, percent: 10 }],
      deposit: 5_000,
    });
    const chauffeur = await offerAddOn('Chauffeur', 1_500, 'day');
    try {
      const { user, dialog, car } = await wizardAtDates(range);
      const summary = within(dialog).getByRole('region', { name: 'Price summary' });
      await user.click(within(dialog).getByRole('checkbox', { name: 'Chauffeur ₹1,500/day' }));
      await within(summary).findByRole('row', { name: /^Chauffeur/ }, SERVER);

      const quote = await settled(quoteFromApi({ ...range, add_ons: [chauffeur] }));
      const [days, festivalDays, chauffeurLine] = quote.lines;
      expect(row(summary, /^Daily price 6 days/)).toHaveTextContent(
        `Daily price6 days × ${formatRupees(car.price_per_day)}${formatPrice(days?.amount_paise ?? 0)}`,
      );
      const when = `${formatDisplayDate(festival.start_date)} to ${formatDisplayDate(festival.end_date)}`;
      expect(row(summary, new RegExp(`^Daily price, ${when}`))).toHaveTextContent(
        `2 days × ${formatRupees(car.price_per_day * 2)}${formatPrice(festivalDays?.amount_paise ?? 0)}`,
      );
      expect(row(summary, /^Chauffeur/)).toHaveTextContent(
        `Chauffeur8 days × ₹1,500${formatPrice(chauffeurLine?.amount_paise ?? 0)}`,
      );
      expect(row(summary, /^Length discount/)).toHaveTextContent(
        `Length discount, 10% off the car’s days−${formatPrice(quote.discount_paise)}`,
      );
      expect(summary).toHaveTextContent(`Total${formatPrice(quote.total_paise)}`);
      expect(summary).toHaveTextContent('Deposit ₹5,000refundable, paid at pick-up');

      await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
      await within(dialog).findByRole('img', { name: 'Success' }, SERVER);
      const receipt = within(dialog).getByRole('region', { name: 'Your booking' });
      expect(receipt).toHaveTextContent(`Total${formatPrice(quote.total_paise)} · 8 days`);
      expect(receipt).toHaveTextContent('Deposit₹5,000 · refundable, paid at pick-up');
      expect(await settled(rentalsOf(token))).toEqual([
        expect.objectContaining({ total_paise: quote.total_paise, deposit_paise: 500_000 }),
      ]);
    } finally {
      await withdrawAddOn(chauffeur);
    }
  });

  it('shows the new price when it changed since the quote, and books only once it is confirmed', async () => {
    const token = await signedInCustomer();
    await setCarRules(CAR, NO_RULES);
    const pickUp = addDays(today, 160);
    const range = { pick_up_date: pickUp, drop_off_date: addDays(pickUp, 2) };
    const { user, dialog, car } = await wizardAtDates(range);
    const summary = within(dialog).getByRole('region', { name: 'Price summary' });
    // The car's own price and nothing else: today's two lines.
    await waitFor(() => expect(summary).toHaveAttribute('aria-busy', 'false'), SERVER);
    expect(summary).toHaveTextContent(`3 days × ${formatRupees(car.price_per_day)}/day`);
    expect(summary).toHaveTextContent(`Total${formatRupees(3 * car.price_per_day)}`);

    // The desk raises the price of those days while the customer looks at the old one.
    await settled(
      setCarRules(CAR, {
        date_prices: [{ start_date: pickUp, end_date: addDays(pickUp, 2), price_per_day: car.price_per_day + 1_000 }],
      }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    const changed = await within(dialog).findByRole('region', { name: 'New price' }, SERVER);
    const newTotal = formatRupees(3 * (car.price_per_day + 1_000));
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'The price has changed since your quote. Please check the new quote and book again.',
    );
    expect(changed).toHaveTextContent(`New total ${newTotal}`);
    expect(await settled(rentalsOf(token))).toEqual([]);

    await user.click(within(changed).getByRole('button', { name: `Book at ${newTotal}` }));
    await within(dialog).findByRole('img', { name: 'Success' }, SERVER);
    expect(within(dialog).getByRole('region', { name: 'Your booking' })).toHaveTextContent(`Total${newTotal} · 3 days`);
    expect((await settled(rentalsOf(token))).map((rental) => rental.total_paise)).toEqual([
      3 * (car.price_per_day + 1_000) * 100,
    ]);
  });
});

describe('the GSTIN field', () => {
  function Harness() {
    const [value, setValue] = useState('');
    return <GstinField value={value} onChange={setValue} />;
  }

  it.each([
    ['27AAPFU0939F1Z', GSTIN_MESSAGES.length],
    ['99AAPFU0939F1ZV', GSTIN_MESSAGES.state],
    ['27AAPFU0939F1ZX', GSTIN_MESSAGES.checksum],
    ['27aapfu0939f1zv', undefined],
  ])('%s → hint %j once the field is left', async (typed, hint) => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByLabelText('GSTIN for a business invoice (optional)');
    await user.type(input, typed);
    await user.tab();
    if (hint) expect(input).toHaveAccessibleDescription(hint);
    else expect(input).not.toHaveAttribute('aria-invalid');
  });
});
