import type { RentalStage } from '@rentora/shared/operator';
import type { Payment, RentalBooks } from '@rentora/shared/payments';
import type { Executor } from '../../repositories/executor';
import { listInvoicedCosts, listRentalPayments } from '../../repositories/payments';

/** What a rental's books are worked out from: its stage and what it was quoted when booked. */
export interface RentalToBook {
  id: number;
  stage: RentalStage;
  total_paise: number;
}

/** Rentals that ended without being driven owe only what an invoice (a fee kept) asks. */
const ENDED_UNDRIVEN: readonly RentalStage[] = ['cancelled', 'no_show'];

/**
 * A rental's books from its payments and what it costs (ADR 0031): captured charges less
 * processed refunds. What was paid online beyond the cost is the deposit paid with it (as a
 * cancellation counts it), left out; the desk's payments count in full.
 */
export function booksOf(payments: Payment[], costPaise: number): RentalBooks {
  let online = 0;
  let desk = 0;
  for (const payment of payments) {
    const counts =
      (payment.kind === 'charge' && payment.status === 'captured') ||
      (payment.kind === 'refund' && payment.status === 'processed');
    if (!counts) continue;
    const signed = payment.kind === 'charge' ? payment.amount_paise : -payment.amount_paise;
    if (payment.method === 'online') online += signed;
    else desk += signed;
  }
  const paid = Math.min(Math.max(online, 0), costPaise) + desk;
  return { payments, paid_paise: paid, due_paise: Math.max(0, costPaise - paid) };
}

/**
 * The books of a page of rentals: two queries whatever the page's size (their payments, and
 * their invoices with their credit notes). A rental costs its invoice once issued, its quoted
 * total until then, and nothing once cancelled or a no-show without a fee invoiced.
 */
export async function readBooks(db: Executor, rentals: readonly RentalToBook[]): Promise<Map<number, RentalBooks>> {
  const ids = rentals.map((rental) => rental.id);
  const [payments, invoiced] = await Promise.all([listRentalPayments(db, ids), listInvoicedCosts(db, ids)]);
  const books = new Map<number, RentalBooks>();
  for (const rental of rentals) {
    const cost = invoiced.get(rental.id) ?? (ENDED_UNDRIVEN.includes(rental.stage) ? 0 : rental.total_paise);
    books.set(rental.id, booksOf(payments.get(rental.id) ?? [], cost));
  }
  return books;
}

/** Each rental with its books. */
export async function withBooks<Rental extends RentalToBook>(
  db: Executor,
  rentals: readonly Rental[],
): Promise<(Rental & RentalBooks)[]> {
  const books = await readBooks(db, rentals);
  return rentals.map((rental) => ({ ...rental, ...(books.get(rental.id) as RentalBooks) }));
}

/** The books of an invoiced rental: it costs what its invoice asks. */
export async function invoicedBooks(db: Executor, rentalId: number): Promise<RentalBooks> {
  const [payments, invoiced] = await Promise.all([
    listRentalPayments(db, [rentalId]),
    listInvoicedCosts(db, [rentalId]),
  ]);
  return booksOf(payments.get(rentalId) ?? [], invoiced.get(rentalId) ?? 0);
}
