import type { User } from '@rentora/shared';
import { insertRental } from '../repositories/rentals';
import { createUser, dateFromToday } from '../testing/test-app';
import { describeEachEngine } from '../testing/describe-engines';

jest.setTimeout(30_000);

// Above PostgreSQL's integer range (2,147,483,647): money is stored as bigint.
const LARGE_TOTAL = 3_000_000_000;

describeEachEngine('money on %s', (subject) => {
  it('keeps a total beyond 32 bits and hands it back as a number', async () => {
    const rider = await createUser(subject.app);
    await insertRental(subject.app.db, {
      user_id: rider.id,
      vehicle_id: 1,
      name: 'Asha Rao',
      age: 34,
      email: rider.email,
      phone_no: '9876543210',
      address: '12 MG Road, Bengaluru',
      pincode: '560001',
      pick_up_date: dateFromToday(5),
      drop_off_date: dateFromToday(6),
      days: 2,
      total_price: LARGE_TOTAL,
      stage: 'confirmed',
    });
    const user = (await subject.call('GET', '/api/user', { headers: rider.auth })).body as User;
    expect(user.cars_rented.map((rental) => rental.total_price)).toEqual([LARGE_TOTAL]);
  });
});
