import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { businessToday, formatPaise, ModalFrame, type Invoice } from '@rentora/shared';
import { $token, $user, apiUrl } from '@rentora/state';
import { Route, Routes } from '@rentora/state/router';
import { memoryRouterAt } from '@rentora/state/testing/memory-router';
import { completeRental, creditInvoice, recordDeskPayment, rentalsOf } from '@rentora/shared/testing/money-staff';
import { bookRide, registerAccount, type TestAccount } from '../../testing/accounts';
import { ProfileModal } from '../profile/profile-modal';
import { INVOICE_MISSING, InvoicePage } from './invoice-page';

jest.setTimeout(30_000);
const SERVER = { timeout: 15_000 };
/** A car no other suite books: its rentals are this file's. */
const CAR = 'aston-martin-db11';

afterEach(() => $token.set(undefined));

/** A rental of today, picked up and completed by the desk: its invoice is issued. */
async function completedRental(account: TestAccount): Promise<{ id: number; invoice: Invoice }> {
  const today = businessToday();
  await bookRide(account, CAR, { pick_up_date: today, drop_off_date: today });
  const [rental] = await rentalsOf(account.token);
  if (!rental) throw new Error('The booking made no rental.');
  await completeRental(rental.id);
  const response = await fetch(apiUrl(`/api/rentals/${rental.id}/invoice`), {
    headers: { Authorization: `Bearer ${account.token}` },
  });
  expect(response.status).toBe(200);
  return { id: rental.id, invoice: (await response.json()) as Invoice };
}

function renderSite() {
  const router = memoryRouterAt('/');
  const onClose = jest.fn();
  render(
    <router.Router>
      <Routes>
        <Route
          path="/"
          element={
            <ModalFrame titleId="profile" onClose={onClose}>
              <ProfileModal titleId="profile" onClose={onClose} />
            </ModalFrame>
          }
        />
        <Route path="/rentals/:rentalId/invoice" element={<InvoicePage />} />
      </Routes>
    </router.Router>,
  );
  return { router, onClose };
}

describe('a completed rental’s invoice', () => {
  it('is offered in the Profile, and its page shows the invoice the API issued', async () => {
    const account = await registerAccount('Kavya Menon');
    const { id, invoice } = await completedRental(account);
    $token.set(account.token);
    await waitFor(() => expect($user.get()?.cars_rented).toHaveLength(1), SERVER);
    const { router, onClose } = renderSite();

    const item = (await screen.findByText(`Tax invoice ${invoice.number}`, {}, SERVER)).closest('li') as HTMLElement;
    expect(within(item).getByText('Rental Expired')).toBeVisible();
    expect(within(item).getByRole('button', { name: `Download invoice ${invoice.number} as PDF` })).toBeEnabled();
    await userEvent.setup().click(within(item).getByRole('link', { name: `View invoice ${invoice.number}` }));
    expect(onClose).toHaveBeenCalled();
    expect(router.location.pathname).toBe(`/rentals/${id}/invoice`);

    const paper = await screen.findByRole('article', { name: invoice.number }, SERVER);
    expect(within(paper).getByRole('region', { name: 'From' })).toHaveTextContent(invoice.supplier.name);
    expect(within(paper).getByRole('region', { name: 'Billed to' })).toHaveTextContent(account.name);
    const lines = within(paper).getByRole('table', { name: 'What the rental cost' });
    const [line] = invoice.lines;
    expect(within(lines).getByRole('row', { name: new RegExp(`^${line?.label}`) })).toHaveTextContent(
      `${line?.label}${line?.quantity} × ${formatPaise(line?.unit_paise ?? 0)}${formatPaise(line?.amount_paise ?? 0)}`,
    );
    expect(within(lines).getByRole('row', { name: /^Total/ })).toHaveTextContent(
      `Total${formatPaise(invoice.total_paise)}`,
    );
    expect(within(paper).getByRole('button', { name: 'Print' })).toBeVisible();
    expect(within(paper).getByRole('button', { name: 'Download PDF' })).toBeVisible();
  });

  it('shows the credit notes issued against it, what is left of it, and each credit note’s PDF', async () => {
    const account = await registerAccount('Farah Khan');
    const { id, invoice } = await completedRental(account);
    const note = await creditInvoice(id, { amount_paise: 25_000, reason: 'The car was handed over late' });
    $token.set(account.token);
    const router = memoryRouterAt(`/rentals/${id}/invoice`);
    render(
      <router.Router>
        <Routes>
          <Route path="/rentals/:rentalId/invoice" element={<InvoicePage />} />
        </Routes>
      </router.Router>,
    );

    const paper = await screen.findByRole('article', { name: invoice.number }, SERVER);
    // The invoice itself stands as issued.
    expect(within(within(paper).getByRole('table')).getByRole('row', { name: /^Total/ })).toHaveTextContent(
      formatPaise(invoice.total_paise),
    );
    const credits = within(paper).getByRole('region', { name: 'Credit notes' });
    const item = within(credits).getByText(`Credit note ${note.number}`).closest('li') as HTMLElement;
    expect(item).toHaveTextContent('The car was handed over late');
    expect(item).toHaveTextContent(`−${formatPaise(25_000)}`);
    expect(within(credits).getByText('Credited').nextElementSibling).toHaveTextContent(formatPaise(25_000));
    expect(within(credits).getByText('Left of the invoice').nextElementSibling).toHaveTextContent(
      formatPaise(invoice.total_paise - 25_000),
    );
    expect(within(item).getByRole('button', { name: `Download credit note ${note.number} as a PDF` })).toBeEnabled();
  });

  it('says what was paid and what is still due, beside the invoice as issued', async () => {
    const account = await registerAccount('Ishaan Bose');
    const { id, invoice } = await completedRental(account);
    await recordDeskPayment(id, 100_000, 'CASH-77');
    $token.set(account.token);
    const router = memoryRouterAt(`/rentals/${id}/invoice`);
    render(
      <router.Router>
        <Routes>
          <Route path="/rentals/:rentalId/invoice" element={<InvoicePage />} />
        </Routes>
      </router.Router>,
    );

    const paper = await screen.findByRole('article', { name: invoice.number }, SERVER);
    const books = within(paper).getByRole('region', { name: 'Payments' });
    expect(within(books).getByText('Paid').nextElementSibling).toHaveTextContent(formatPaise(100_000));
    // The API's figure, read again after the payment: nothing is added up here.
    const answer = await fetch(apiUrl(`/api/rentals/${id}/invoice`), {
      headers: { Authorization: `Bearer ${account.token}` },
    });
    const { books: now } = (await answer.json()) as Invoice;
    expect(now.paid_paise).toBe(100_000);
    expect(within(books).getByText('Balance due').nextElementSibling).toHaveTextContent(formatPaise(now.due_paise));
    expect(books).toHaveTextContent('As paid so far: not part of the invoice as issued.');
  });

  it('is not found for another customer', async () => {
    const [owner, other] = [await registerAccount('Owner'), await registerAccount('Someone Else')];
    const { id } = await completedRental(owner);
    $token.set(other.token);
    const router = memoryRouterAt(`/rentals/${id}/invoice`);
    render(
      <router.Router>
        <Routes>
          <Route path="/rentals/:rentalId/invoice" element={<InvoicePage />} />
        </Routes>
      </router.Router>,
    );
    expect(await screen.findByRole('alert', {}, SERVER)).toHaveTextContent(INVOICE_MISSING);
  });
});
