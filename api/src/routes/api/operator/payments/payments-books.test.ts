import type { CustomerRental, Invoice } from '@rentora/shared';
import type { AuditPage, BookingList, OperatorBooking } from '@rentora/shared/operator';
import type { PaymentsReport } from '@rentora/shared/payments';
import { todayIn } from '@rentora/shared/format';
import { STAFF_ONLY } from '../../../../plugins/app/auth';
import { AWAITS_ONLINE_PAYMENT, REFUND_NEEDS_ADMIN_ROLE, refundBeyondPaid } from '../../../../services/payments/desk';
import { KEY_REUSED_FOR_ANOTHER_CALL } from '../../../../services/idempotent-call';
import { csvField } from '../../../../services/payments/payments-csv';
import { RANGE_BACKWARDS, RANGE_TOO_LONG } from '../../../../services/payments/report';
import { NO_SUCH_BOOKING } from '../../../../services/stages';
import { describeEachEngine } from '../../../../testing/describe-engines';
import { moneyCalls } from '../../../../testing/money';
import { baseUrlOf } from '../../../../testing/event-stream';
import { bookingForm, createStaff, createUser, dateFromToday } from '../../../../testing/test-app';

jest.setTimeout(60_000);

type Auth = Record<string, string>;

describeEachEngine('the books on %s', (subject) => {
  let admin: Auth;
  let operator: Auth;
  let calls: ReturnType<typeof moneyCalls>;
  beforeAll(async () => {
    admin = (await createStaff(subject.app, 'admin')).auth;
    operator = (await createStaff(subject.app, 'operator')).auth;
    calls = moneyCalls(subject, { admin });
  });

  /** A rental of a new ₹10,000-a-day car, today and tomorrow: ₹20,000. */
  async function bookedRental() {
    const carId = await calls.addCar({ price_per_day: 10_000 });
    const rider = await createUser(subject.app);
    const booked = await subject.call('POST', `/api/book-ride/${carId}`, {
      headers: rider.auth,
      body: bookingForm({ pick_up_date: dateFromToday(0), drop_off_date: dateFromToday(1) }),
    });
    if (booked.status !== 201) throw new Error(booked.message);
    const [rental] = (await subject.call('GET', '/api/rentals', { headers: rider.auth })).body as CustomerRental[];
    if (rental === undefined) throw new Error('no rental');
    return { id: rental.id, carId, rider, total: rental.total_paise };
  }

  const record = (id: number, body: Record<string, unknown>, headers: Auth = operator) =>
    subject.call('POST', `/api/operator/bookings/${id}/payments`, { headers, body });
  const staffView = async (carId: string) => {
    const list = (await subject.call('GET', `/api/operator/bookings?vehicle=${carId}`, { headers: operator }))
      .body as BookingList;
    return list.items[0] as OperatorBooking;
  };
  const report = async (query: string, headers: Auth = operator) => {
    const answer = await subject.call('GET', `/api/operator/payments?${query}`, { headers });
    if (answer.status !== 200) throw new Error(`report: ${answer.status} ${answer.message}`);
    return answer.body as PaymentsReport;
  };

  it('gives every rental its books: nothing paid, its total due, and no hold when online payment is off', async () => {
    const { id, carId, rider, total } = await bookedRental();
    const [rental] = (await subject.call('GET', '/api/rentals', { headers: rider.auth })).body as CustomerRental[];
    expect(rental).toMatchObject({ id, payments: [], paid_paise: 0, due_paise: total });
    expect(total).toBe(2_000_000);
    expect(await staffView(carId)).toMatchObject({
      id,
      hold_expires_at: null,
      payments: [],
      paid_paise: 0,
      due_paise: total,
    });
  });

  it('records a desk payment by an operator, audited, in the staff view, the customer’s rentals and the invoice', async () => {
    const { id, carId, rider, total } = await bookedRental();
    const paid = await record(id, { kind: 'charge', method: 'upi', amount_paise: 1_500_000, reference: '  UPI-881  ' });
    expect(paid.status).toBe(201);
    const booking = paid.body as OperatorBooking;
    expect(booking).toMatchObject({ id, paid_paise: 1_500_000, due_paise: total - 1_500_000 });
    expect(booking.payments).toEqual([
      {
        id: expect.any(Number),
        kind: 'charge',
        purpose: 'desk',
        method: 'upi',
        amount_paise: 1_500_000,
        status: 'captured',
        reference: 'UPI-881',
        at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      },
    ]);
    expect(await staffView(carId)).toMatchObject({ paid_paise: 1_500_000, due_paise: 500_000 });
    const [rental] = (await subject.call('GET', '/api/rentals', { headers: rider.auth })).body as CustomerRental[];
    expect(rental).toMatchObject({ paid_paise: 1_500_000, due_paise: 500_000, payments: booking.payments });

    const audit = (await subject.call('GET', '/api/operator/audit', { headers: admin })).body as AuditPage;
    expect(audit.items[0]).toMatchObject({
      action: 'booking.payment_recorded',
      subject: `booking:${id}`,
      before: { paid_paise: 0, due_paise: total },
      after: { method: 'upi', amount_paise: 1_500_000, reference: 'UPI-881' },
    });

    for (const to of ['picked_up', 'completed']) {
      const moved = await subject.call('POST', `/api/operator/bookings/${id}/stage`, {
        headers: operator,
        body: { to },
      });
      expect(moved.status).toBe(200);
      expect(moved.body).toMatchObject({ paid_paise: 1_500_000 });
    }
    const invoice = (await subject.call('GET', `/api/rentals/${id}/invoice`, { headers: rider.auth })).body as Invoice;
    expect(invoice.books).toEqual({ payments: booking.payments, paid_paise: 1_500_000, due_paise: 500_000 });
    // The issued invoice's own figures are as issued: its due is the charges beyond the deposit.
    expect(invoice.due_paise).toBe(0);
    const settled = await record(id, { kind: 'charge', method: 'cash', amount_paise: 500_000, reference: 'R-2' });
    expect(settled.body).toMatchObject({ paid_paise: 2_000_000, due_paise: 0 });
    const after = (await subject.call('GET', `/api/rentals/${id}/invoice`, { headers: rider.auth })).body as Invoice;
    expect(after.books).toMatchObject({ paid_paise: 2_000_000, due_paise: 0 });
  });

  it('records a payment sent again with its Idempotency-Key once, even sent at once, and refuses the key for another', async () => {
    const { id, carId, total } = await bookedRental();
    const keyed = { ...operator, 'Idempotency-Key': 'desk-receipt-R-7' };
    const cash = { kind: 'charge', method: 'cash', amount_paise: 500_000, reference: 'R-7' };
    const atOnce = await Promise.all([record(id, cash, keyed), record(id, cash, keyed), record(id, cash, keyed)]);
    expect(atOnce.map((answer) => answer.status)).toEqual([201, 201, 201]);
    const again = await record(id, cash, keyed);
    expect(again.status).toBe(201);
    for (const answer of [...atOnce, again]) {
      expect(answer.body).toMatchObject({ paid_paise: 500_000, due_paise: total - 500_000 });
      expect((answer.body as OperatorBooking).payments).toHaveLength(1);
    }
    expect(await staffView(carId)).toMatchObject({ paid_paise: 500_000, payments: [{ reference: 'R-7' }] });

    const other = await record(id, { ...cash, amount_paise: 700_000 }, keyed);
    expect(other).toMatchObject({ status: 422, message: KEY_REUSED_FOR_ANOTHER_CALL });
    // Without a key, the same slip twice is two payments: the desk may take two equal sums.
    await record(id, cash);
    expect(await staffView(carId)).toMatchObject({ paid_paise: 1_000_000 });
  });

  it('lets only an admin record a refund, never beyond what was paid', async () => {
    const { id } = await bookedRental();
    await record(id, { kind: 'charge', method: 'card', amount_paise: 800_000, reference: 'CARD-1' });
    const byOperator = await record(id, { kind: 'refund', method: 'cash', amount_paise: 100, reference: 'R-1' });
    expect([byOperator.status, byOperator.message]).toEqual([403, REFUND_NEEDS_ADMIN_ROLE]);
    const tooMuch = await record(
      id,
      { kind: 'refund', method: 'cash', amount_paise: 800_001, reference: 'R-1' },
      admin,
    );
    expect([tooMuch.status, tooMuch.message]).toEqual([409, refundBeyondPaid(800_000)]);
    const refunded = await record(
      id,
      { kind: 'refund', method: 'card', amount_paise: 300_000, reference: 'R-1' },
      admin,
    );
    expect(refunded.status).toBe(201);
    expect(refunded.body).toMatchObject({ paid_paise: 500_000, due_paise: 1_500_000 });
    expect((refunded.body as OperatorBooking).payments[1]).toMatchObject({ kind: 'refund', status: 'processed' });
    const again = await record(id, { kind: 'refund', method: 'cash', amount_paise: 500_001, reference: 'R-2' }, admin);
    expect([again.status, again.message]).toEqual([409, refundBeyondPaid(500_000)]);
  });

  it('refuses bodies it cannot record, with the field at fault, and answers customers 403 and unknown rentals 404', async () => {
    const { id, rider } = await bookedRental();
    const good = { kind: 'charge', method: 'cash', amount_paise: 100, reference: 'R-1' };
    const refusals = await Promise.all(
      [
        { ...good, method: 'online' },
        { ...good, method: 'cheque' },
        { ...good, kind: 'gift' },
        { ...good, amount_paise: 0 },
        { ...good, amount_paise: 12.5 },
        { ...good, amount_paise: '100' },
        { ...good, reference: '' },
        { ...good, reference: 'x'.repeat(101) },
        { ...good, reference: 'a\nb' },
        { kind: 'charge', method: 'cash', amount_paise: 100 },
      ].map(async (body) => (await record(id, body)).status),
    );
    expect(refusals).toEqual(refusals.map(() => 400));
    const blank = await record(id, { ...good, reference: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.message).toMatch(/^reference/);
    expect((await record(999_999, good)).message).toBe(NO_SUCH_BOOKING);
    const customer = await record(id, good, rider.auth);
    expect([customer.status, customer.message]).toEqual([403, STAFF_ONLY]);
  });

  it('takes no desk payment while a rental awaits its online payment', async () => {
    const { id, carId } = await bookedRental();
    // Whole seconds: SQLite keeps its timestamps to the second.
    const until = new Date(Math.floor(Date.now() / 1000) * 1000 + 10 * 60_000).toISOString();
    await subject.app.db
      .updateTable('rentals')
      .set({ hold_expires_at: subject.app.engine === 'sqlite' ? until.slice(0, 19).replace('T', ' ') : until })
      .where('id', '=', id)
      .execute();
    expect((await staffView(carId)).hold_expires_at).toBe(until);
    const answer = await record(id, { kind: 'charge', method: 'cash', amount_paise: 100, reference: 'R-1' });
    expect([answer.status, answer.message]).toEqual([409, AWAITS_ONLINE_PAYMENT]);
    await subject.app.db.updateTable('rentals').set({ hold_expires_at: null }).where('id', '=', id).execute();
  });

  it('reports payments with takings and refunds per day and method, filtered, paged, and as CSV', async () => {
    const { id } = await bookedRental();
    const before = await report('');
    await record(id, { kind: 'charge', method: 'cash', amount_paise: 250_000, reference: '=HYPERLINK("x")' });
    await record(id, { kind: 'charge', method: 'upi', amount_paise: 150_000, reference: 'UPI, "quoted"' });
    await record(id, { kind: 'refund', method: 'cash', amount_paise: 50_000, reference: 'BACK-1' }, admin);
    const today = todayIn(subject.config.businessTimeZone);
    const sumsOf = (body: PaymentsReport, method: string) =>
      body.totals.find((total) => total.day === today && total.method === method) ?? {
        takings_paise: 0,
        refunds_paise: 0,
      };

    const all = await report('');
    expect(all.to).toBe(today);
    expect(all.from).toBe(dateFromToday(-29));
    expect(all.total).toBe(before.total + 3);
    expect(all.items.slice(0, 3).map((item) => [item.kind, item.method, item.amount_paise, item.rental_id])).toEqual([
      ['refund', 'cash', 50_000, id],
      ['charge', 'upi', 150_000, id],
      ['charge', 'cash', 250_000, id],
    ]);
    expect(all.items[0]).toMatchObject({ customer_name: 'Test Rider', recorded_by: expect.stringContaining('@') });
    const cashBefore = sumsOf(before, 'cash');
    expect(sumsOf(all, 'cash')).toMatchObject({
      takings_paise: cashBefore.takings_paise + 250_000,
      refunds_paise: cashBefore.refunds_paise + 50_000,
    });
    expect(sumsOf(all, 'upi').takings_paise).toBe(sumsOf(before, 'upi').takings_paise + 150_000);
    const cashOverall = (body: PaymentsReport) => body.by_method.find((sum) => sum.method === 'cash');
    expect(all.by_method.map((sum) => sum.method)).toEqual(['online', 'cash', 'upi', 'card']);
    expect(cashOverall(all)).toEqual({
      method: 'cash',
      takings_paise: (cashOverall(before)?.takings_paise ?? 0) + 250_000,
      refunds_paise: (cashOverall(before)?.refunds_paise ?? 0) + 50_000,
    });

    const upi = await report('method=upi');
    expect(upi.items.every((item) => item.method === 'upi')).toBe(true);
    expect(upi.totals.every((total) => total.method === 'upi')).toBe(true);
    const processed = await report('status=processed');
    expect(processed.items.every((item) => item.status === 'processed' && item.kind === 'refund')).toBe(true);
    const paged = await report('per_page=2&page=2');
    expect(paged.items.map((item) => item.id)).toEqual(all.items.slice(2, 4).map((item) => item.id));
    const tomorrow = await report(`from=${dateFromToday(1)}&to=${dateFromToday(2)}`);
    expect([tomorrow.items, tomorrow.totals, tomorrow.total]).toEqual([[], [], 0]);

    const exported = await fetch(
      `${baseUrlOf(subject.app)}/api/operator/payments?format=csv&from=${today}&to=${today}`,
      {
        headers: operator,
      },
    );
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(exported.headers.get('content-disposition')).toBe(
      `attachment; filename="payments-${today}-to-${today}.csv"`,
    );
    const lines = (await exported.text()).split('\r\n');
    expect(lines[0]).toBe(
      'id,at,day,rental_id,customer,car,kind,purpose,method,status,amount_inr,amount_paise,reference,recorded_by',
    );
    expect(lines.at(-1)).toBe('');
    const ofRental = lines.filter((line) => line.split(',')[3] === String(id));
    expect(ofRental).toHaveLength(3);
    expect(ofRental[0]).toMatch(/,refund,desk,cash,processed,500\.00,50000,BACK-1,/);
    expect(ofRental[1]).toContain(',charge,desk,upi,captured,1500.00,150000,"UPI, ""quoted""",');
    // A formula is defused: the spreadsheet shows the text and runs nothing.
    expect(ofRental[2]).toContain(`,2500.00,250000,"'=HYPERLINK(""x"")",`);
  });

  it('refuses a report range backwards or longer than a year', async () => {
    const backwards = await subject.call(
      'GET',
      `/api/operator/payments?from=${dateFromToday(1)}&to=${dateFromToday(0)}`,
      {
        headers: operator,
      },
    );
    expect([backwards.status, backwards.message]).toEqual([400, RANGE_BACKWARDS]);
    const long = await subject.call(
      'GET',
      `/api/operator/payments?from=${dateFromToday(-366)}&to=${dateFromToday(0)}`,
      {
        headers: operator,
      },
    );
    expect([long.status, long.message]).toEqual([400, RANGE_TOO_LONG]);
    for (const query of ['from=2026-02-30', 'method=cheque', 'status=paid', 'per_page=101', 'page=0', 'format=xml']) {
      expect((await subject.call('GET', `/api/operator/payments?${query}`, { headers: operator })).status).toBe(400);
    }
  });
});

describe('a CSV field', () => {
  it('quotes what needs it and defuses what a spreadsheet would run', () => {
    expect(['plain', 'a,b', 'say "hi"', '=1+2', '+91', '-5', '@SUM(A1)', 42].map(csvField)).toEqual([
      'plain',
      '"a,b"',
      '"say ""hi"""',
      "'=1+2",
      "'+91",
      "'-5",
      "'@SUM(A1)",
      '42',
    ]);
  });
});
