import { notIsoDate } from '@rentora/shared/rules';
import { describeEachEngine } from '../../testing/describe-engines';
import { createStaff, dateFromToday } from '../../testing/test-app';

jest.setTimeout(30_000);

/** A day written YYYY-MM-DD that no calendar has. */
const NO_SUCH_DAY = '2027-02-30';

describeEachEngine('dates a request sends on %s', (subject) => {
  let staff: { authorization: string };
  beforeAll(async () => {
    staff = (await createStaff(subject.app, 'operator')).auth;
  });

  it.each([
    ['a public search', 'pick_up_date', `/api/vehicles?pick_up_date=${NO_SUCH_DAY}&drop_off_date=${dateFromToday(3)}`],
    ['the desk’s bookings from a day', 'from', `/api/operator/bookings?from=${NO_SUCH_DAY}`],
    ['the desk’s returns due before a day', 'drop_off_before', `/api/operator/bookings?drop_off_before=${NO_SUCH_DAY}`],
  ])('refuses a day no calendar has in %s, with the same message everywhere', async (_, field, url) => {
    const answer = await subject.call('GET', url, { headers: staff });
    expect([answer.status, answer.message]).toEqual([400, notIsoDate(field)]);
  });

  it('refuses a block over a day no calendar has, naming the field', async () => {
    const answer = await subject.call('POST', '/api/operator/vehicles/audi-q7/blocks', {
      headers: staff,
      body: { start_date: dateFromToday(20), end_date: NO_SUCH_DAY, reason: 'repair' },
    });
    expect([answer.status, answer.message]).toEqual([400, notIsoDate('end_date')]);
  });
});
