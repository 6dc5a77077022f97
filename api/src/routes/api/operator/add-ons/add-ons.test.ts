import type { AddOn } from '@rentora/shared';
import type { AuditPage, OperatorAddOn } from '@rentora/shared/operator';
import { ADMINS_ONLY } from '../../../../plugins/app/auth';
import { NO_SUCH_ADD_ON } from '../../../../services/add-ons';
import { describeEachEngine } from '../../../../testing/describe-engines';
import { createStaff, createUser } from '../../../../testing/test-app';

jest.setTimeout(30_000);

describeEachEngine('add-ons on %s', (subject) => {
  let admin: { authorization: string };
  let operator: { authorization: string };
  beforeAll(async () => {
    admin = (await createStaff(subject.app, 'admin')).auth;
    operator = (await createStaff(subject.app, 'operator')).auth;
  });
  const add = (body: unknown, headers = admin) => subject.call('POST', '/api/operator/add-ons', { headers, body });
  const change = (id: number, body: unknown, headers = admin) =>
    subject.call('PATCH', `/api/operator/add-ons/${id}`, { headers, body });
  const offered = async () => (await subject.call('GET', '/api/add-ons')).body as AddOn[];
  const everyAddOn = async () =>
    ((await subject.call('GET', '/api/operator/add-ons', { headers: operator })).body as { items: OperatorAddOn[] })
      .items;

  it('lists no add-on at first, publicly and to staff', async () => {
    expect(await offered()).toEqual([]);
    expect(await everyAddOn()).toEqual([]);
  });

  it('lets an admin add and change add-ons, each change audited; the public list has the offered ones', async () => {
    const chauffeur = await add({ label: ' Chauffeur ', price: 1_500, per: 'day' });
    expect(chauffeur.status).toBe(201);
    expect(chauffeur.body).toEqual({
      id: expect.any(Number),
      label: 'Chauffeur',
      price: 1_500,
      per: 'day',
      offered: true,
    });
    const seat = (await add({ label: 'Child seat', price: 500, per: 'rental' })).body as OperatorAddOn;
    const { id } = chauffeur.body as OperatorAddOn;
    expect(await offered()).toEqual([
      { id, label: 'Chauffeur', price: 1_500, per: 'day' },
      { id: seat.id, label: 'Child seat', price: 500, per: 'rental' },
    ]);

    const withdrawn = await change(seat.id, { offered: false });
    expect(withdrawn.body).toMatchObject({ id: seat.id, offered: false });
    expect((await offered()).map((addOn) => addOn.id)).toEqual([id]);
    expect((await everyAddOn()).map((addOn) => [addOn.id, addOn.offered])).toEqual([
      [id, true],
      [seat.id, false],
    ]);

    const audit = (await subject.call('GET', '/api/operator/audit', { headers: admin })).body as AuditPage;
    expect(audit.items.slice(0, 3)).toEqual([
      expect.objectContaining({
        action: 'add_on.updated',
        subject: `add-on:${seat.id}`,
        before: { offered: true },
        after: { offered: false },
      }),
      expect.objectContaining({ action: 'add_on.created', subject: `add-on:${seat.id}`, before: null }),
      expect.objectContaining({
        action: 'add_on.created',
        subject: `add-on:${id}`,
        after: { id, label: 'Chauffeur', price: 1_500, per: 'day', offered: true },
      }),
    ]);
    // The same again is no change and no entry.
    expect((await change(seat.id, { offered: false, price: 500 })).status).toBe(200);
    const after = (await subject.call('GET', '/api/operator/audit', { headers: admin })).body as AuditPage;
    expect(after.total).toBe(audit.total);
  });

  it('lets only admins add or change one, and only staff list them all', async () => {
    const [existing] = await everyAddOn();
    if (existing === undefined) throw new Error('no add-on yet');
    const byOperator = await add({ label: 'Doorstep delivery', price: 800, per: 'rental' }, operator);
    expect([byOperator.status, byOperator.message]).toEqual([403, ADMINS_ONLY]);
    expect((await change(existing.id, { price: 1 }, operator)).status).toBe(403);
    const rider = await createUser(subject.app);
    expect((await subject.call('GET', '/api/operator/add-ons', { headers: rider.auth })).status).toBe(403);
    expect((await subject.call('GET', '/api/operator/add-ons')).status).toBe(401);
  });

  it.each([
    ['no label', { label: '  ', price: 100, per: 'day' }],
    ['a price of nothing', { label: 'Free', price: 0, per: 'day' }],
    ['paise', { label: 'Odd', price: 10.5, per: 'day' }],
    ['a period other than day or rental', { label: 'Weekly', price: 100, per: 'week' }],
  ])('refuses an add-on with %s (400)', async (_, body) => {
    expect((await add(body)).status).toBe(400);
  });

  it('answers 404 for an add-on that does not exist, and 400 for a change of nothing', async () => {
    const missing = await change(999_999, { price: 10 });
    expect([missing.status, missing.message]).toEqual([404, NO_SUCH_ADD_ON]);
    const [existing] = await everyAddOn();
    expect((await change(existing?.id ?? 1, {})).status).toBe(400);
  });
});
