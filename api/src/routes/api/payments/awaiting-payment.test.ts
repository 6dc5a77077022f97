import type { User } from '@rentora/shared';
import type { BookingWithPayment } from '@rentora/shared/payments';
import { storedTimestamp } from '../../../db/timestamps';
import { NO_SUCH_RENTAL } from '../../../errors';
import { NOTHING_TO_PAY } from '../../../services/payments/open-order';
import { KARNATAKA_BUSINESS, moneyCalls } from '../../../testing/money';
import { describeEachEngineWithGateway, payAtStandIn, withOnlinePayment } from '../../../testing/payments';
import { bookingForm, createStaff, createUser, dateFromToday } from '../../../testing/test-app';

jest.setTimeout(60_000);

describeEachEngineWithGateway('a booking awaiting its payment, as its customer sees it, on %s', (subject, engine) => {
  let calls: ReturnType<typeof moneyCalls>;
  beforeAll(async () => {
    calls = moneyCalls(subject, { admin: (await createStaff(subject.app, 'admin')).auth });
    await calls.setSettings(withOnlinePayment(KARNATAKA_BUSINESS));
  });

  const rentalsOf = async (auth: Record<string, string>) => ({
    profile: ((await subject.call('GET', '/api/user', { headers: auth })).body as User).cars_rented,
    list: (await subject.call('GET', '/api/rentals', { headers: auth })).body as { status: string }[],
  });

  it('is awaiting_payment until when its dates are held, then active once paid', async () => {
    const carId = await calls.addCar({ price_per_day: 10_000 });
    const rider = await createUser(subject.app);
    const answer = await subject.call('POST', `/api/book-ride/${carId}`, {
      headers: rider.auth,
      body: bookingForm({ pick_up_date: dateFromToday(6), drop_off_date: dateFromToday(7) }),
    });
    const { payment } = answer.body as BookingWithPayment;

    const held = await rentalsOf(rider.auth);
    expect(held.profile).toEqual([
      expect.objectContaining({ status: 'awaiting_payment', hold_expires_at: payment.expires_at }),
    ]);
    expect(held.list).toEqual([expect.objectContaining({ status: 'awaiting_payment' })]);

    const { result } = await payAtStandIn(subject.standIn, payment.order_id);
    const verified = await subject.call('POST', `/api/payments/${payment.id}/verify`, {
      headers: rider.auth,
      body: result,
    });
    expect(verified.status).toBe(200);
    const paid = await rentalsOf(rider.auth);
    expect(paid.profile).toEqual([expect.objectContaining({ status: 'active' })]);
    expect(paid.profile[0]).not.toHaveProperty('hold_expires_at');
    expect(paid.list).toEqual([expect.objectContaining({ status: 'active' })]);
    // The gateway's webhook for the same payment is answered before the app closes.
    await subject.webhooksDelivered();
  });

  it('opens its payment again for its customer only, the same order, until it is paid or its hold ends', async () => {
    const rider = await createUser(subject.app);
    const book = async (from: number) => {
      const carId = await calls.addCar({ price_per_day: 10_000 });
      const answer = await subject.call('POST', `/api/book-ride/${carId}`, {
        headers: rider.auth,
        body: bookingForm({ pick_up_date: dateFromToday(from), drop_off_date: dateFromToday(from) }),
      });
      if (answer.status !== 201) throw new Error(`booking: ${answer.status} ${answer.message}`);
      return answer.body as BookingWithPayment;
    };
    const reopen = (rentalId: number, auth = rider.auth) =>
      subject.call('POST', `/api/rentals/${rentalId}/payment`, { headers: auth });
    const booked = await book(8);

    const again = await reopen(booked.rental_id);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(booked.payment);
    const stranger = await createUser(subject.app);
    expect(await reopen(booked.rental_id, stranger.auth)).toMatchObject({ status: 404, message: NO_SUCH_RENTAL });
    expect(await reopen(999_999)).toMatchObject({ status: 404, message: NO_SUCH_RENTAL });

    const { result } = await payAtStandIn(subject.standIn, booked.payment.order_id);
    await subject.call('POST', `/api/payments/${booked.payment.id}/verify`, { headers: rider.auth, body: result });
    expect(await reopen(booked.rental_id)).toMatchObject({ status: 409, message: NOTHING_TO_PAY });

    // A hold whose minutes have passed, not yet let go by the sweep: nothing to open.
    const ended = await book(12);
    await subject.app.db
      .updateTable('payments')
      .set({ expires_at: storedTimestamp(engine, Date.now() - 1_000) })
      .where('id', '=', ended.payment.id)
      .execute();
    expect(await reopen(ended.rental_id)).toMatchObject({ status: 409, message: NOTHING_TO_PAY });
    await subject.webhooksDelivered();
  });
});
