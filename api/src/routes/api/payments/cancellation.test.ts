import type { BookingWithPayment } from '@rentora/shared/payments';
import type { Invoice } from '@rentora/shared';
import type { AuditPage } from '@rentora/shared/operator';
import { MESSAGES } from '@rentora/shared/rules';
import { FEE_LABELS } from '../../../money/invoice';
import { KARNATAKA_BUSINESS, moneyCalls } from '../../../testing/money';
import { describeEachEngineWithGateway, payAtStandIn, withOnlinePayment } from '../../../testing/payments';
import { bookingForm, createStaff, createUser, dateFromToday } from '../../../testing/test-app';
import { AWAITING_PAYMENT, REFUND_NEEDS_ADMIN, REFUND_NEEDS_REASON } from '../../../services/stages';
import { NO_SUCH_RENTAL } from '../../../errors';

jest.setTimeout(60_000);

/** Half back from ten days before pick-up on, no free minutes: every cancellation in these tests keeps a fee. */
const HALF_BACK = {
  free_minutes_after_booking: 0,
  tiers: [
    { hours_before: 240, refund_percent: 100 },
    { hours_before: 0, refund_percent: 50 },
  ],
};

describeEachEngineWithGateway('cancelling with the refund known first on %s', (subject) => {
  let calls: ReturnType<typeof moneyCalls>;
  beforeAll(async () => {
    calls = moneyCalls(subject, { admin: (await createStaff(subject.app, 'admin')).auth });
  });
  const settle = (settings: Parameters<typeof withOnlinePayment>[0]) => calls.setSettings(settings);

  /** A booking for a day `offset` days ahead, paid through the stand-in. */
  async function paidRental(price = 10_000, offset = 5) {
    const carId = await calls.addCar({ price_per_day: price });
    const rider = await createUser(subject.app);
    const answer = await subject.call('POST', `/api/book-ride/${carId}`, {
      headers: rider.auth,
      body: bookingForm({ pick_up_date: dateFromToday(offset), drop_off_date: dateFromToday(offset) }),
    });
    const booking = answer.body as BookingWithPayment;
    const { result } = await payAtStandIn(subject.standIn, booking.payment.order_id);
    await subject.call('POST', `/api/payments/${booking.payment.id}/verify`, { headers: rider.auth, body: result });
    return { carId, rider, booking, paymentId: result.razorpay_payment_id };
  }

  const quoteOf = (id: number, auth: Record<string, string>) =>
    subject.call('GET', `/api/rentals/${id}/cancellation`, { headers: auth });
  const cancel = (carId: string, auth: Record<string, string>) =>
    subject.call('POST', `/api/cancel-ride/${carId}`, { headers: auth });

  it('with online payment off, cancels as before: nothing paid, nothing kept, the product’s own words', async () => {
    await settle(KARNATAKA_BUSINESS);
    const carId = await calls.addCar({ price_per_day: 8_000 });
    const rider = await createUser(subject.app);
    await subject.call('POST', `/api/book-ride/${carId}`, {
      headers: rider.auth,
      body: bookingForm({ pick_up_date: dateFromToday(4), drop_off_date: dateFromToday(4) }),
    });
    const [rental] = (await subject.call('GET', '/api/rentals', { headers: rider.auth })).body as { id: number }[];
    expect((await quoteOf(rental?.id ?? 0, rider.auth)).body).toEqual({
      refund_paise: 0,
      fee_paise: 0,
      rule: 'Nothing was paid online: cancelling costs nothing.',
    });
    expect(await cancel(carId, rider.auth)).toMatchObject({ status: 200, body: { message: MESSAGES.cancelSucceeded } });
  });

  it('refunds in full by default, through the gateway, once', async () => {
    await settle(withOnlinePayment(KARNATAKA_BUSINESS));
    const { carId, rider, booking, paymentId } = await paidRental();
    expect((await quoteOf(booking.rental_id, rider.auth)).body).toEqual({
      refund_paise: 1_180_000,
      fee_paise: 0,
      rule: 'Cancelled within 60 minutes of booking: everything is refunded.',
    });
    const cancelled = await cancel(carId, rider.auth);
    expect(cancelled).toMatchObject({
      status: 200,
      body: { message: `${MESSAGES.cancelSucceeded} ₹11,800.00 will be refunded to how you paid.` },
    });
    expect((await cancel(carId, rider.auth)).status).toBe(404);
    expect(subject.standIn.ledger.refundsOf(paymentId)).toEqual([expect.objectContaining({ amount: 1_180_000 })]);
    expect((await quoteOf(booking.rental_id, rider.auth)).status).toBe(409);
  });

  it('refunds online only what the desk has not already given back', async () => {
    await settle(withOnlinePayment(KARNATAKA_BUSINESS));
    const { carId, rider, booking, paymentId } = await paidRental();
    const admin = (await createStaff(subject.app, 'admin')).auth;
    const deskRefund = await subject.call('POST', `/api/operator/bookings/${booking.rental_id}/payments`, {
      headers: admin,
      body: { kind: 'refund', method: 'cash', amount_paise: 300_000, reference: 'CASH-BACK-1' },
    });
    expect(deskRefund.status).toBe(201);
    // ₹11,800 paid online, ₹3,000 of it handed back in cash: ₹8,800 is left to refund.
    expect((await quoteOf(booking.rental_id, rider.auth)).body).toMatchObject({ refund_paise: 880_000, fee_paise: 0 });
    expect((await cancel(carId, rider.auth)).message).toBe(
      `${MESSAGES.cancelSucceeded} ₹8,800.00 will be refunded to how you paid.`,
    );
    expect(subject.standIn.ledger.refundsOf(paymentId)).toEqual([expect.objectContaining({ amount: 880_000 })]);
  });

  it('keeps a fee by the policy, says so before, and invoices it in the invoice series', async () => {
    await settle({ ...withOnlinePayment(KARNATAKA_BUSINESS), cancellation_policy: HALF_BACK });
    const { carId, rider, booking, paymentId } = await paidRental();
    const quote = await quoteOf(booking.rental_id, rider.auth);
    expect(quote.body).toEqual({
      refund_paise: 590_000,
      fee_paise: 590_000,
      rule: 'Less than 240 hours before pick-up: 50% is refunded.',
    });
    const cancelled = await cancel(carId, rider.auth);
    expect(cancelled.message).toMatch(
      /^Rental cancelled successfully! ₹5,900\.00 will be refunded to how you paid\. ₹5,900\.00 is kept as a cancellation fee \(invoice RNT\/\d{4}\/\d{6}\)\.$/,
    );
    expect(subject.standIn.ledger.refundsOf(paymentId)).toEqual([expect.objectContaining({ amount: 590_000 })]);
    const invoice = (await subject.call('GET', `/api/rentals/${booking.rental_id}/invoice`, { headers: rider.auth }))
      .body as Invoice;
    expect(invoice).toMatchObject({
      lines: [{ label: FEE_LABELS.cancelled, quantity: 1, unit_paise: 590_000, amount_paise: 590_000 }],
      // ₹5,900 with 18% inside it.
      taxable_paise: 500_000,
      tax: { rate: 18, included: true, cgst_paise: 45_000, sgst_paise: 45_000 },
      total_paise: 590_000,
      deposit_paise: 0,
    });
  });

  it('refunds a payment that arrives after the customer cancelled an unpaid hold', async () => {
    await settle(withOnlinePayment(KARNATAKA_BUSINESS));
    const carId = await calls.addCar({ price_per_day: 9_000 });
    const rider = await createUser(subject.app);
    const booking = (
      await subject.call('POST', `/api/book-ride/${carId}`, {
        headers: rider.auth,
        body: bookingForm({ pick_up_date: dateFromToday(6), drop_off_date: dateFromToday(6) }),
      })
    ).body as BookingWithPayment;
    expect((await quoteOf(booking.rental_id, rider.auth)).body).toMatchObject({ refund_paise: 0, fee_paise: 0 });
    expect(await cancel(carId, rider.auth)).toMatchObject({ body: { message: MESSAGES.cancelSucceeded } });
    const { result } = await payAtStandIn(subject.standIn, booking.payment.order_id);
    const late = await subject.call('POST', `/api/payments/${booking.payment.id}/verify`, {
      headers: rider.auth,
      body: result,
    });
    expect(late.status).toBe(409);
    await subject.webhooksDelivered();
    expect(subject.standIn.ledger.refundsOf(result.razorpay_payment_id)).toEqual([
      expect.objectContaining({ amount: booking.payment.amount_paise }),
    ]);
  });

  it('refunds in full when staff cancel; less only from an admin, with a reason; a no-show keeps the rental’s payment', async () => {
    await settle(withOnlinePayment(KARNATAKA_BUSINESS));
    const operator = (await createStaff(subject.app, 'operator')).auth;
    const admin = (await createStaff(subject.app, 'admin')).auth;
    const move = (id: number, body: Record<string, unknown>, auth: Record<string, string>) =>
      subject.call('POST', `/api/operator/bookings/${id}/stage`, { headers: auth, body });

    const full = await paidRental();
    expect((await move(full.booking.rental_id, { to: 'cancelled', reason: 'Car damaged' }, operator)).status).toBe(200);
    expect(subject.standIn.ledger.refundsOf(full.paymentId)).toEqual([expect.objectContaining({ amount: 1_180_000 })]);

    const partial = await paidRental();
    const half = { to: 'cancelled', refund_percent: 50 };
    expect(await move(partial.booking.rental_id, { ...half, reason: 'Asked late' }, operator)).toMatchObject({
      status: 403,
      message: REFUND_NEEDS_ADMIN,
    });
    expect(await move(partial.booking.rental_id, half, admin)).toMatchObject({
      status: 400,
      message: REFUND_NEEDS_REASON,
    });
    expect((await move(partial.booking.rental_id, { ...half, reason: 'Asked the day before' }, admin)).status).toBe(
      200,
    );
    expect(subject.standIn.ledger.refundsOf(partial.paymentId)).toEqual([expect.objectContaining({ amount: 590_000 })]);
    const audit = (await subject.call('GET', '/api/operator/audit', { headers: admin })).body as AuditPage;
    expect(audit.items.find((entry) => entry.subject === `booking:${partial.booking.rental_id}`)?.after).toMatchObject({
      stage: 'cancelled',
      reason: 'Asked the day before',
      refund_paise: 590_000,
      fee_paise: 590_000,
      invoice: expect.stringMatching(/^RNT\//),
    });
    expect((await move(full.booking.rental_id, { to: 'picked_up', refund_percent: 10 }, admin)).status).toBe(400);

    const missed = await paidRental(10_000, 0);
    expect((await move(missed.booking.rental_id, { to: 'no_show', reason: 'Never came' }, operator)).status).toBe(200);
    expect(subject.standIn.ledger.refundsOf(missed.paymentId)).toEqual([]);
    const kept = (await subject.call('GET', `/api/rentals/${missed.booking.rental_id}/invoice`, { headers: admin }))
      .body as Invoice;
    expect(kept).toMatchObject({
      lines: [{ label: FEE_LABELS.no_show, amount_paise: 1_180_000 }],
      total_paise: 1_180_000,
    });
  });

  it('hands over no car still awaiting its payment', async () => {
    await settle(withOnlinePayment(KARNATAKA_BUSINESS));
    const carId = await calls.addCar({ price_per_day: 7_000 });
    const rider = await createUser(subject.app);
    const booking = (
      await subject.call('POST', `/api/book-ride/${carId}`, {
        headers: rider.auth,
        body: bookingForm({ pick_up_date: dateFromToday(0), drop_off_date: dateFromToday(0) }),
      })
    ).body as BookingWithPayment;
    const operator = (await createStaff(subject.app, 'operator')).auth;
    const refused = await subject.call('POST', `/api/operator/bookings/${booking.rental_id}/stage`, {
      headers: operator,
      body: { to: 'picked_up' },
    });
    expect([refused.status, refused.message]).toEqual([409, AWAITING_PAYMENT]);
  });

  it('refunds in full the paid rentals of a car taken off the road', async () => {
    await settle(withOnlinePayment(KARNATAKA_BUSINESS));
    const { carId, paymentId } = await paidRental();
    const retired = await calls.patchCar(carId, { status: 'retired', cancel_upcoming: true });
    expect(retired.status).toBe(200);
    expect(subject.standIn.ledger.refundsOf(paymentId)).toEqual([expect.objectContaining({ amount: 1_180_000 })]);
  });

  it('tells the rental’s customer and staff only', async () => {
    await settle(withOnlinePayment(KARNATAKA_BUSINESS));
    const { booking } = await paidRental();
    const stranger = await createUser(subject.app);
    expect(await quoteOf(booking.rental_id, stranger.auth)).toMatchObject({ status: 404, message: NO_SUCH_RENTAL });
    const operator = await createStaff(subject.app, 'operator');
    expect((await quoteOf(booking.rental_id, operator.auth)).status).toBe(200);
    expect((await subject.call('GET', `/api/rentals/${booking.rental_id}/cancellation`)).status).toBe(401);
  });
});
