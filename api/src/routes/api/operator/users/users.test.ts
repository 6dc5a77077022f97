import { describeEachEngine } from '../../../../testing/describe-engines';
import { createStaff, createUser } from '../../../../testing/test-app';
import { ADMINS_ONLY, STAFF_ONLY } from '../../../../plugins/app/auth';
import { LAST_ADMIN, NO_SUCH_ACCOUNT } from '../../../../services/team';

jest.setTimeout(30_000);

const bodyFor = (method: string, body: object) => (method === 'GET' ? undefined : body);

describeEachEngine('roles and the team on %s', (subject) => {
  it('gives every new account the customer role in GET /api/user', async () => {
    const rider = await createUser(subject.app);
    const answer = await subject.call('GET', '/api/user', { headers: rider.auth });
    expect(answer.body).toMatchObject({ email: rider.email, role: 'customer' });
  });

  it.each([
    ['GET', '/api/operator/users'],
    ['PUT', '/api/operator/users/someone@example.com/role'],
    ['GET', '/api/operator/audit'],
    ['GET', '/api/operator/no-such-thing'],
  ])('answers %s %s 401 without a token and 403 for a customer', async (method, url) => {
    expect((await subject.call(method, url)).status).toBe(401);
    const rider = await createUser(subject.app);
    const answer = await subject.call(method, url, {
      headers: rider.auth,
      body: bodyFor(method, { role: 'operator' }),
    });
    expect(answer.status).toBe(403);
    expect(answer.message).toBe(STAFF_ONLY);
  });

  it('keeps the team and roles to admins: an operator gets 403', async () => {
    const operator = await createStaff(subject.app, 'operator');
    for (const [method, url] of [
      ['GET', '/api/operator/users'],
      ['PUT', `/api/operator/users/${operator.email}/role`],
      ['GET', '/api/operator/audit'],
    ] as const) {
      const answer = await subject.call(method, url, {
        headers: operator.auth,
        body: bodyFor(method, { role: 'customer' }),
      });
      expect([method, url, answer.status, answer.message]).toEqual([method, url, 403, ADMINS_ONLY]);
    }
  });

  it('lets an admin make a customer an operator and back, effective on the next request, and audits it', async () => {
    const admin = await createStaff(subject.app, 'admin');
    const rider = await createUser(subject.app);
    const promoted = await subject.call('PUT', `/api/operator/users/${rider.email.toUpperCase()}/role`, {
      headers: admin.auth,
      body: { role: 'operator' },
    });
    expect([promoted.status, promoted.message]).toEqual([200, `${rider.email} is now an operator.`]);
    expect((await subject.call('GET', '/api/user', { headers: rider.auth })).body).toMatchObject({ role: 'operator' });
    // The old token works for operator paths at once: the role is read per request.
    expect((await subject.call('GET', '/api/operator/vehicles', { headers: rider.auth })).status).not.toBe(403);

    const team = await subject.call('GET', '/api/operator/users', { headers: admin.auth });
    expect((team.body as { items: unknown[] }).items).toEqual(
      expect.arrayContaining([
        { email: admin.email, name: 'Test Rider', role: 'admin' },
        { email: rider.email, name: 'Test Rider', role: 'operator' },
      ]),
    );

    const demoted = await subject.call('PUT', `/api/operator/users/${rider.email}/role`, {
      headers: admin.auth,
      body: { role: 'customer' },
    });
    expect(demoted.status).toBe(200);
    const refused = await subject.call('GET', '/api/operator/users/x/role', { headers: rider.auth });
    expect([refused.status, refused.message]).toEqual([403, STAFF_ONLY]);

    const audit = await subject.call('GET', '/api/operator/audit', { headers: admin.auth });
    expect((audit.body as { items: unknown[] }).items.slice(0, 2)).toEqual([
      expect.objectContaining({
        actor: admin.email,
        action: 'role.changed',
        subject: `user:${rider.email}`,
        before: { role: 'operator' },
        after: { role: 'customer' },
      }),
      expect.objectContaining({ before: { role: 'customer' }, after: { role: 'operator' } }),
    ]);
  });

  it('lets an admin make another account an admin, audited; admins may then step down, never the last', async () => {
    await subject.app.db.updateTable('users').set({ role: 'customer' }).where('role', '=', 'admin').execute();
    const first = await createStaff(subject.app, 'admin');
    const operator = await createStaff(subject.app, 'operator');
    const made = await subject.call('PUT', `/api/operator/users/${operator.email}/role`, {
      headers: first.auth,
      body: { role: 'admin' },
    });
    expect([made.status, made.message]).toEqual([200, `${operator.email} is now an admin.`]);
    // The new admin has the team at once, with the token they hold.
    expect((await subject.call('GET', '/api/operator/users', { headers: operator.auth })).status).toBe(200);
    const audit = await subject.call('GET', '/api/operator/audit', { headers: first.auth });
    expect((audit.body as { items: unknown[] }).items[0]).toEqual(
      expect.objectContaining({
        actor: first.email,
        action: 'role.changed',
        subject: `user:${operator.email}`,
        before: { role: 'operator' },
        after: { role: 'admin' },
      }),
    );

    // Two admins: the first steps down; then the second is the last, and stays.
    const stepDown = await subject.call('PUT', `/api/operator/users/${first.email}/role`, {
      headers: first.auth,
      body: { role: 'customer' },
    });
    expect(stepDown.status).toBe(200);
    const last = await subject.call('PUT', `/api/operator/users/${operator.email}/role`, {
      headers: operator.auth,
      body: { role: 'operator' },
    });
    expect([last.status, last.message]).toEqual([409, LAST_ADMIN]);
    expect((await subject.call('GET', '/api/user', { headers: operator.auth })).body).toMatchObject({ role: 'admin' });
  });

  it('refuses an unknown email (404), a role that does not exist (400), and the last admin stepping down (409)', async () => {
    await subject.app.db.updateTable('users').set({ role: 'customer' }).where('role', '=', 'admin').execute();
    const admin = await createStaff(subject.app, 'admin');
    const unknown = await subject.call('PUT', '/api/operator/users/nobody@example.com/role', {
      headers: admin.auth,
      body: { role: 'operator' },
    });
    expect([unknown.status, unknown.message]).toEqual([404, NO_SUCH_ACCOUNT]);
    const toOwner = await subject.call('PUT', `/api/operator/users/${admin.email}/role`, {
      headers: admin.auth,
      body: { role: 'owner' },
    });
    expect([toOwner.status, toOwner.message]).toEqual([
      400,
      'Send { "role": "customer" }, { "role": "operator" } or { "role": "admin" }.',
    ]);
    const last = await subject.call('PUT', `/api/operator/users/${admin.email}/role`, {
      headers: admin.auth,
      body: { role: 'operator' },
    });
    expect([last.status, last.message]).toEqual([409, LAST_ADMIN]);

    // With a second admin, one may step down.
    await createStaff(subject.app, 'admin');
    const stepDown = await subject.call('PUT', `/api/operator/users/${admin.email}/role`, {
      headers: admin.auth,
      body: { role: 'operator' },
    });
    expect(stepDown.status).toBe(200);
  });
});
