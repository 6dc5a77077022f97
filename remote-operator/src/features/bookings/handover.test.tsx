import { businessToday, formatPaise, type Invoice } from '@rentora/shared';
import type { BookingList, OperatorVehicle, VehicleList } from '@rentora/shared/operator';
import { screen, waitFor, within } from '@testing-library/react';
import { operatorCall } from '../../lib/operator-api';
import {
  adminToken,
  bookAs,
  registerCustomer,
  renderAt,
  SERVER,
  signInAs,
  signOut,
  toastMessages,
} from '../../testing/staff';
import { BookingsPage } from './bookings-page';

jest.setTimeout(60_000);
afterEach(signOut);

/** A seeded car no other suite books: given a deposit and a kilometre allowance for this test, then put back. */
const CAR_ID = 'land-rover-discovery';
const carPath = `/api/operator/vehicles/${CAR_ID}`;
const RULES = { deposit: 5000, km_per_day: 100, extra_km_price: 12 };

describe('hand-over and return on the bookings page', () => {
  let before: OperatorVehicle | undefined;
  beforeAll(async () => {
    await signInAs(adminToken());
    before = (await operatorCall<VehicleList>('GET', `/api/operator/vehicles?q=${CAR_ID}`)).items[0];
    await operatorCall('PATCH', carPath, RULES);
    signOut();
  });
  afterAll(async () => {
    await signInAs(adminToken());
    if (before) {
      const { deposit, km_per_day, extra_km_price } = before;
      await operatorCall('PATCH', carPath, { deposit, km_per_day, extra_km_price });
    }
    signOut();
  });

  it('records the odometer and deposit at pick-up, then at return shows the charges, the refund and the invoice', async () => {
    const customer = await registerCustomer('Nisha Rao');
    const today = businessToday();
    await bookAs(customer, CAR_ID, { pick_up_date: today, drop_off_date: today });
    await signInAs(adminToken());
    const { user } = renderAt(`/operator/bookings?customer=${encodeURIComponent(customer.email)}`, <BookingsPage />);
    const table = screen.getByRole('table', { name: 'Bookings' });
    const row = (await within(table).findByText('Land Rover Discovery', undefined, SERVER)).closest(
      'tr',
    ) as HTMLElement;

    // Pick-up: what is due from the quote, then the odometer, and a deposit taken by UPI with its reference.
    await user.click(within(row).getByRole('button', { name: 'Mark picked up: Land Rover Discovery, Nisha Rao' }));
    const pickUp = screen.getByRole('dialog', { name: 'Mark picked up?' });
    const terms = within(pickUp).getByLabelText('Due at hand-over');
    expect(within(terms).getByText('Deposit due').nextElementSibling).toHaveTextContent(formatPaise(500_000));
    expect(within(terms).getByText('Kilometres included').nextElementSibling).toHaveTextContent('100 km (100 a day)');
    const handOver = within(pickUp).getByRole('group', { name: 'Hand-over' });
    await user.type(within(handOver).getByLabelText('Odometer (km)'), '12000');
    expect(within(handOver).getByLabelText('Deposit reference')).toBeDisabled();
    await user.selectOptions(within(handOver).getByLabelText('Deposit taken'), 'upi');
    await user.type(within(handOver).getByLabelText('Deposit reference'), 'UPI-431122');
    // An ordinary hand-over needs no reason.
    expect(within(pickUp).getByLabelText('Note (optional, kept in the booking’s history)')).not.toBeRequired();
    await user.click(within(pickUp).getByRole('button', { name: 'Mark picked up' }));
    await waitFor(() => expect(pickUp).not.toBeInTheDocument(), SERVER);
    await waitFor(() => expect(row).toHaveTextContent('Picked up'), SERVER);

    // Return: 150 km beyond the day's 100, just now, the tank full.
    await user.click(within(row).getByRole('button', { name: 'Mark completed: Land Rover Discovery, Nisha Rao' }));
    const giveBack = screen.getByRole('dialog', { name: 'Mark completed?' });
    const returned = within(giveBack).getByRole('group', { name: 'Return' });
    await user.type(within(returned).getByLabelText('Odometer (km)'), '12250');
    expect(within(returned).getByLabelText('Returned')).toHaveValue('now');
    expect(within(returned).queryByLabelText('Returned at')).not.toBeInTheDocument();
    await user.selectOptions(within(returned).getByLabelText('Fuel tank'), 'full');
    await user.type(within(giveBack).getByLabelText('Note (optional, kept in the booking’s history)'), 'Back on time');
    await user.click(within(giveBack).getByRole('button', { name: 'Mark completed' }));

    const settled = await screen.findByRole('dialog', { name: 'Land Rover Discovery returned' }, SERVER);
    expect(toastMessages()).toEqual([
      'success: Land Rover Discovery for Nisha Rao: Picked up.',
      'success: Land Rover Discovery for Nisha Rao: Completed.',
    ]);
    const charges = within(settled).getByRole('table', { name: 'Charges at return (before tax)' });
    expect(within(charges).getByRole('rowheader', { name: 'Extra kilometres' }).closest('tr')).toHaveTextContent(
      `150 × ${formatPaise(1200)}${formatPaise(180_000)}`,
    );
    const [booking] = (
      await operatorCall<BookingList>('GET', `/api/operator/bookings?customer=${encodeURIComponent(customer.email)}`)
    ).items;
    const invoice = await operatorCall<Invoice>('GET', `/api/rentals/${booking?.id}/invoice`);
    // ₹5,000 taken, less 150 km at ₹12 (no tax set): ₹3,200 back.
    expect(invoice).toMatchObject({ deposit_paise: 500_000, refund_paise: 320_000, due_paise: 0 });
    expect(within(settled).getByText('Deposit taken').nextElementSibling).toHaveTextContent(formatPaise(500_000));
    expect(within(settled).getByText('Refund').nextElementSibling).toHaveTextContent(formatPaise(invoice.refund_paise));
    expect(within(settled).getByText(`Invoice ${invoice.number} is issued.`)).toBeVisible();

    // The invoice, as a printable page with its PDF.
    await user.click(within(settled).getByRole('button', { name: 'View invoice' }));
    const document = within(settled).getByRole('article', { name: 'Tax invoice' });
    expect(document).toHaveTextContent(invoice.number);
    expect(document).toHaveTextContent('Nisha Rao');
    expect(within(settled).getByRole('button', { name: 'Print' })).toBeVisible();
    expect(within(settled).getByRole('button', { name: 'Download PDF' })).toBeVisible();
    await user.click(within(settled).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(row).toHaveTextContent('Completed'), SERVER);

    // A completed rental offers its invoice from its row.
    await user.click(within(row).getByRole('button', { name: 'Invoice: Land Rover Discovery, Nisha Rao' }));
    const again = await screen.findByRole('dialog', { name: 'Tax invoice' }, SERVER);
    const lines = await within(again).findByRole('table', { name: 'Rental and charges' }, SERVER);
    expect(within(lines).getByRole('rowheader', { name: 'Total' }).closest('tr')).toHaveTextContent(
      formatPaise(invoice.total_paise),
    );

    // An admin credits part of it, with a reason; the invoice stands, its credit note is listed beneath.
    const credits = within(again).getByRole('region', { name: 'Credit notes' });
    expect(credits).toHaveTextContent('None: the invoice stands in full.');
    await user.click(within(credits).getByRole('button', { name: 'Issue a credit note…' }));
    const form = within(credits).getByRole('form', { name: 'Issue a credit note' });
    await user.type(within(form).getByLabelText('Amount to credit (₹, tax included)'), '12.5.0');
    await user.type(within(form).getByLabelText('Reason (printed on the credit note)'), 'Goodwill for the wait');
    await user.click(within(form).getByRole('button', { name: 'Issue credit note' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Give an amount in rupees');
    await user.clear(within(form).getByLabelText('Amount to credit (₹, tax included)'));
    await user.type(within(form).getByLabelText('Amount to credit (₹, tax included)'), '500');
    await user.click(within(form).getByRole('button', { name: 'Issue credit note' }));
    const item = (await within(credits).findByText(/^CN\//, undefined, SERVER)).closest('li') as HTMLElement;
    expect(item).toHaveTextContent('Goodwill for the wait');
    expect(item).toHaveTextContent(`−${formatPaise(50_000)}`);
    expect(within(credits).getByText('Left of the invoice').nextElementSibling).toHaveTextContent(
      formatPaise(invoice.total_paise - 50_000),
    );
    expect(toastMessages()).toContain(
      `success: Credit note ${item.querySelector('p')?.textContent ?? ''} issued: ${formatPaise(50_000)} off ${invoice.number}.`,
    );
  });
});
