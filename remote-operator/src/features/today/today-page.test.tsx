import { addDays, businessToday, formatDisplayDate } from '@rentora/shared';
import type { BookingList } from '@rentora/shared/operator';
import { screen, waitFor, within } from '@testing-library/react';
import { operatorCall } from '../../lib/operator-api';
import {
  bookAs,
  registerCustomer,
  registerOperator,
  renderAt,
  SERVER,
  signInAs,
  signOut,
  toastMessages,
  type TestAccount,
} from '../../testing/staff';
import { TodayPage } from './today-page';

jest.setTimeout(40_000);
afterEach(() => {
  jest.useRealTimers();
  signOut();
});

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Books `vehicleId` for today only as `customer`, and marks it picked up as the signed-in operator
 * (a rental can be picked up from its first day on): a car that is out and due back today.
 */
async function outToday(customer: TestAccount, vehicleId: string): Promise<void> {
  const today = businessToday();
  await bookAs(customer, vehicleId, { pick_up_date: today, drop_off_date: today });
  const found = await operatorCall<BookingList>(
    'GET',
    `/api/operator/bookings?vehicle=${vehicleId}&customer=${encodeURIComponent(customer.email)}`,
  );
  const [booking] = found.items;
  if (found.total !== 1 || !booking) throw new Error(`Expected one rental of ${vehicleId}, found ${found.total}.`);
  await operatorCall('POST', `/api/operator/bookings/${booking.id}/stage`, { to: 'picked_up', reason: 'Keys out' });
}

/** The row of `carName` in `table`, once the server's answer shows it. */
async function rowOf(table: HTMLElement, carName: string): Promise<HTMLElement> {
  return (await within(table).findByText(carName, undefined, SERVER)).closest('tr') as HTMLElement;
}

/** The action buttons' words in a row. */
const actionsIn = (row: HTMLElement) =>
  within(row)
    .getAllByRole('button')
    .map((button) => button.textContent);

