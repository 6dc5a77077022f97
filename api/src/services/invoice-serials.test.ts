import { setTimeout as sleep } from 'node:timers/promises';
import type { CustomerRental, Invoice } from '@rentora/shared';
import pg from 'pg';
import { describeEachEngine } from '../testing/describe-engines';
import { bookingForm, createStaff, createUser, dateFromToday } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';
import { financialYearOf } from '../money/financial-year';
import { moveStage } from './stages';

jest.setTimeout(30_000);

/** Rentals of one car each, picked up today: ready to be completed. */
async function pickedUpRentals(subject: TestApp, operator: Record<string, string>, cars: string[]) {
  return Promise.all(
    cars.map(async (car) => {
      const rider = await createUser(subject.app);
      const range = { pick_up_date: dateFromToday(0), drop_off_date: dateFromToday(1) };
      const booked = await subject.call('POST', `/api/book-ride/${car}`, {
        headers: rider.auth,
        body: bookingForm(range),
      });
      if (booked.status !== 201) throw new Error(`${car}: ${booked.message}`);
      const [rental] = (await subject.call('GET', '/api/rentals', { headers: rider.auth })).body as CustomerRental[];
      if (rental === undefined) throw new Error(`${car}: no rental`);
      await subject.call('POST', `/api/operator/bookings/${rental.id}/stage`, {
        headers: operator,
        body: { to: 'picked_up' },
      });
      return { id: rental.id, rider };
    }),
  );
}

describeEachEngine('invoice serials on %s', (subject, engine) => {
  let operator: Record<string, string>;
  beforeAll(async () => {
    operator = (await createStaff(subject.app, 'operator')).auth;
  });
  const complete = (id: number) =>
    subject.call('POST', `/api/operator/bookings/${id}/stage`, { headers: operator, body: { to: 'completed' } });
  const numberOf = async (rental: { id: number; rider: { auth: Record<string, string> } }) =>
    ((await subject.call('GET', `/api/rentals/${rental.id}/invoice`, { headers: rental.rider.auth })).body as Invoice)
      .number;

  it('never gives two invoices completed at once the same number', async () => {
    const rentals = await pickedUpRentals(subject, operator, ['audi-q7', 'bmw-x5']);
    let admin: pg.Client | undefined;
    if (engine === 'postgres') {
      // Both completions reach the serial while this session holds its table: they queue behind
      // it together, at a known point, and race for the next number the moment it lets go.
      admin = new pg.Client({ connectionString: subject.config.databaseUrl });
      await admin.connect();
      await admin.query('begin');
      await admin.query('lock table invoice_serials in exclusive mode');
    }
    const completions = rentals.map((rental) => complete(rental.id));
    if (admin !== undefined) {
      const own = [...(subject.app.dbOwnBackends ?? [])];
      for (let polls = 0; ; polls += 1) {
        await admin.query('select pg_stat_clear_snapshot()');
        const { rows } = await admin.query(
          "select pid from pg_stat_activity where pid = any($1) and wait_event_type = 'Lock'",
          [own],
        );
        if (rows.length === 2) break;
        if (polls === 200) throw new Error(`${rows.length} of 2 completions waited for the serial`);
        await sleep(25);
      }
      await admin.query('rollback');
      await admin.end();
    }
    expect((await Promise.all(completions)).map((answer) => answer.status)).toEqual([200, 200]);
    const year = financialYearOf(dateFromToday(0));
    const numbers = await Promise.all(rentals.map(numberOf));
    expect([...numbers].sort()).toEqual([`RNT/${year}/000001`, `RNT/${year}/000002`]);
  });
});

describeEachEngine('the financial year of invoices on %s', (subject, engine) => {
  it('starts numbering again on 1 April', async () => {
    const operator = await createStaff(subject.app, 'operator');
    const rentals = await pickedUpRentals(subject, operator.auth, [
      'jaguar-xe',
      'kia-seltos',
      'volvo-xc90',
      'lexus-rx',
    ]);
    const context = (today: string) => ({
      db: subject.app.db,
      engine,
      today: () => today,
      timeZone: subject.config.businessTimeZone,
      now: Date.now,
    });
    const days = ['2027-03-31', '2027-03-31', '2027-04-01', '2027-04-01'];
    for (const [index, rental] of rentals.entries()) {
      await moveStage(context(days[index] ?? ''), operator.email, rental.id, 'completed', '');
    }
    const invoices = await Promise.all(
      rentals.map(
        async (rental) =>
          (await subject.call('GET', `/api/rentals/${rental.id}/invoice`, { headers: rental.rider.auth }))
            .body as Invoice,
      ),
    );
    expect(invoices.map((invoice) => [invoice.date, invoice.number])).toEqual([
      ['2027-03-31', 'RNT/2627/000001'],
      ['2027-03-31', 'RNT/2627/000002'],
      ['2027-04-01', 'RNT/2728/000001'],
      ['2027-04-01', 'RNT/2728/000002'],
    ]);
  });
});
