import type { User } from '@rentora/shared';
import { STAFF_ONLY } from '../../plugins/app/auth';
import { describeEachEngine } from '../../testing/describe-engines';
import { bookingForm, createUser, dateFromToday } from '../../testing/test-app';

jest.setTimeout(30_000);

describeEachEngine('one customer and another’s rentals on %s', (subject) => {
  const CAR = 'ferrari-roma';
  const rentalsOf = async (auth: { authorization: string }) =>
    ((await subject.call('GET', '/api/user', { headers: auth })).body as User).cars_rented.map(
      ({ pick_up_date, status }) => ({ pick_up_date, status }),
    );

  it('touches only the caller’s own rental of a car both have booked, and never reaches the other’s', async () => {
    const owner = await createUser(subject.app);
    const other = await createUser(subject.app);
    const ownerDates = { pick_up_date: dateFromToday(20), drop_off_date: dateFromToday(21) };
    const otherDates = { pick_up_date: dateFromToday(30), drop_off_date: dateFromToday(31) };
    const book = (auth: { authorization: string }, dates: typeof ownerDates) =>
      subject.call('POST', `/api/book-ride/${CAR}`, { headers: auth, body: bookingForm(dates) });
    expect((await book(owner.auth, ownerDates)).status).toBe(201);
    expect((await book(other.auth, otherDates)).status).toBe(201);
    const { id: ownerRentalId } = await subject.app.db
      .selectFrom('rentals')
      .select('id')
      .where('user_id', '=', owner.id)
      .executeTakeFirstOrThrow();

    // Booking over the owner's days is refused; it changes nothing of theirs.
    expect((await book(other.auth, ownerDates)).status).toBe(409);
    // The owner's rental by its id, on the operator's routes: not for a customer.
    for (const [method, url, body] of [
      ['GET', `/api/operator/bookings/${ownerRentalId}/history`, undefined],
      ['POST', `/api/operator/bookings/${ownerRentalId}/stage`, { to: 'cancelled', reason: 'mine now' }],
      ['GET', `/api/operator/bookings?customer=${encodeURIComponent(owner.email)}`, undefined],
    ] as const) {
      const answer = await subject.call(method, url, { headers: other.auth, body });
      expect([url, answer.status, answer.message]).toEqual([url, 403, STAFF_ONLY]);
    }
    // Cancelling the car cancels the caller's rental of it, once; then there is nothing of theirs left.
    expect((await subject.call('POST', `/api/cancel-ride/${CAR}`, { headers: other.auth })).status).toBe(200);
    expect((await subject.call('POST', `/api/cancel-ride/${CAR}`, { headers: other.auth })).status).toBe(404);
    expect(await rentalsOf(other.auth)).toEqual([{ pick_up_date: otherDates.pick_up_date, status: 'cancelled' }]);
    // Logging out everywhere ends the caller's sessions, not the owner's.
    expect((await subject.call('POST', '/api/user/logout-everywhere', { headers: other.auth })).status).toBe(200);

    expect(await rentalsOf(owner.auth)).toEqual([{ pick_up_date: ownerDates.pick_up_date, status: 'active' }]);
  });
});
