import type { User } from '@rentora/shared';
import type { BookingWithPayment } from '@rentora/shared/payments';
import { KARNATAKA_BUSINESS, moneyCalls } from '../../../testing/money';
import { describeEachEngineWithGateway, payAtStandIn, withOnlinePayment } from '../../../testing/payments';
import { bookingForm, createStaff, createUser, dateFromToday } from '../../../testing/test-app';

jest.setTimeout(60_000);

describeEachEngineWithGateway('a booking awaiting its payment, as its customer sees it, on %s', (subject) => {
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
});
