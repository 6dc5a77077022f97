import { addDays, businessToday, formatPaise, MAX_DAYS_AHEAD } from '@rentora/shared';
import { screen, waitFor, within } from '@testing-library/react';
import {
  adminToken,
  bookAs,
  registerCustomer,
  registerOperator,
  renderAt,
  SERVER,
  signInAs,
  signOut,
  toastMessages,
} from '../../testing/staff';
import { BookingsPage } from './bookings-page';
import { NO_ANSWER_MESSAGE } from '../../lib/operator-api';
import { AMOUNT_WRONG, paiseOf } from './desk-payment-dialog';

jest.setTimeout(40_000);
afterEach(signOut);

async function bookedRow(customerName: string) {
  const customer = await registerCustomer(customerName);
  const pick_up_date = addDays(businessToday(), 30 + Math.floor(Math.random() * (MAX_DAYS_AHEAD - 40)));
  await bookAs(customer, 'porsche-panamera', { pick_up_date, drop_off_date: pick_up_date });
  return customer;
}

async function openPayments(email: string, name: string) {
  const { user } = renderAt(`/operator/bookings?customer=${encodeURIComponent(email)}`, <BookingsPage />);
  const table = screen.getByRole('table', { name: 'Bookings' });
  const row = await waitFor(() => {
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('paid');
    return rows[0] as HTMLElement;
  }, SERVER);
  await user.click(within(row).getByRole('button', { name: `Payments: Porsche Panamera, ${name}` }));
  return { user, row, dialog: await screen.findByRole('dialog', { name: 'Payments' }) };
}

describe('the desk’s payments', () => {
  it('records a payment an operator took, and shows what is paid and still due', async () => {
    const customer = await bookedRow('Neel Shah');
    await signInAs((await registerOperator()).token);
    const { user, row, dialog } = await openPayments(customer.email, 'Neel Shah');
    expect(row).toHaveTextContent('₹0.00 paid');
    expect(within(dialog).getByText('Nothing paid or refunded yet.')).toBeVisible();
    // An operator records payments; refunds are the admins'.
    expect(
      within(within(dialog).getByRole('combobox', { name: 'What' }))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Payment taken']);

    await user.type(within(dialog).getByLabelText('Amount (₹)'), '12.345');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(within(dialog).getByText(AMOUNT_WRONG)).toBeVisible();
    expect(within(dialog).getByText('Give the receipt, UPI or card slip’s reference.')).toBeVisible();

    await user.clear(within(dialog).getByLabelText('Amount (₹)'));
    await user.type(within(dialog).getByLabelText('Amount (₹)'), '1,500.50');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Method' }), 'card');
    await user.type(within(dialog).getByLabelText('Reference'), 'SLIP-42');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));

    await waitFor(
      () =>
        expect(toastMessages()).toEqual([
          `success: Payment of ${formatPaise(150_050)} recorded for Porsche Panamera, Neel Shah.`,
        ]),
      SERVER,
    );
    const books = within(dialog).getByRole('group', { name: 'Books' });
    expect(books).toHaveTextContent(`Paid${formatPaise(150_050)}`);
    const lines = within(dialog).getByRole('list', { name: 'Payments and refunds' });
    expect(lines).toHaveTextContent('Payment · Card · Captured');
    expect(lines).toHaveTextContent('SLIP-42');
    await waitFor(() => expect(row).toHaveTextContent(`${formatPaise(150_050)} paid`), SERVER);
  });

  it('records a payment once when its answer is lost and the desk presses again', async () => {
    const customer = await bookedRow('Tara Iyer');
    await signInAs((await registerOperator()).token);
    const { user, dialog } = await openPayments(customer.email, 'Tara Iyer');
    const send = globalThis.fetch;
    // The first payment reaches the API, but its answer never comes back.
    const lost = jest.spyOn(globalThis, 'fetch').mockImplementationOnce(async (...request) => {
      await send(...request);
      throw new TypeError('Failed to fetch');
    });
    await user.type(within(dialog).getByLabelText('Amount (₹)'), '2000');
    await user.type(within(dialog).getByLabelText('Reference'), 'R-LOST');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await within(dialog).findByText(NO_ANSWER_MESSAGE)).toBeVisible();
    lost.mockRestore();

    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await waitFor(
      () =>
        expect(toastMessages()).toEqual([
          `success: Payment of ${formatPaise(200_000)} recorded for Porsche Panamera, Tara Iyer.`,
        ]),
      SERVER,
    );
    expect(within(dialog).getByRole('group', { name: 'Books' })).toHaveTextContent(`Paid${formatPaise(200_000)}`);
    expect(
      within(within(dialog).getByRole('list', { name: 'Payments and refunds' })).getAllByRole('listitem'),
    ).toHaveLength(1);
  });

  it('lets an admin record a refund, and shows the API’s refusal of one beyond what was paid', async () => {
    const customer = await bookedRow('Tara Iyer');
    await signInAs(adminToken());
    const { user, dialog } = await openPayments(customer.email, 'Tara Iyer');
    await user.type(within(dialog).getByLabelText('Amount (₹)'), '1000');
    await user.type(within(dialog).getByLabelText('Reference'), 'R-1');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await waitFor(
      () => expect(within(dialog).getByRole('group', { name: 'Books' })).toHaveTextContent('Paid₹1,000.00'),
      SERVER,
    );

    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'What' }), 'refund');
    await user.type(within(dialog).getByLabelText('Amount (₹)'), '1000.01');
    await user.type(within(dialog).getByLabelText('Reference'), 'BACK-1');
    await user.click(within(dialog).getByRole('button', { name: 'Record refund' }));
    expect(await within(dialog).findByRole('alert', {}, SERVER)).toHaveTextContent(
      'A refund cannot be more than was paid: ₹1,000.00 is paid for this rental and not yet refunded.',
    );
  });
});

describe('an amount typed in rupees', () => {
  it('is read in paise, or refused', () => {
    expect(['1500', '1,500.5', '0.01', '12.345', '0', '', 'abc', '-5'].map(paiseOf)).toEqual([
      150_000,
      150_050,
      1,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
