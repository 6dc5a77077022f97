import type { CustomerRental } from '@rentora/shared';
import type { BookingWithPayment } from '@rentora/shared/payments';
import { BOOKING_LIMITS, CHANGE_AWAITING_PAYMENT, DATE_RANGE_MESSAGES, clashMessage } from '@rentora/shared/rules';
import { STALE_QUOTE } from '../../../services/booking-price';
import { KEY_REUSED_FOR_ANOTHER_CALL } from '../../../services/idempotent-call';
import { NO_SUCH_RENTAL } from '../../../errors';
import type { DateChange, DateChangeQuote } from '@rentora/shared/date-change';
import { PICK_UP_KEPT, SAME_DATES, notChangeable } from '../../../services/change-dates';
import { CHANGE_PAID } from '../../../services/payments/settle';
import { describeEachEngine } from '../../../testing/describe-engines';
import { KARNATAKA_BUSINESS, moneyCalls } from '../../../testing/money';
import { describeEachEngineWithGateway, payAtStandIn, withOnlinePayment } from '../../../testing/payments';
import { type TestApp, bookingForm, createStaff, createUser, dateFromToday } from '../../../testing/test-app';

jest.setTimeout(60_000);

/**
 * ₹10,000 a day, 10% off from 3 days, 18% GST on top: 2 days cost ₹23,600 and 3 days
 * ₹31,860 (₹30,000 less ₹3,000, plus ₹4,860).
 */
const CAR = { price_per_day: 10_000, deposit: 5_000, length_discounts: [{ min_days: 3, percent: 10 }] };
const TWO_DAYS = 2_360_000;
const THREE_DAYS = 3_186_000;

type Rider = Awaited<ReturnType<typeof createUser>>;

/** The calls of a rental's customer: book, read, preview and change. */
function changeCalls(subject: TestApp) {
  return {
    async book(car: string, from: number, to: number, rider?: Rider) {
      const who = rider ?? (await createUser(subject.app));
      const answer = await subject.call('POST', `/api/book-ride/${car}`, {
        headers: who.auth,
        body: bookingForm({ pick_up_date: dateFromToday(from), drop_off_date: dateFromToday(to) }),
      });
      if (answer.status !== 201) throw new Error(`booking: ${answer.status} ${answer.message}`);
      const rentals = (await subject.call('GET', '/api/rentals', { headers: who.auth })).body as CustomerRental[];
      const rental = rentals.at(-1);
      if (rental === undefined) throw new Error('no rental');
      return { rider: who, rental, answer };
    },
    preview: (rider: Rider, id: number, from: string, to: string) =>
      subject.call('GET', `/api/rentals/${id}/change?pick_up_date=${from}&drop_off_date=${to}`, {
        headers: rider.auth,
      }),
    change: (rider: Rider, id: number, body: Record<string, unknown>) =>
      subject.call('POST', `/api/rentals/${id}/change`, { headers: rider.auth, body }),
    async rental(rider: Rider, id: number) {
      const rentals = (await subject.call('GET', '/api/rentals', { headers: rider.auth })).body as CustomerRental[];
      return rentals.find((rental) => rental.id === id);
    },
  };
}

const days = (from: number, to: number) => ({ pick_up_date: dateFromToday(from), drop_off_date: dateFromToday(to) });

