import { ADMINS_ONLY, STAFF_ONLY } from '../../../plugins/app/auth';
import { NOT_AUTHENTICATED } from '../../../errors';
import { describeEachEngine } from '../../../testing/describe-engines';
import { createStaff, createUser } from '../../../testing/test-app';

jest.setTimeout(30_000);

/** The operator routes only an admin may use; every other one is open to operators too. */
const ADMIN_ONLY = [
  'GET /api/operator/users',
  'PUT /api/operator/users/{email}/role',
  'POST /api/operator/bookings/{id}/credit-notes',
  'GET /api/operator/audit',
  'POST /api/operator/add-ons',
  'PATCH /api/operator/add-ons/{id}',
  'PUT /api/operator/settings',
];

/**
 * Every operator route in the OpenAPI document, so a new one is checked without being listed:
 * sent with no body and no query, the check on who asks must answer before anything else does.
 */
describeEachEngine('who may use each operator route on %s', (subject) => {
  let routes: { name: string; method: string; url: string }[];
  beforeAll(async () => {
    const document = (await subject.call('GET', '/api/openapi.json')).body as { paths: Record<string, object> };
    routes = Object.entries(document.paths)
      .filter(([template]) => template.startsWith('/api/operator/'))
      .flatMap(([template, methods]) =>
        Object.keys(methods).map((method) => ({
          name: `${method.toUpperCase()} ${template}`,
          method: method.toUpperCase(),
          url: template.replace(/\{\w+\}/g, '1'),
        })),
      );
  });

  const answers = async (headers: Record<string, string>) =>
    Promise.all(
      routes.map(async ({ name, method, url }) => {
        const { status, message } = await subject.call(method, url, { headers });
        return `${name} ${status} ${message}`;
      }),
    );

  it('answers 401 without a token, and 403 to a customer', async () => {
    expect(routes.length).toBeGreaterThan(8);
    const customer = await createUser(subject.app);
    expect(await answers({})).toEqual(routes.map(({ name }) => `${name} 401 ${NOT_AUTHENTICATED}`));
    expect(await answers(customer.auth)).toEqual(routes.map(({ name }) => `${name} 403 ${STAFF_ONLY}`));
  });

  it('answers 403 to an operator on the admins’ routes only', async () => {
    const operator = await createStaff(subject.app, 'operator');
    const refused = (await answers(operator.auth)).filter((answer) => / 40[13] /.test(answer));
    expect(refused).toEqual(ADMIN_ONLY.map((name) => `${name} 403 ${ADMINS_ONLY}`));
  });
});