describe('TodayPage', () => {
  it('lists today’s pick-ups; marking one picked up moves it off the list', async () => {
    const customer = await registerCustomer('Rohan Kapoor');
    const today = businessToday();
    // A car no other suite books, for today only.
    await bookAs(customer, 'aston-martin-vantage', { pick_up_date: today, drop_off_date: today });
    await signInAs((await registerOperator()).token);
    const { user } = renderAt('/operator', <TodayPage />);

    const pickUps = screen.getByRole('table', { name: 'Pick-ups today' });
    const row = (await within(pickUps).findByText('Aston Martin Vantage', undefined, SERVER)).closest(
      'tr',
    ) as HTMLElement;
    expect(row).toHaveTextContent('Rohan Kapoor');
    expect(
      within(row)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Mark picked up', 'Mark no-show', 'Cancel booking']);

    await user.click(within(row).getByRole('button', { name: 'Mark picked up: Aston Martin Vantage, Rohan Kapoor' }));
    const dialog = screen.getByRole('dialog', { name: 'Mark picked up?' });
    await user.type(
      within(dialog).getByLabelText('Note (optional, kept in the booking’s history)'),
      'Keys handed over',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Mark picked up' }));

    await waitFor(
      () => expect(toastMessages()).toEqual(['success: Aston Martin Vantage for Rohan Kapoor: Picked up.']),
      SERVER,
    );
    await waitFor(() => expect(within(pickUps).queryByText('Aston Martin Vantage')).not.toBeInTheDocument(), SERVER);
    const returns = screen.getByRole('table', { name: 'Returns today' });
    const returning = (await within(returns).findByText('Aston Martin Vantage', undefined, SERVER)).closest('tr');
    expect(returning).toHaveTextContent('Picked up');
  });

  it('lists today’s returns; marking one completed takes it off the desk’s lists', async () => {
    const customer = await registerCustomer('Meera Pillai');
    await signInAs((await registerOperator()).token);
    // Cars no other suite books.
    await outToday(customer, 'porsche-panamera');
    const { user } = renderAt('/operator', <TodayPage />);

    const returns = screen.getByRole('table', { name: 'Returns today' });
    const row = await rowOf(returns, 'Porsche Panamera');
    expect(row).toHaveTextContent('Meera Pillai');
    expect(row).toHaveTextContent(customer.email);
    expect(row).toHaveTextContent(formatDisplayDate(businessToday()));
    expect(row).toHaveTextContent('Picked up');
    // A car that is out can only come back.
    expect(actionsIn(row)).toEqual(['Mark completed']);
    // Due back today is not overdue yet.
    expect(within(screen.getByRole('table', { name: 'Overdue returns' })).queryByText('Porsche Panamera')).toBeNull();

    await user.click(within(row).getByRole('button', { name: 'Mark completed: Porsche Panamera, Meera Pillai' }));
    const dialog = screen.getByRole('dialog', { name: 'Mark completed?' });
    expect(dialog).toHaveTextContent('from Picked up to Completed');
    await user.type(
      within(dialog).getByLabelText('Note (optional, kept in the booking’s history)'),
      'Returned on time',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Mark completed' }));

    await waitFor(
      () => expect(toastMessages()).toEqual(['success: Porsche Panamera for Meera Pillai: Completed.']),
      SERVER,
    );
    await waitFor(() => expect(within(returns).queryByText('Porsche Panamera')).not.toBeInTheDocument(), SERVER);
    expect(within(screen.getByRole('table', { name: 'Pick-ups today' })).queryByText('Porsche Panamera')).toBeNull();
  });

  it('lists a car still out after its return day as overdue, until it is marked completed', async () => {
    const customer = await registerCustomer('Kabir Sethi');
    await signInAs((await registerOperator()).token);
    const dueBack = businessToday();
    await outToday(customer, 'hyundai-tucson');
    // The API books no past days, so the desk opens the page tomorrow instead: only the browser's
    // clock moves on (its timers stay real), and the car, due back today, has not come back.
    jest.useFakeTimers({
      now: Date.now() + DAY_MS,
      advanceTimers: true,
      doNotFake: [
        'hrtime',
        'nextTick',
        'performance',
        'queueMicrotask',
        'requestAnimationFrame',
        'cancelAnimationFrame',
        'requestIdleCallback',
        'cancelIdleCallback',
        'setImmediate',
        'clearImmediate',
        'setInterval',
        'clearInterval',
        'setTimeout',
        'clearTimeout',
      ],
    });
    expect(businessToday()).toBe(addDays(dueBack, 1));
    const { user } = renderAt('/operator', <TodayPage />);

    const overdue = screen.getByRole('table', { name: 'Overdue returns' });
    const row = await rowOf(overdue, 'Hyundai Tucson');
    expect(row).toHaveTextContent('Kabir Sethi');
    expect(row).toHaveTextContent(formatDisplayDate(dueBack));
    expect(row).toHaveTextContent('Picked up');
    expect(actionsIn(row)).toEqual(['Mark completed']);
    // Yesterday's return is not among today's.
    expect(within(screen.getByRole('table', { name: 'Returns today' })).queryByText('Hyundai Tucson')).toBeNull();

    await user.click(within(row).getByRole('button', { name: 'Mark completed: Hyundai Tucson, Kabir Sethi' }));
    const dialog = screen.getByRole('dialog', { name: 'Mark completed?' });
    await user.type(
      within(dialog).getByLabelText('Note (optional, kept in the booking’s history)'),
      'Came back a day late',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Mark completed' }));

    await waitFor(
      () => expect(toastMessages()).toEqual(['success: Hyundai Tucson for Kabir Sethi: Completed.']),
      SERVER,
    );
    await waitFor(() => expect(within(overdue).queryByText('Hyundai Tucson')).not.toBeInTheDocument(), SERVER);
  });
});