describeEachEngine('changing a rental’s dates, paid at the desk, on %s', (subject) => {
  let money: ReturnType<typeof moneyCalls>;
  let calls: ReturnType<typeof changeCalls>;
  let operator: Record<string, string>;
  beforeAll(async () => {
    money = moneyCalls(subject, { admin: (await createStaff(subject.app, 'admin')).auth });
    operator = (await createStaff(subject.app, 'operator')).auth;
    await money.setSettings(KARNATAKA_BUSINESS);
    calls = changeCalls(subject);
  });

  it('shows the new total first, priced again with the new length’s discount, then moves the rental to it', async () => {
    const car = await money.addCar(CAR);
    const { rider, rental } = await calls.book(car, 10, 11);
    expect(rental.total_paise).toBe(TWO_DAYS);

    const preview = await calls.preview(rider, rental.id, dateFromToday(10), dateFromToday(12));
    expect(preview.status).toBe(200);
    const quoted = preview.body as DateChangeQuote;
    expect(quoted).toMatchObject({
      previous_total_paise: TWO_DAYS,
      total_paise: THREE_DAYS,
      difference_paise: THREE_DAYS - TWO_DAYS,
      pay_now_paise: 0,
      refund_paise: 0,
      rule: 'The difference is paid at the rental desk.',
      quote: { discount_percent: 10, discount_paise: 300_000, total_paise: THREE_DAYS },
    });
    // The preview wrote nothing.
    expect(await calls.rental(rider, rental.id)).toMatchObject({ drop_off_date: dateFromToday(11) });

    const changed = await calls.change(rider, rental.id, { ...days(10, 12), quote_id: quoted.quote.id });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({
      message: expect.stringContaining('3 days, ₹31,860.00 in total.'),
      rental_id: rental.id,
      status: 'changed',
      ...days(10, 12),
      total_paise: THREE_DAYS,
      difference_paise: THREE_DAYS - TWO_DAYS,
      refund_paise: 0,
    });
    expect(await calls.rental(rider, rental.id)).toMatchObject({ ...days(10, 12), total_paise: THREE_DAYS });
    const audit = await subject.app.db
      .selectFrom('audit_log')
      .select(['actor', 'action', 'before', 'after'])
      .where('subject', '=', `booking:${rental.id}`)
      .execute();
    expect(audit).toEqual([expect.objectContaining({ actor: rider.email, action: 'booking.dates_changed' })]);

    // Back to two days: the discount goes with the third day.
    const shorter = await calls.change(rider, rental.id, days(10, 11));
    expect(shorter.body).toMatchObject({ total_paise: TWO_DAYS, difference_paise: TWO_DAYS - THREE_DAYS });
  });

  it('answers 409 naming the days another booking holds, and changes nothing', async () => {
    const car = await money.addCar(CAR);
    const { rider, rental } = await calls.book(car, 20, 21);
    await calls.book(car, 24, 26);
    const expected = clashMessage(days(24, 25));
    expect(await calls.preview(rider, rental.id, dateFromToday(22), dateFromToday(25))).toMatchObject({
      status: 409,
      message: expected,
    });
    expect(await calls.change(rider, rental.id, days(22, 25))).toMatchObject({ status: 409, message: expected });
    expect(await calls.rental(rider, rental.id)).toMatchObject(days(20, 21));
    // Its own days are no obstacle.
    expect((await calls.change(rider, rental.id, days(21, 23))).status).toBe(200);
  });

  it('refuses bad dates with the booking’s own messages', async () => {
    const car = await money.addCar(CAR);
    const { rider, rental } = await calls.book(car, 30, 31);
    const refusals = [
      [days(-1, 2), DATE_RANGE_MESSAGES.pickUpPast],
      [days(32, 31), DATE_RANGE_MESSAGES.dropOffBeforePickUp],
      [days(30, 60), BOOKING_LIMITS.tooLong],
      [days(181, 182), BOOKING_LIMITS.tooFarAhead],
      [days(30, 31), SAME_DATES],
      [
        { pick_up_date: '2027-02-30', drop_off_date: dateFromToday(31) },
        'pick_up_date must be a real date written YYYY-MM-DD.',
      ],
    ] as const;
    for (const [body, message] of refusals) {
      expect(await calls.change(rider, rental.id, body)).toMatchObject({ status: 400, message });
    }
    expect((await calls.change(rider, rental.id, { pick_up_date: dateFromToday(30) })).status).toBe(400);
    expect(await calls.rental(rider, rental.id)).toMatchObject(days(30, 31));
  });

  it('gives a rental to its own customer only', async () => {
    const car = await money.addCar(CAR);
    const { rental } = await calls.book(car, 40, 41);
    const stranger = await createUser(subject.app);
    expect(await calls.change(stranger, rental.id, days(40, 42))).toMatchObject({
      status: 404,
      message: NO_SUCH_RENTAL,
    });
    expect(await calls.preview(stranger, rental.id, dateFromToday(40), dateFromToday(42))).toMatchObject({
      status: 404,
      message: NO_SUCH_RENTAL,
    });
    expect((await calls.change(stranger, 999_999, days(40, 42))).status).toBe(404);
    expect((await subject.call('POST', `/api/rentals/${rental.id}/change`, { body: days(40, 42) })).status).toBe(401);
  });

  it('refuses a cancelled or returned rental, and moves only the drop-off of one under way', async () => {
    const car = await money.addCar(CAR);
    const cancelled = await calls.book(car, 50, 51);
    expect((await subject.call('POST', `/api/cancel-ride/${car}`, { headers: cancelled.rider.auth })).status).toBe(200);
    expect(await calls.change(cancelled.rider, cancelled.rental.id, days(50, 52))).toMatchObject({
      status: 409,
      message: notChangeable('cancelled'),
    });

    const running = await calls.book(await money.addCar(CAR), 0, 1);
    const stage = (to: string) =>
      subject.call('POST', `/api/operator/bookings/${running.rental.id}/stage`, { headers: operator, body: { to } });
    expect((await stage('picked_up')).status).toBe(200);
    expect(await calls.change(running.rider, running.rental.id, days(1, 2))).toMatchObject({
      status: 400,
      message: PICK_UP_KEPT,
    });
    expect(await calls.change(running.rider, running.rental.id, days(0, 2))).toMatchObject({
      status: 200,
      body: { total_paise: THREE_DAYS },
    });
    expect((await stage('completed')).status).toBe(200);
    expect(await calls.change(running.rider, running.rental.id, days(0, 3))).toMatchObject({
      status: 409,
      message: notChangeable('completed'),
    });
  });

  it('refuses a quote for other dates with the quote for these', async () => {
    const car = await money.addCar(CAR);
    const { rider, rental } = await calls.book(car, 60, 61);
    const other = (await calls.preview(rider, rental.id, dateFromToday(60), dateFromToday(63))).body as DateChangeQuote;
    const refused = await calls.change(rider, rental.id, { ...days(60, 62), quote_id: other.quote.id });
    expect(refused).toMatchObject({
      status: 409,
      message: STALE_QUOTE['other-request'],
      body: { quote: { total_paise: THREE_DAYS } },
    });
  });

  it('lets exactly one of a change and a booking racing for the same days win', async () => {
    for (const start of [70, 80, 90]) {
      const car = await money.addCar(CAR);
      const first = await calls.book(car, start, start + 1);
      const second = await calls.book(car, start + 5, start + 6);
      const latecomer = await createUser(subject.app);
      const answers = await Promise.all([
        calls.change(first.rider, first.rental.id, days(start, start + 3)),
        calls.change(second.rider, second.rental.id, days(start + 3, start + 6)),
        subject.call('POST', `/api/book-ride/${car}`, {
          headers: latecomer.auth,
          body: bookingForm(days(start + 2, start + 3)),
        }),
      ]);
      expect(answers.filter((answer) => answer.status < 300)).toHaveLength(1);
      expect(answers.filter((answer) => answer.status === 409)).toHaveLength(2);
      const held = await subject.app.db
        .selectFrom('rentals')
        .innerJoin('vehicles', 'vehicles.id', 'rentals.vehicle_id')
        .select(['rentals.pick_up_date', 'rentals.drop_off_date'])
        .where('vehicles.slug', '=', car)
        .where('rentals.stage', '=', 'confirmed')
        .orderBy('rentals.pick_up_date')
        .execute();
      for (let index = 1; index < held.length; index += 1) {
        expect(held[index]!.pick_up_date > held[index - 1]!.drop_off_date).toBe(true);
      }
    }
  });
});

