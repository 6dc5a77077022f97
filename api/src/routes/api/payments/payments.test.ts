import type { BookingWithPayment } from '@rentora/shared/payments';
import { webhookSignature } from '@rentora/razorpay-standin';
import { DEVELOPMENT_KEYS } from '../../../payments/payments-config';
import { PAID, refundedAfterLapse } from '../../../services/payments/settle';
import { PAYMENT_NOT_STARTED } from '../../../services/payments/open-order';
import { KARNATAKA_BUSINESS, moneyCalls } from '../../../testing/money';
import { describeEachEngineWithGateway, payAtStandIn, withOnlinePayment } from '../../../testing/payments';
import { bookingForm, createStaff, createUser, dateFromToday } from '../../../testing/test-app';
import { NOT_THIS_ORDER, SIGNATURE_FAILS, WEBHOOK_SIGNATURE_FAILS } from '.';

jest.setTimeout(60_000);

describeEachEngineWithGateway('paying for a booking on %s', (subject) => {
  let calls: ReturnType<typeof moneyCalls>;
  beforeAll(async () => {
    calls = moneyCalls(subject, { admin: (await createStaff(subject.app, 'admin')).auth });
    await calls.setSettings(withOnlinePayment(KARNATAKA_BUSINESS));
  });

  /** A customer books a new car for a day `offset` days from now; answers the booking with its payment. */
  async function book(offset = 5, car?: string) {
    const carId = car ?? (await calls.addCar({ price_per_day: 10_000, deposit: 5_000 }));
    const rider = await createUser(subject.app);
    const answer = await subject.call('POST', `/api/book-ride/${carId}`, {
      headers: rider.auth,
      body: bookingForm({ pick_up_date: dateFromToday(offset), drop_off_date: dateFromToday(offset) }),
    });
    return { carId, rider, answer, booking: answer.body as BookingWithPayment };
  }

  const verify = (paymentId: number, body: unknown, auth: Record<string, string>) =>
    subject.call('POST', `/api/payments/${paymentId}/verify`, { headers: auth, body });

  const rentalOf = async (auth: Record<string, string>) =>
    ((await subject.call('GET', '/api/rentals', { headers: auth })).body as { id: number }[])[0];

  const stageOf = async (rentalId: number) =>
    await subject.app.db
      .selectFrom('rentals')
      .select(['stage', 'hold_expires_at'])
      .where('id', '=', rentalId)
      .executeTakeFirstOrThrow();

  it('holds the dates and answers the order to pay, then confirms once Checkout’s signature and the payment hold', async () => {
    const { answer, booking, rider } = await book();
    expect(answer.status).toBe(201);
    // ₹10,000 plus 18% on top: the total, paid online; the deposit is for the desk.
    expect(booking).toEqual({
      message: expect.stringContaining('pay within 15 minutes'),
      rental_id: expect.any(Number),
      payment: {
        id: expect.any(Number),
        order_id: expect.stringMatching(/^order_/),
        amount_paise: 1_180_000,
        currency: 'INR',
        key_id: DEVELOPMENT_KEYS.keyId,
        gateway: 'standin',
        expires_at: expect.stringMatching(/Z$/),
        checkout_script: `${subject.standIn.url}/v1/checkout.js`,
      },
    });
    expect(Date.parse(booking.payment.expires_at) - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(await stageOf(booking.rental_id)).toMatchObject({ stage: 'confirmed', hold_expires_at: expect.anything() });
    expect(subject.standIn.ledger.order(booking.payment.order_id)).toMatchObject({
      amount: 1_180_000,
      status: 'created',
    });

    const { result } = await payAtStandIn(subject.standIn, booking.payment.order_id);
    const tampered = {
      ...result,
      razorpay_signature: result.razorpay_signature.replace(/.$/, (c) => (c === '0' ? '1' : '0')),
    };
    expect(await verify(booking.payment.id, tampered, rider.auth)).toMatchObject({
      status: 400,
      message: SIGNATURE_FAILS,
    });

    const verified = await verify(booking.payment.id, result, rider.auth);
    expect([verified.status, verified.body]).toEqual([
      200,
      { message: PAID, rental_id: booking.rental_id, status: 'confirmed' },
    ]);
    expect(await stageOf(booking.rental_id)).toEqual({ stage: 'confirmed', hold_expires_at: null });
    // Again, and with the webhook that also arrives: the same answer, nothing moved twice.
    expect((await verify(booking.payment.id, result, rider.auth)).status).toBe(200);
    await subject.webhooksDelivered();
    const charges = await subject.app.db
      .selectFrom('payments')
      .selectAll()
      .where('rental_id', '=', booking.rental_id)
      .execute();
    expect(charges).toEqual([
      expect.objectContaining({ kind: 'charge', status: 'captured', gateway_payment_id: result.razorpay_payment_id }),
    ]);
  });

  it('gives a payment to its customer only, and refuses another order’s signature', async () => {
    const first = await book();
    const second = await book();
    const { result } = await payAtStandIn(subject.standIn, second.booking.payment.order_id);
    const stranger = await createUser(subject.app);
    expect((await verify(first.booking.payment.id, result, stranger.auth)).status).toBe(404);
    expect(await verify(first.booking.payment.id, result, first.rider.auth)).toMatchObject({
      status: 400,
      message: NOT_THIS_ORDER,
    });
    expect(await stageOf(first.booking.rental_id)).toMatchObject({ hold_expires_at: expect.anything() });
  });

  it('confirms from the webhook alone, when the browser never comes back', async () => {
    const { booking } = await book();
    await payAtStandIn(subject.standIn, booking.payment.order_id);
    await subject.webhooksDelivered();
    expect(await stageOf(booking.rental_id)).toEqual({ stage: 'confirmed', hold_expires_at: null });
  });

  it('keeps the hold through a failed attempt, and confirms the next one', async () => {
    const { booking, rider } = await book();
    const failed = await payAtStandIn(subject.standIn, booking.payment.order_id, 'failure');
    expect(failed.status).toBe(400);
    await subject.webhooksDelivered();
    expect(await stageOf(booking.rental_id)).toMatchObject({ stage: 'confirmed', hold_expires_at: expect.anything() });
    const { result } = await payAtStandIn(subject.standIn, booking.payment.order_id);
    expect((await verify(booking.payment.id, result, rider.auth)).status).toBe(200);
  });

  it('lets a lapsed hold’s dates go to another booking, and refunds the late payment by itself', async () => {
    const late = await book(20);
    // The hold ends: as if fifteen minutes had passed.
    await subject.app.db
      .updateTable('rentals')
      .set({ hold_expires_at: '2000-01-01 00:00:00' })
      .where('id', '=', late.booking.rental_id)
      .execute();
    await subject.app.db
      .updateTable('payments')
      .set({ expires_at: '2000-01-01 00:00:00' })
      .where('id', '=', late.booking.payment.id)
      .execute();
    const other = await book(20, late.carId);
    expect(other.answer.status).toBe(201);
    expect((await stageOf(late.booking.rental_id)).stage).toBe('cancelled');

    const { result } = await payAtStandIn(subject.standIn, late.booking.payment.order_id);
    const answer = await verify(late.booking.payment.id, result, late.rider.auth);
    expect([answer.status, answer.message]).toEqual([409, refundedAfterLapse(1_180_000)]);
    // Whichever of verify and the webhook settled it sent the refund; the gateway processes it a moment later.
    await subject.webhooksDelivered();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await subject.webhooksDelivered();
    const refunds = subject.standIn.ledger.refundsOf(result.razorpay_payment_id);
    expect(refunds).toEqual([expect.objectContaining({ amount: 1_180_000, status: 'processed' })]);
    const rows = await subject.app.db
      .selectFrom('payments')
      .select(['kind', 'status', 'amount_paise'])
      .where('rental_id', '=', late.booking.rental_id)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { kind: 'charge', status: 'captured', amount_paise: 1_180_000 },
      { kind: 'refund', status: 'processed', amount_paise: 1_180_000 },
    ]);
    // Verified again: the same answer, and no second refund.
    expect((await verify(late.booking.payment.id, result, late.rider.auth)).status).toBe(409);
    expect(subject.standIn.ledger.refundsOf(result.razorpay_payment_id)).toHaveLength(1);
  });

  it('confirms a lapsed booking paid late while its dates are still free', async () => {
    const { booking, rider } = await book(30);
    await subject.app.db
      .updateTable('payments')
      .set({ expires_at: '2000-01-01 00:00:00' })
      .where('id', '=', booking.payment.id)
      .execute();
    await subject.sweep();
    expect((await stageOf(booking.rental_id)).stage).toBe('cancelled');
    const { result } = await payAtStandIn(subject.standIn, booking.payment.order_id);
    expect((await verify(booking.payment.id, result, rider.auth)).status).toBe(200);
    expect(await stageOf(booking.rental_id)).toEqual({ stage: 'confirmed', hold_expires_at: null });
  });

  it('refuses a webhook whose signature does not verify, changing nothing', async () => {
    const { booking } = await book();
    subject.standIn.faults.webhooks = 'none';
    await payAtStandIn(subject.standIn, booking.payment.order_id);
    subject.standIn.resetFaults();
    const body = JSON.stringify({
      event: 'payment.captured',
      payload: { payment: { entity: { ...subject.standIn.ledger.paymentsOf(booking.payment.order_id)[0] } } },
    });
    const send = (signature: string) =>
      subject.call('POST', '/api/payments/webhook', {
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': signature,
          'x-razorpay-event-id': 'evt_forged',
        },
        body,
      });
    expect(await send(webhookSignature(body, 'not-the-webhook-secret'))).toMatchObject({
      status: 400,
      message: WEBHOOK_SIGNATURE_FAILS,
    });
    // Keyed with the key secret instead of the webhook secret: still not a webhook.
    expect((await send(webhookSignature(body, DEVELOPMENT_KEYS.keySecret))).status).toBe(400);
    expect((await stageOf(booking.rental_id)).hold_expires_at).not.toBeNull();
    expect((await send(webhookSignature(body, DEVELOPMENT_KEYS.webhookSecret))).status).toBe(200);
    expect((await stageOf(booking.rental_id)).hold_expires_at).toBeNull();
  });

  it('answers 503 and books nothing when the gateway cannot take the order', async () => {
    const carId = await calls.addCar({ price_per_day: 12_000 });
    subject.standIn.faults.hangAfterCommit = ['order'];
    subject.standIn.faults.hangMs = 4_000;
    const rider = await createUser(subject.app);
    const answer = await subject.call('POST', `/api/book-ride/${carId}`, {
      headers: rider.auth,
      body: bookingForm({ pick_up_date: dateFromToday(3), drop_off_date: dateFromToday(3) }),
    });
    subject.standIn.resetFaults();
    expect([answer.status, answer.message, answer.headers.get('retry-after')]).toEqual([503, PAYMENT_NOT_STARTED, '5']);
    const rental = await rentalOf(rider.auth);
    expect(rental).toMatchObject({ status: 'cancelled' });
    // The dates are free: the same booking goes through now.
    const again = await subject.call('POST', `/api/book-ride/${carId}`, {
      headers: rider.auth,
      body: bookingForm({ pick_up_date: dateFromToday(3), drop_off_date: dateFromToday(3) }),
    });
    expect(again.status).toBe(201);
  });
});
