import type { BookingWithPayment, CheckoutResult } from '@rentora/shared/payments';
import { webhookSignature } from '@rentora/razorpay-standin';
import { DEVELOPMENT_KEYS } from '../../../payments/payments-config';
import { PAID, refundedAfterLapse } from '../../../services/payments/settle';
import { KEY_REUSED_FOR_ANOTHER_CALL } from '../../../services/idempotent-call';
import { KARNATAKA_BUSINESS, moneyCalls } from '../../../testing/money';
import { describeEachEngineWithGateway, payAtStandIn, withOnlinePayment } from '../../../testing/payments';
import { bookingForm, createStaff, createUser, dateFromToday } from '../../../testing/test-app';

jest.setTimeout(90_000);

const LONG_AGO = '2000-01-01 00:00:00';

/**
 * Nothing is charged twice, and nothing paid goes unconfirmed or unrefunded, whatever the gateway
 * and the network do (issue 42's list): each fault made by the stand-in, on both engines.
 */
describeEachEngineWithGateway('payments under faults on %s', (subject) => {
  let calls: ReturnType<typeof moneyCalls>;
  beforeAll(async () => {
    calls = moneyCalls(subject, { admin: (await createStaff(subject.app, 'admin')).auth });
    await calls.setSettings(withOnlinePayment(KARNATAKA_BUSINESS));
  });
  afterEach(() => subject.standIn.resetFaults());

  async function book(offset: number, car?: string) {
    const carId = car ?? (await calls.addCar({ price_per_day: 10_000 }));
    const rider = await createUser(subject.app);
    const answer = await subject.call('POST', `/api/book-ride/${carId}`, {
      headers: rider.auth,
      body: bookingForm({ pick_up_date: dateFromToday(offset), drop_off_date: dateFromToday(offset) }),
    });
    if (answer.status !== 201) throw new Error(`booking: ${answer.status} ${answer.message}`);
    return { carId, rider, booking: answer.body as BookingWithPayment };
  }

  /** A booking whose hold ended unpaid and whose day another customer then booked. */
  async function lapsedAndTaken(offset: number) {
    const late = await book(offset);
    await subject.app.db
      .updateTable('rentals')
      .set({ hold_expires_at: LONG_AGO })
      .where('id', '=', late.booking.rental_id)
      .execute();
    await subject.app.db
      .updateTable('payments')
      .set({ expires_at: LONG_AGO })
      .where('id', '=', late.booking.payment.id)
      .execute();
    await book(offset, late.carId);
    return late;
  }

  const verify = (paymentId: number, result: CheckoutResult, auth: Record<string, string>, key?: string) =>
    subject.call('POST', `/api/payments/${paymentId}/verify`, {
      headers: { ...auth, ...(key === undefined ? {} : { 'idempotency-key': key }) },
      body: result,
    });

  /** The webhook for a captured payment, as Razorpay would send it, signed, under an event id of its own. */
  const capturedWebhook = (orderId: string, eventId: string) => {
    const [payment] = subject.standIn.ledger.paymentsOf(orderId);
    const body = JSON.stringify({ event: 'payment.captured', payload: { payment: { entity: payment } } });
    return subject.call('POST', '/api/payments/webhook', {
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': webhookSignature(body, DEVELOPMENT_KEYS.webhookSecret),
        'x-razorpay-event-id': eventId,
      },
      body,
    });
  };

  const rowsOf = (rentalId: number) =>
    subject.app.db
      .selectFrom('payments')
      .select(['kind', 'status', 'amount_paise'])
      .where('rental_id', '=', rentalId)
      .orderBy('id')
      .execute();

  /** Waits for the refunds the gateway processes a moment after making them, and their webhooks. */
  const refundsProcessed = async () => {
    await subject.webhooksDelivered();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await subject.webhooksDelivered();
  };

  it('a duplicate webhook changes nothing twice', async () => {
    const late = await lapsedAndTaken(40);
    subject.standIn.faults.webhooks = 'duplicate';
    const { result } = await payAtStandIn(subject.standIn, late.booking.payment.order_id);
    await refundsProcessed();
    expect(subject.standIn.ledger.refundsOf(result.razorpay_payment_id)).toHaveLength(1);
    expect(await rowsOf(late.booking.rental_id)).toEqual([
      { kind: 'charge', status: 'captured', amount_paise: 1_180_000 },
      { kind: 'refund', status: 'processed', amount_paise: 1_180_000 },
    ]);
    // The same event id redelivered by hand, long after: still nothing.
    const [first] = subject.standIn.webhooks.sent;
    expect(first).toBeDefined();
    await subject.standIn.webhooks.redeliver(first?.id ?? '');
    expect(subject.standIn.ledger.refundsOf(result.razorpay_payment_id)).toHaveLength(1);
  });

  it('events out of order never move a payment back: a late failure after the capture is only noted', async () => {
    const { booking, rider } = await book(41);
    subject.standIn.faults.webhooks = 'none';
    await payAtStandIn(subject.standIn, booking.payment.order_id, 'failure');
    subject.standIn.faults.webhooks = 'reversed';
    const { result } = await payAtStandIn(subject.standIn, booking.payment.order_id);
    await subject.webhooksDelivered();
    // The failed attempt's event, delivered last of all.
    const failed = subject.standIn.webhooks.sent.find((event) => event.event === 'payment.failed');
    await subject.standIn.webhooks.redeliver(failed?.id ?? '');
    expect(await rowsOf(booking.rental_id)).toEqual([{ kind: 'charge', status: 'captured', amount_paise: 1_180_000 }]);
    expect((await verify(booking.payment.id, result, rider.auth)).body).toMatchObject({ message: PAID });
  });

  it('a webhook before the browser’s verify: the verify answers the same', async () => {
    const { booking, rider } = await book(42);
    const { result } = await payAtStandIn(subject.standIn, booking.payment.order_id);
    await subject.webhooksDelivered();
    expect(await verify(booking.payment.id, result, rider.auth)).toMatchObject({
      status: 200,
      body: { message: PAID, status: 'confirmed' },
    });
  });

  it('fifty verifies and webhooks for one payment at once: one capture, one refund', async () => {
    const late = await lapsedAndTaken(43);
    subject.standIn.faults.webhooks = 'none';
    const { result } = await payAtStandIn(subject.standIn, late.booking.payment.order_id);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        index % 2 === 0
          ? verify(late.booking.payment.id, result, late.rider.auth)
          : capturedWebhook(late.booking.payment.order_id, `evt_storm_${index}`),
      ),
    );
    const verifies = answers.filter((_, index) => index % 2 === 0);
    expect(new Set(verifies.map((answer) => `${answer.status} ${answer.message}`))).toEqual(
      new Set([`409 ${refundedAfterLapse(1_180_000)}`]),
    );
    expect(answers.filter((_, index) => index % 2 === 1).every((answer) => answer.status === 200)).toBe(true);
    subject.standIn.resetFaults();
    await subject.sweep();
    expect(subject.standIn.ledger.refundsOf(result.razorpay_payment_id)).toHaveLength(1);
    const rows = await rowsOf(late.booking.rental_id);
    expect(rows.filter((row) => row.kind === 'charge')).toHaveLength(1);
    expect(rows.filter((row) => row.kind === 'refund')).toHaveLength(1);
  });

  it('the gateway timing out after it made the refund: the sweep sends it again, refunded once', async () => {
    const late = await lapsedAndTaken(44);
    subject.standIn.faults.webhooks = 'none';
    subject.standIn.faults.hangAfterCommit = ['refund'];
    subject.standIn.faults.hangMs = 4_000;
    const { result } = await payAtStandIn(subject.standIn, late.booking.payment.order_id);
    const answer = await verify(late.booking.payment.id, result, late.rider.auth);
    expect(answer.status).toBe(409);
    // The gateway made it, but our call gave up: the refund stays pending on our side.
    expect(subject.standIn.ledger.refundsOf(result.razorpay_payment_id)).toHaveLength(1);
    expect((await rowsOf(late.booking.rental_id))[1]).toMatchObject({ kind: 'refund', status: 'pending' });
    subject.standIn.resetFaults();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await subject.sweep();
    expect(subject.standIn.ledger.refundsOf(result.razorpay_payment_id)).toHaveLength(1);
    expect((await rowsOf(late.booking.rental_id))[1]).toMatchObject({ kind: 'refund', status: 'processed' });
  });

  it('a payment our server never heard of (down at the capture, the browser closed): the sweep confirms it', async () => {
    const { booking } = await book(45);
    subject.standIn.faults.webhooks = 'none';
    await payAtStandIn(subject.standIn, booking.payment.order_id);
    // Asked about once it is old enough (two minutes), or its hold has ended: here, made old.
    await subject.app.db
      .updateTable('payments')
      .set({ created_at: LONG_AGO } as never)
      .where('id', '=', booking.payment.id)
      .execute();
    await subject.sweep();
    const rental = await subject.app.db
      .selectFrom('rentals')
      .select(['stage', 'hold_expires_at'])
      .where('id', '=', booking.rental_id)
      .executeTakeFirstOrThrow();
    expect(rental).toEqual({ stage: 'confirmed', hold_expires_at: null });
    expect(await rowsOf(booking.rental_id)).toEqual([{ kind: 'charge', status: 'captured', amount_paise: 1_180_000 }]);
  });

  it('a payment never made lapses with its hold, and its day goes free', async () => {
    const { booking, carId } = await book(46);
    await subject.app.db
      .updateTable('payments')
      .set({ expires_at: LONG_AGO })
      .where('id', '=', booking.payment.id)
      .execute();
    await subject.app.db
      .updateTable('rentals')
      .set({ hold_expires_at: LONG_AGO })
      .where('id', '=', booking.rental_id)
      .execute();
    await subject.sweep();
    expect(await rowsOf(booking.rental_id)).toEqual([{ kind: 'charge', status: 'lapsed', amount_paise: 1_180_000 }]);
    const day = dateFromToday(46);
    const vehicle = (await subject.call('GET', `/api/vehicles/${carId}`)).body as { booked_dates?: unknown };
    expect(JSON.stringify(vehicle)).not.toContain(day);
  });

  it('the same Idempotency-Key with the same body gives the same answer, once; with another body, 422', async () => {
    const carId = await calls.addCar({ price_per_day: 10_000 });
    const rider = await createUser(subject.app);
    const form = bookingForm({ pick_up_date: dateFromToday(47), drop_off_date: dateFromToday(47) });
    const send = (body: unknown) =>
      subject.call('POST', `/api/book-ride/${carId}`, {
        headers: { ...rider.auth, 'idempotency-key': 'book-47' },
        body,
      });
    const first = await send(form);
    const again = await send(form);
    expect(first.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const booking = first.body as BookingWithPayment;
    expect(
      [...subject.standIn.ledger.orders.values()].filter((order) =>
        order.receipt.startsWith(`rentora-${booking.rental_id}-`),
      ),
    ).toHaveLength(1);

    const { result } = await payAtStandIn(subject.standIn, booking.payment.order_id);
    const verified = await verify(booking.payment.id, result, rider.auth, 'verify-47');
    expect(await verify(booking.payment.id, result, rider.auth, 'verify-47')).toMatchObject({
      status: verified.status,
      body: verified.body,
    });
    const other = { ...result, razorpay_signature: result.razorpay_signature.split('').reverse().join('') };
    expect(await verify(booking.payment.id, other, rider.auth, 'verify-47')).toMatchObject({
      status: 422,
      message: KEY_REUSED_FOR_ANOTHER_CALL,
    });
  });
});