describeEachEngineWithGateway('changing a rental’s dates, paid online, on %s', (subject) => {
  let money: ReturnType<typeof moneyCalls>;
  let calls: ReturnType<typeof changeCalls>;
  beforeAll(async () => {
    money = moneyCalls(subject, { admin: (await createStaff(subject.app, 'admin')).auth });
    await money.setSettings(withOnlinePayment(KARNATAKA_BUSINESS));
    calls = changeCalls(subject);
  });
  afterAll(() => money.setSettings(KARNATAKA_BUSINESS));

  /** A rental booked and paid online. */
  async function bookAndPay(car: string, from: number, to: number) {
    const booked = await calls.book(car, from, to);
    const { payment } = booked.answer.body as BookingWithPayment;
    const { result } = await payAtStandIn(subject.standIn, payment.order_id);
    const verified = await subject.call('POST', `/api/payments/${payment.id}/verify`, {
      headers: booked.rider.auth,
      body: result,
    });
    if (verified.status !== 200) throw new Error(`verify: ${verified.status} ${verified.message}`);
    await subject.webhooksDelivered();
    return booked;
  }

  /** Online payment on, with these tiers and no free minutes: each test that calls it puts the settings back. */
  const withTiers = (tiers: { hours_before: number; refund_percent: number }[]) =>
    money.setSettings({
      ...withOnlinePayment(KARNATAKA_BUSINESS),
      cancellation_policy: { free_minutes_after_booking: 0, tiers },
    });

  const paymentsOf = (rentalId: number) =>
    subject.app.db
      .selectFrom('payments')
      .select(['kind', 'purpose', 'amount_paise', 'status'])
      .where('rental_id', '=', rentalId)
      .orderBy('id')
      .execute();

  it('opens a payment for more to pay, holds the added days until it is paid, then moves the rental', async () => {
    const car = await money.addCar(CAR);
    const { rider, rental } = await bookAndPay(car, 10, 11);
    const preview = (await calls.preview(rider, rental.id, dateFromToday(10), dateFromToday(12))).body;
    expect(preview).toMatchObject({ pay_now_paise: THREE_DAYS - TWO_DAYS, refund_paise: 0 });

    const held = await calls.change(rider, rental.id, days(10, 12));
    expect(held.status).toBe(200);
    const change = held.body as DateChange;
    expect(change).toMatchObject({
      status: 'awaiting_payment',
      ...days(10, 12),
      total_paise: THREE_DAYS,
      payment: { amount_paise: THREE_DAYS - TWO_DAYS, currency: 'INR', order_id: expect.stringMatching(/^order_/) },
    });
    // Until paid, the rental keeps its dates, and the day it adds is held against anyone else.
    expect(await calls.rental(rider, rental.id)).toMatchObject({ ...days(10, 11), total_paise: TWO_DAYS });
    const other = await createUser(subject.app);
    const refused = await subject.call('POST', `/api/book-ride/${car}`, {
      headers: other.auth,
      body: bookingForm(days(12, 12)),
    });
    expect(refused.status).toBe(409);
    // A second change while this one waits is refused: its payment would move the rental later.
    expect(await calls.change(rider, rental.id, days(10, 13))).toMatchObject({
      status: 409,
      message: CHANGE_AWAITING_PAYMENT,
    });

    const payment = change.payment!;
    const { result } = await payAtStandIn(subject.standIn, payment.order_id);
    const verified = await subject.call('POST', `/api/payments/${payment.id}/verify`, {
      headers: rider.auth,
      body: result,
    });
    expect([verified.status, verified.message]).toEqual([200, CHANGE_PAID]);
    await subject.webhooksDelivered();
    expect(await calls.rental(rider, rental.id)).toMatchObject({ ...days(10, 12), total_paise: THREE_DAYS });
    const blocks = await subject.app.db
      .selectFrom('vehicle_blocks')
      .innerJoin('vehicles', 'vehicles.id', 'vehicle_blocks.vehicle_id')
      .select('vehicle_blocks.id')
      .where('vehicles.slug', '=', car)
      .execute();
    expect(blocks).toEqual([]);
    expect(await paymentsOf(rental.id)).toEqual([
      { kind: 'charge', purpose: 'booking', amount_paise: TWO_DAYS, status: 'captured' },
      { kind: 'charge', purpose: 'change', amount_paise: THREE_DAYS - TWO_DAYS, status: 'captured' },
    ]);
  });

  it('answers a retried change with an Idempotency-Key as the first time, opening one payment', async () => {
    const car = await money.addCar(CAR);
    const { rider, rental } = await bookAndPay(car, 60, 61);
    const send = (body: Record<string, unknown>) =>
      subject.call('POST', `/api/rentals/${rental.id}/change`, {
        headers: { ...rider.auth, 'idempotency-key': `change-${rental.id}` },
        body,
      });
    const first = await send(days(60, 62));
    const again = await send(days(60, 62));
    expect(first.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect((await paymentsOf(rental.id)).filter((payment) => payment.purpose === 'change')).toHaveLength(1);
    expect(await send(days(60, 63))).toMatchObject({ status: 422, message: KEY_REUSED_FOR_ANOTHER_CALL });
  });

  it('lets an unpaid change’s held days go when its hold ends, the rental unchanged', async () => {
    const car = await money.addCar(CAR);
    const { rider, rental } = await bookAndPay(car, 20, 21);
    const change = (await calls.change(rider, rental.id, days(20, 22))).body as DateChange;
    await subject.app.db
      .updateTable('payments')
      .set({ expires_at: '2000-01-01 00:00:00' })
      .where('id', '=', change.payment!.id)
      .execute();
    await subject.sweep();
    expect((await paymentsOf(rental.id)).at(-1)).toMatchObject({ purpose: 'change', status: 'lapsed' });
    expect(await calls.rental(rider, rental.id)).toMatchObject(days(20, 21));
    const other = await createUser(subject.app);
    const booked = await subject.call('POST', `/api/book-ride/${car}`, {
      headers: other.auth,
      body: bookingForm(days(22, 22)),
    });
    expect(booked.status).toBe(201);
  });

  it('lets a change whose hold ended be asked again before the sweep has let its held days go', async () => {
    const car = await money.addCar(CAR);
    const { rider, rental } = await bookAndPay(car, 40, 41);
    const first = (await calls.change(rider, rental.id, days(40, 42))).body as DateChange;
    await subject.app.db
      .updateTable('payments')
      .set({ expires_at: '2000-01-01 00:00:00' })
      .where('id', '=', first.payment!.id)
      .execute();
    expect(await calls.preview(rider, rental.id, dateFromToday(40), dateFromToday(42))).toMatchObject({
      status: 200,
      body: { pay_now_paise: THREE_DAYS - TWO_DAYS },
    });
    const second = await calls.change(rider, rental.id, days(40, 42));
    expect(second.body).toMatchObject({ status: 'awaiting_payment', payment: { amount_paise: THREE_DAYS - TWO_DAYS } });
    expect((await paymentsOf(rental.id)).map((payment) => [payment.purpose, payment.status])).toEqual([
      ['booking', 'captured'],
      ['change', 'lapsed'],
      ['change', 'pending'],
    ]);
  });

  it('refunds a lapsed change paid after the rental moved by another change, leaving it where it is', async () => {
    const car = await money.addCar(CAR);
    const { rider, rental } = await bookAndPay(car, 50, 51);
    const first = (await calls.change(rider, rental.id, days(50, 52))).body as DateChange;
    await subject.app.db
      .updateTable('payments')
      .set({ expires_at: '2000-01-01 00:00:00' })
      .where('id', '=', first.payment!.id)
      .execute();
    // A shorter rental instead: the first change lapses, this one moves the rental at once.
    expect((await calls.change(rider, rental.id, days(50, 50))).body).toMatchObject({ status: 'changed' });

    const { result } = await payAtStandIn(subject.standIn, first.payment!.order_id);
    const late = await subject.call('POST', `/api/payments/${first.payment!.id}/verify`, {
      headers: rider.auth,
      body: result,
    });
    expect(late.status).toBe(409);
    await subject.webhooksDelivered();
    expect(await calls.rental(rider, rental.id)).toMatchObject(days(50, 50));
    expect(subject.standIn.ledger.refundsOf(result.razorpay_payment_id)).toEqual([
      expect.objectContaining({ amount: THREE_DAYS - TWO_DAYS }),
    ]);
  });

  it('refunds what a shorter rental no longer costs, once, through the gateway', async () => {
    const car = await money.addCar(CAR);
    const { rider, rental } = await bookAndPay(car, 30, 32);
    const preview = (await calls.preview(rider, rental.id, dateFromToday(30), dateFromToday(31))).body;
    // Booked within the policy's free minutes: everything above the new total goes back.
    expect(preview).toMatchObject({ difference_paise: TWO_DAYS - THREE_DAYS, refund_paise: THREE_DAYS - TWO_DAYS });

    const changed = await calls.change(rider, rental.id, days(30, 31));
    expect(changed.body).toMatchObject({ status: 'changed', refund_paise: THREE_DAYS - TWO_DAYS });
    expect(changed.message).toContain('₹8,260.00 will be refunded to how you paid.');
    // Sent again, and swept: still one refund.
    expect((await calls.change(rider, rental.id, days(30, 31))).status).toBe(400);
    await subject.sweep();
    await subject.webhooksDelivered();
    const refunds = (await paymentsOf(rental.id)).filter((payment) => payment.kind === 'refund');
    // The stand-in processes a refund a moment after it is made: pending until its webhook says so.
    expect(refunds).toEqual([
      {
        kind: 'refund',
        purpose: 'change',
        amount_paise: THREE_DAYS - TWO_DAYS,
        status: expect.stringMatching(/^(pending|processed)$/),
      },
    ]);
    const charge = await subject.app.db
      .selectFrom('payments')
      .select('gateway_payment_id')
      .where('rental_id', '=', rental.id)
      .where('kind', '=', 'charge')
      .executeTakeFirstOrThrow();
    expect(subject.standIn.ledger.refundsOf(charge.gateway_payment_id!)).toEqual([
      expect.objectContaining({ amount: THREE_DAYS - TWO_DAYS }),
    ]);
  });

  it('keeps a fee tier’s timing when the pick-up is moved later inside it, and starts afresh from a free one', async () => {
    await withTiers([
      { hours_before: 240, refund_percent: 100 },
      { hours_before: 0, refund_percent: 50 },
    ]);
    const cancellation = async (rider: Rider, id: number) =>
      (await subject.call('GET', `/api/rentals/${id}/cancellation`, { headers: rider.auth })).body;
    try {
      const car = await money.addCar(CAR);
      // Five days ahead, inside the 50% tier: moving the same two days two months later costs
      // nothing, and must not make cancelling free.
      const inFee = await bookAndPay(car, 5, 6);
      expect(await calls.change(inFee.rider, inFee.rental.id, days(65, 66))).toMatchObject({
        status: 200,
        body: { status: 'changed', refund_paise: 0 },
      });
      expect(await cancellation(inFee.rider, inFee.rental.id)).toMatchObject({
        refund_paise: TWO_DAYS / 2,
        fee_paise: TWO_DAYS / 2,
      });

      // Twenty days ahead, cancelling is free: the moved rental is timed from its new pick-up.
      const free = await bookAndPay(car, 20, 21);
      await calls.change(free.rider, free.rental.id, days(30, 31));
      expect(await cancellation(free.rider, free.rental.id)).toMatchObject({ refund_paise: TWO_DAYS, fee_paise: 0 });
    } finally {
      await money.setSettings(withOnlinePayment(KARNATAKA_BUSINESS));
    }
  });

  it('refunds by the cancellation policy’s tier when the free minutes have passed', async () => {
    await withTiers([
      { hours_before: 48, refund_percent: 100 },
      { hours_before: 24, refund_percent: 50 },
      { hours_before: 0, refund_percent: 0 },
    ]);
    try {
      const car = await money.addCar(CAR);
      // Pick-up the day after tomorrow: between 24 and 48 hours away, whatever the time now.
      const { rider, rental } = await bookAndPay(car, 2, 4);
      const changed = await calls.change(rider, rental.id, days(2, 3));
      const half = (THREE_DAYS - TWO_DAYS) / 2;
      expect(changed.body).toMatchObject({ refund_paise: half });
      expect(changed.message).toContain('₹4,130.00 is kept by the cancellation policy.');
      // What the change kept is not a deposit: cancelling now refunds half of the two days, no more.
      const cancelling = await subject.call('GET', `/api/rentals/${rental.id}/cancellation`, { headers: rider.auth });
      expect(cancelling.body).toMatchObject({ refund_paise: TWO_DAYS / 2, fee_paise: TWO_DAYS / 2 });
    } finally {
      await money.setSettings(withOnlinePayment(KARNATAKA_BUSINESS));
    }
  });
});
