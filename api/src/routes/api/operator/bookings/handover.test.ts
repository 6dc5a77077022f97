import type { CustomerRental, Invoice } from '@rentora/shared';
import type { AuditPage, OperatorBooking } from '@rentora/shared/operator';
import { financialYearOf } from '../../../../money/financial-year';
import { CHARGE_LABELS } from '../../../../money/return-charges';
import { storedTimestamp } from '../../../../db/timestamps';
import {
  DETAILS_FOR_MOVES,
  RETURN_IN_FUTURE,
  RETURN_TIME_FORMAT,
  odometerBackwards,
  returnBeforePickUp,
  tooFarForDays,
} from '../../../../services/handover';
import { NO_INVOICE } from '../../../../services/invoices';
import { carOffTheRoad, pickUpAfterRental } from '../../../../services/stages';
import { describeEachEngine } from '../../../../testing/describe-engines';
import { GSTIN_MAHARASHTRA, KARNATAKA_BUSINESS, moneyCalls } from '../../../../testing/money';
import { pdfText } from '../../../../testing/pdf-text';
import { bookingForm, createStaff, createUser, dateFromToday } from '../../../../testing/test-app';

jest.setTimeout(30_000);

const HOUR = 3_600_000;
/** The instant a day (from today) starts in India. */
const startOf = (offset: number) => Date.parse(`${dateFromToday(offset)}T00:00:00+05:30`);

