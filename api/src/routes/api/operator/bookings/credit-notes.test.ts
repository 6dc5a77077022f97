import type { CreditNote, CustomerRental, Invoice } from '@rentora/shared';
import type { AuditPage } from '@rentora/shared/operator';
import { ADMINS_ONLY } from '../../../../plugins/app/auth';
import { financialYearOf } from '../../../../money/financial-year';
import { NO_SUCH_BOOKING } from '../../../../services/stages';
import {
  NOT_INVOICED,
  REASON_REQUIRED,
  creditBeyondInvoice,
  nothingLeftToCredit,
} from '../../../../services/credit-notes';
import { describeEachEngine } from '../../../../testing/describe-engines';
import { GSTIN_MAHARASHTRA, KARNATAKA_BUSINESS, moneyCalls } from '../../../../testing/money';
import { pdfText } from '../../../../testing/pdf-text';
import { bookingForm, createStaff, createUser, dateFromToday } from '../../../../testing/test-app';
import { NO_CREDIT_NOTE } from '../../rentals';

jest.setTimeout(30_000);

describeEachEngine('credit notes on %s', (subject) => {
  let calls: ReturnType<typeof moneyCalls>;
  let admin: Record<string, string>;
  const year = financialYearOf(dateFromToday(0));
  beforeAll(async () => {
    admin = (await createStaff(subject.app, 'admin')).auth;
    calls = moneyCalls(subject, { admin });
    await calls.setSettings(KARNATAKA_BUSINESS);
  });

  const credit = (id: number, body: Record<string, unknown>, headers = admin) =>
    subject.call('POST', `/api/operator/bookings/${id}/credit-notes`, { headers, body });
  const invoiceOf = async (id: number, auth: Record<string, string>) => {
    const answer = await subject.call('GET', `/api/rentals/${id}/invoice`, { headers: auth });
    if (answer.status !== 200) throw new Error(`invoice: ${answer.status} ${answer.message}`);
    return answer.body as Invoice;
  };

  /** A rental booked for today and tomorrow, picked up and returned at once: invoiced. */
  async function invoicedRental(extras: Record<string, unknown> = {}, complete = true) {
    const carId = await calls.addCar({ price_per_day: 10_000 });
    const rider = await createUser(subject.app);
    const booked = await subject.call('POST', `/api/book-ride/${carId}`, {
      headers: rider.auth,
      body: { ...bookingForm({ pick_up_date: dateFromToday(0), drop_off_date: dateFromToday(1) }), ...extras },
    });
    if (booked.status !== 201) throw new Error(booked.message);
    const [rental] = (await subject.call('GET', '/api/rentals', { headers: rider.auth })).body as CustomerRental[];
    if (rental === undefined) throw new Error('no rental');
    for (const to of complete ? ['picked_up', 'completed'] : []) {
      const moved = await subject.call('POST', `/api/operator/bookings/${rental.id}/stage`, {
        headers: admin,
        body: { to },
      });
      if (moved.status !== 200) throw new Error(moved.message);
    }
    return { id: rental.id, rider };
  }

  it('credits what is left of an invoice, referring to it and undoing its tax to the paisa', async () => {
    const { id, rider } = await invoicedRental();
    const invoice = await invoiceOf(id, rider.auth);
    const issued = await credit(id, { reason: '  The car broke down on the first day.  ' });
    expect(issued.status).toBe(201);
    const note = issued.body as CreditNote;
    expect(note).toEqual({
      id: expect.any(Number),
      number: `CN/${year}/000001`,
      date: dateFromToday(0),
      rental_id: id,
      invoice_number: invoice.number,
      invoice_date: invoice.date,
      reason: 'The car broke down on the first day.',
      supplier: invoice.supplier,
      buyer: invoice.buyer,
      place_of_supply: invoice.place_of_supply,
      sac: invoice.sac,
      taxable_paise: invoice.taxable_paise,
      tax: { ...invoice.tax, included: true },
      total_paise: invoice.total_paise,
    });
    expect(await invoiceOf(id, rider.auth)).toEqual({
      ...invoice,
      credit_notes: [note],
      credited_paise: invoice.total_paise,
      remaining_paise: 0,
      // Credited in full, the rental asks nothing more.
      books: { ...invoice.books, due_paise: 0 },
    });

    const again = await credit(id, { reason: 'Twice' });
    expect([again.status, again.message]).toEqual([409, nothingLeftToCredit(invoice.number)]);

    const audit = (await subject.call('GET', '/api/operator/audit', { headers: admin })).body as AuditPage;
    expect(audit.items[0]).toMatchObject({
      action: 'invoice.credited',
      subject: `booking:${id}`,
      before: { invoice: invoice.number, remaining_paise: invoice.total_paise },
      after: {
        credit_note: note.number,
        total_paise: invoice.total_paise,
        remaining_paise: 0,
        reason: 'The car broke down on the first day.',
      },
    });
  });

  it('credits part of an invoice at its tax split, and never more than it has left', async () => {
    // Another state's GSTIN: the invoice is IGST, and so is every note against it.
    const { id, rider } = await invoicedRental({ gstin: GSTIN_MAHARASHTRA });
    const invoice = await invoiceOf(id, rider.auth);
    expect(invoice.tax.igst_paise).toBeGreaterThan(0);

    const part = (await credit(id, { amount_paise: 100_000, reason: 'A late pick-up' })).body as CreditNote;
    // ₹1,000 with 18% inside it: ₹152.54 of IGST, ₹847.46 taxable.
    expect(part).toMatchObject({
      number: `CN/${year}/000002`,
      taxable_paise: 84_746,
      tax: { rate: 18, included: true, igst_paise: 15_254, cgst_paise: 0, sgst_paise: 0 },
      total_paise: 100_000,
    });

    const left = invoice.total_paise - 100_000;
    const tooMuch = await credit(id, { amount_paise: left + 1, reason: 'More than left' });
    expect([tooMuch.status, tooMuch.message]).toEqual([409, creditBeyondInvoice(invoice.number, left + 1, left)]);

    const rest = (await credit(id, { reason: 'The rest' })).body as CreditNote;
    expect(rest.total_paise).toBe(left);
    // Together the two notes undo each of the invoice's figures exactly.
    expect(part.taxable_paise + rest.taxable_paise).toBe(invoice.taxable_paise);
    expect(part.tax.igst_paise + rest.tax.igst_paise).toBe(invoice.tax.igst_paise);
    expect(await invoiceOf(id, rider.auth)).toMatchObject({
      credit_notes: [part, rest],
      credited_paise: invoice.total_paise,
      remaining_paise: 0,
    });
  });

  it('never lets notes issued at once take more than the invoice’s total', async () => {
    const { id, rider } = await invoicedRental();
    const invoice = await invoiceOf(id, rider.auth);
    const third = Math.floor(invoice.total_paise / 3);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) => credit(id, { amount_paise: third, reason: `Race ${index}` })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 201, 409, 409, 409, 409, 409]);
    const after = await invoiceOf(id, rider.auth);
    expect(after.credited_paise).toBe(3 * third);
    expect(new Set(after.credit_notes.map((note) => note.number)).size).toBe(3);
  });

  it('refuses what cannot be credited, changing nothing', async () => {
    const operator = (await createStaff(subject.app, 'operator')).auth;
    const { id, rider } = await invoicedRental();
    const refused = async (rentalId: number, body: Record<string, unknown>, headers = admin) => {
      const answer = await credit(rentalId, body, headers);
      return [answer.status, answer.message];
    };
    expect(await refused(id, { reason: 'Not mine to give' }, operator)).toEqual([403, ADMINS_ONLY]);
    expect((await credit(id, { reason: 'A customer' }, rider.auth)).status).toBe(403);
    expect(await refused(id, { reason: '   ' })).toEqual([400, REASON_REQUIRED]);
    expect((await credit(id, { amount_paise: 0, reason: 'Nothing' })).status).toBe(400);
    expect((await credit(id, { amount_paise: 10.5, reason: 'Half a paisa' })).status).toBe(400);
    expect(await refused(999_999, { reason: 'Nobody' })).toEqual([404, NO_SUCH_BOOKING]);
    const running = await invoicedRental({}, false);
    expect(await refused(running.id, { reason: 'Too soon' })).toEqual([409, NOT_INVOICED]);
    expect((await invoiceOf(id, rider.auth)).credit_notes).toEqual([]);
  });

  it('gives a credit note, as JSON and as a PDF, to the rental’s customer and to staff only', async () => {
    const { id, rider } = await invoicedRental();
    const note = (await credit(id, { amount_paise: 50_000, reason: 'Goodwill for a dirty car' })).body as CreditNote;
    const path = `/api/rentals/${id}/credit-notes/${note.id}`;
    expect((await subject.call('GET', path, { headers: rider.auth })).body).toEqual(note);
    expect((await subject.call('GET', path, { headers: admin })).body).toEqual(note);

    const stranger = await createUser(subject.app);
    for (const suffix of ['', '.pdf']) {
      const refused = await subject.call('GET', `${path}${suffix}`, { headers: stranger.auth });
      expect([refused.status, refused.message]).toEqual([404, NO_CREDIT_NOTE]);
      expect((await subject.call('GET', `${path}${suffix}`)).status).toBe(401);
      const other = await subject.call('GET', `/api/rentals/${id + 1}/credit-notes/${note.id}${suffix}`, {
        headers: admin,
      });
      expect(other.status).toBe(404);
    }

    const response = await fetch(`${urlOf(subject)}${path}.pdf`, { headers: rider.auth });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="credit-note-${note.number.replaceAll('/', '-')}.pdf"`,
    );
    const { text } = pdfText(Buffer.from(await response.arrayBuffer()));
    for (const figure of [
      'Credit note',
      note.number,
      note.invoice_number,
      'Goodwill for a dirty car',
      '₹500.00',
      'Total credited',
    ]) {
      expect(text).toContain(figure);
    }
  });
});

/** The listening app's base URL, for a request whose raw bytes matter. */
function urlOf(subject: { app: { server: { address(): unknown } } }): string {
  const address = subject.app.server.address() as { port: number };
  return `http://127.0.0.1:${address.port}`;
}