describeEachEngine('hand-over, return and invoice on %s', (subject) => {
  let calls: ReturnType<typeof moneyCalls>;
  let operator: Record<string, string>;
  const year = financialYearOf(dateFromToday(0));
  beforeAll(async () => {
    calls = moneyCalls(subject, { admin: (await createStaff(subject.app, 'admin')).auth });
    operator = (await createStaff(subject.app, 'operator')).auth;
    await calls.setSettings(KARNATAKA_BUSINESS);
  });
  const move = (id: number, body: Record<string, unknown>) =>
    subject.call('POST', `/api/operator/bookings/${id}/stage`, { headers: operator, body });
  const invoiceOf = (id: number, auth: Record<string, string>, pdf = false) =>
    subject.call('GET', `/api/rentals/${id}/invoice${pdf ? '.pdf' : ''}`, { headers: auth });

  /** A rental of a new car, booked for four days from today. */
  async function bookedRental(car: Record<string, unknown>, extras: Record<string, unknown> = {}) {
    const carId = await calls.addCar({ price_per_day: 10_000, km_per_day: 250, extra_km_price: 12, ...car });
    const rider = await createUser(subject.app);
    const booked = await subject.call('POST', `/api/book-ride/${carId}`, {
      headers: rider.auth,
      body: { ...bookingForm({ pick_up_date: dateFromToday(0), drop_off_date: dateFromToday(3) }), ...extras },
    });
    if (booked.status !== 201) throw new Error(booked.message);
    const [rental] = (await subject.call('GET', '/api/rentals', { headers: rider.auth })).body as CustomerRental[];
    if (rental === undefined) throw new Error('no rental');
    return { id: rental.id, carId, rider };
  }

  /** When an aged rental was picked up: 10:00 on its first day, five days ago. */
  const AGED_PICK_UP = startOf(-5) + 10 * HOUR;

  /**
   * Moves a rental back in time, as if days had passed: it ran from five days ago to two days ago,
   * and (once picked up) was picked up at AGED_PICK_UP.
   */
  async function age(id: number) {
    const { db, engine } = subject.app;
    await db
      .updateTable('rentals')
      .set({ pick_up_date: dateFromToday(-5), drop_off_date: dateFromToday(-2) })
      .where('id', '=', id)
      .execute();
    await db
      .updateTable('rental_stage_changes')
      .set({ changed_at: storedTimestamp(engine, AGED_PICK_UP) } as never)
      .where('rental_id', '=', id)
      .where('to_stage', '=', 'picked_up')
      .execute();
  }

  /** A rental picked up with `pickUp`'s details, then aged: it ended two days ago, not yet returned. */
  async function pastRental(car: Record<string, unknown>, pickUp: Record<string, unknown> = {}) {
    const rental = await bookedRental(car);
    const pickedUp = await move(rental.id, { to: 'picked_up', ...pickUp });
    if (pickedUp.status !== 200) throw new Error(pickedUp.message);
    await age(rental.id);
    return rental;
  }

  it('records the hand-over and the return, charges the return and settles the deposit on the invoice', async () => {
    const { id, rider } = await pastRental(
      { deposit: 10_000 },
      { odometer: 12_000, deposit: { method: 'upi', reference: ' UPI-4471 ' } },
    );
    const returnedAt = new Date(startOf(-1) + 2.5 * HOUR).toISOString();
    const completed = await move(id, { to: 'completed', odometer: 13_120, returned_at: returnedAt, tank_full: false });
    expect((completed.body as OperatorBooking).stage).toBe('completed');

    const invoice = await invoiceOf(id, rider.auth);
    expect(invoice.status).toBe(200);
    expect(invoice.body).toEqual({
      number: `RNT/${year}/000001`,
      date: dateFromToday(0),
      rental_id: id,
      supplier: {
        name: KARNATAKA_BUSINESS.legal_name,
        address: KARNATAKA_BUSINESS.address,
        gstin: KARNATAKA_BUSINESS.gstin,
        state_code: '29',
      },
      buyer: { name: 'Asha Rao', address: expect.stringMatching(/ \d{6}$/), gstin: null },
      place_of_supply: { state_code: '29', state: 'Karnataka' },
      reverse_charge: false,
      sac: '997311',
      car: { car_name: expect.stringMatching(/^Money Car/), license_plate: expect.any(String) },
      pick_up_date: dateFromToday(-5),
      drop_off_date: dateFromToday(-2),
      lines: [{ label: 'Daily price', quantity: 4, unit_paise: 1_000_000, amount_paise: 4_000_000 }],
      // 120 km over 4 × 250; back 2½ hours after the drop-off day ended: 1½ past the grace, so 2 hours.
      charges: [
        { label: CHARGE_LABELS.extraKm, quantity: 120, unit_paise: 1_200, amount_paise: 144_000 },
        { label: CHARGE_LABELS.late, quantity: 2, unit_paise: 30_000, amount_paise: 60_000 },
        { label: CHARGE_LABELS.refuel, quantity: 1, unit_paise: 15_000, amount_paise: 15_000 },
      ],
      discount_paise: 0,
      taxable_paise: 4_219_000,
      tax: { rate: 18, included: false, cgst_paise: 379_710, sgst_paise: 379_710, igst_paise: 0 },
      total_paise: 4_978_420,
      deposit_paise: 1_000_000,
      // ₹2,190 of charges plus 18%: ₹2,584.20 kept from the ₹10,000 deposit.
      refund_paise: 741_580,
      due_paise: 0,
      credit_notes: [],
      credited_paise: 0,
      remaining_paise: 4_978_420,
      // Nothing paid at the desk yet: the rental's ₹47,200 with its tax, the charges paid from the deposit.
      books: { payments: [], paid_paise: 0, due_paise: 4_720_000 },
    });
    expect((await subject.call('GET', '/api/rentals', { headers: rider.auth })).body).toEqual([
      expect.objectContaining({ id, invoice: { number: `RNT/${year}/000001`, date: dateFromToday(0) } }),
    ]);

    const admin = await createStaff(subject.app, 'admin');
    const audit = (await subject.call('GET', '/api/operator/audit', { headers: admin.auth })).body as AuditPage;
    const [returned, handedOver] = audit.items.filter((entry) => entry.subject === `booking:${id}`);
    expect(handedOver?.after).toEqual({
      stage: 'picked_up',
      reason: '',
      odometer: 12_000,
      deposit: { method: 'upi', reference: 'UPI-4471' },
    });
    expect(returned?.after).toEqual({
      stage: 'completed',
      reason: '',
      odometer: 13_120,
      returned_at: returnedAt,
      tank_full: false,
      invoice: `RNT/${year}/000001`,
    });
  });

  it('shows what the deposit does not cover as due, with IGST for a customer of another state', async () => {
    const { id, rider } = await bookedRental({ deposit: 1_000 }, { gstin: GSTIN_MAHARASHTRA });
    await move(id, { to: 'picked_up', odometer: 500, deposit: { method: 'cash' } });
    await move(id, { to: 'completed', odometer: 2_000, tank_full: true });
    const invoice = (await invoiceOf(id, rider.auth)).body as Invoice;
    expect(invoice).toMatchObject({
      number: `RNT/${year}/000002`,
      buyer: { gstin: GSTIN_MAHARASHTRA },
      place_of_supply: { state_code: '27', state: 'Maharashtra' },
      charges: [{ label: CHARGE_LABELS.extraKm, quantity: 500, amount_paise: 600_000 }],
      tax: { rate: 18, cgst_paise: 0, sgst_paise: 0, igst_paise: 720_000 + 108_000 },
      deposit_paise: 100_000,
      refund_paise: 0,
      // ₹6,000 plus 18% is ₹7,080; the ₹1,000 deposit leaves ₹6,080.
      due_paise: 608_000,
    });
  });

  it('completes as the desk does today, with no details: no charges, and no deposit it did not take', async () => {
    const { id, rider } = await bookedRental({ deposit: 5_000 });
    await move(id, { to: 'picked_up' });
    expect((await move(id, { to: 'completed' })).status).toBe(200);
    expect((await invoiceOf(id, rider.auth)).body).toMatchObject({
      number: `RNT/${year}/000003`,
      charges: [],
      total_paise: 4_720_000,
      deposit_paise: 0,
      refund_paise: 0,
      due_paise: 0,
    });
  });

  it('refuses details that do not fit the move, and impossible figures at return, and changes nothing', async () => {
    const { id } = await bookedRental({});
    const refused = async (body: Record<string, unknown>) => {
      const answer = await move(id, body);
      return [answer.status, answer.message];
    };
    expect(await refused({ to: 'no_show', odometer: 10 })).toEqual([400, DETAILS_FOR_MOVES]);
    expect(await refused({ to: 'picked_up', tank_full: true })).toEqual([400, DETAILS_FOR_MOVES]);
    expect(await refused({ to: 'picked_up', deposit: { method: 'cheque' } })).toEqual([
      400,
      expect.stringContaining('deposit'),
    ]);
    await move(id, { to: 'picked_up', odometer: 8_000 });
    await age(id);
    expect(await refused({ to: 'completed', returned_at: '2026-12-10 18:30' })).toEqual([400, RETURN_TIME_FORMAT]);
    expect(await refused({ to: 'completed', returned_at: new Date(Date.now() + HOUR).toISOString() })).toEqual([
      400,
      RETURN_IN_FUTURE,
    ]);
    const pickedUpAt = new Date(AGED_PICK_UP).toISOString();
    // Before the day of pick-up, and on that day but before the hand-over: no late fee can be escaped.
    for (const before of [startOf(-6), AGED_PICK_UP - HOUR]) {
      expect(await refused({ to: 'completed', returned_at: new Date(before).toISOString() })).toEqual([
        400,
        returnBeforePickUp(pickedUpAt),
      ]);
    }
    expect(await refused({ to: 'completed', odometer: 7_999 })).toEqual([400, odometerBackwards(8_000)]);
    // Four days at the default bound of 2,000 km a day: 8,000 km is the most a return may record.
    expect(await refused({ to: 'completed', odometer: 16_001 })).toEqual([400, tooFarForDays(8_001, 4, 2_000)]);
    expect(await refused({ to: 'completed', odometer: 9_008_000 })).toEqual([400, tooFarForDays(9_000_000, 4, 2_000)]);
    const history = await subject.call('GET', `/api/operator/bookings/${id}/history`, { headers: operator });
    expect((history.body as { to: string }[]).map((change) => change.to)).toEqual(['picked_up']);
    expect((await invoiceOf(id, operator)).status).toBe(404);
  });

  it('takes a return of as many kilometres a day as the setting allows', async () => {
    const { id } = await pastRental({}, { odometer: 8_000 });
    const returned = await move(id, { to: 'completed', odometer: 16_000, tank_full: true });
    expect([returned.status, returned.body]).toEqual([200, expect.objectContaining({ stage: 'completed' })]);
  });

  it('hands over no car once the rental’s drop-off day has passed', async () => {
    const { id } = await bookedRental({});
    await age(id);
    const refused = await move(id, { to: 'picked_up' });
    expect([refused.status, refused.message]).toEqual([409, pickUpAfterRental(dateFromToday(-2))]);
  });

  it.each(['out_of_service', 'retired', 'draft'] as const)('hands over no car that is %s', async (status) => {
    const { id, carId } = await bookedRental({});
    // A car taken off the road cancels its rentals (below); older data may still hold one.
    await subject.app.db.updateTable('vehicles').set({ status }).where('slug', '=', carId).execute();
    const refused = await move(id, { to: 'picked_up' });
    expect([refused.status, refused.message]).toEqual([409, carOffTheRoad(status)]);
    const history = await subject.call('GET', `/api/operator/bookings/${id}/history`, { headers: operator });
    expect((history.body as { to: string }[]).map((change) => change.to)).toEqual([]);
  });

  it('retiring a car deals with every rental on it not yet picked up, whatever its dates', async () => {
    const past = await bookedRental({});
    await age(past.id);
    const refused = await calls.patchCar(past.carId, { status: 'retired' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ upcoming_rentals: [{ id: past.id, drop_off_date: dateFromToday(-2) }] });
    const retired = await calls.patchCar(past.carId, { status: 'retired', cancel_upcoming: true });
    expect(retired.status).toBe(200);
    const booking = await subject.call('GET', `/api/operator/bookings?vehicle=${past.carId}`, { headers: operator });
    expect((booking.body as { items: OperatorBooking[] }).items).toEqual([
      expect.objectContaining({ id: past.id, stage: 'cancelled' }),
    ]);
  });

  it('gives the invoice, as JSON and as a PDF, to the rental’s customer and to staff only', async () => {
    const { id, rider } = await bookedRental({ deposit: 2_000 });
    await move(id, { to: 'picked_up', deposit: { method: 'card', reference: 'AUTH-22' } });
    await move(id, { to: 'completed', tank_full: false });
    const invoice = (await invoiceOf(id, rider.auth)).body as Invoice;
    expect((await invoiceOf(id, operator)).body).toEqual(invoice);

    const stranger = await createUser(subject.app);
    for (const pdf of [false, true]) {
      const refused = await invoiceOf(id, stranger.auth, pdf);
      expect([refused.status, refused.message]).toEqual([404, NO_INVOICE]);
      expect((await subject.call('GET', `/api/rentals/${id}/invoice${pdf ? '.pdf' : ''}`)).status).toBe(401);
      expect((await invoiceOf(999_999, operator, pdf)).status).toBe(404);
    }

    const response = await fetch(`${urlOf(subject)}/api/rentals/${id}/invoice.pdf`, { headers: rider.auth });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="invoice-${invoice.number.replaceAll('/', '-')}.pdf"`,
    );
    const pdf = Buffer.from(await response.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, fonts } = pdfText(pdf);
    expect(fonts).toEqual(expect.arrayContaining([expect.stringMatching(/^[A-Z]{6}\+Inter/)]));
    expect(text).not.toContain('\ufffd');
    for (const figure of [
      invoice.number,
      'Tax invoice',
      KARNATAKA_BUSINESS.gstin,
      'Refuelling',
      '₹150.00',
      '₹40,000.00',
      '₹3,613.50',
      '₹47,377.00',
      '₹2,000.00',
      '₹1,823.00',
      'Tax payable on reverse charge: No',
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
