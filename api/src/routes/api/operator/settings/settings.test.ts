import { DEFAULT_CANCELLATION_POLICY } from '@rentora/shared/payments';
import type { AuditPage, BusinessSettings } from '@rentora/shared/operator';
import { GSTIN_MESSAGES } from '@rentora/shared/rules';
import { ADMINS_ONLY } from '../../../../plugins/app/auth';
import { CREDIT_PREFIX_IS_INVOICE_PREFIX, UNKNOWN_STATE, gstinOfAnotherState } from '../../../../services/settings';
import { describeEachEngine } from '../../../../testing/describe-engines';
import { createStaff, createUser } from '../../../../testing/test-app';

jest.setTimeout(30_000);

/** Prices stay as they were: tax inside them, at no rate, no fees. */
const DEFAULT_SETTINGS: BusinessSettings = {
  legal_name: 'Rentora',
  address: '',
  gstin: '',
  state_code: '',
  gst_rate: 0,
  sac: '',
  prices_include_tax: true,
  invoice_prefix: 'RNT',
  late_fee_per_hour: 0,
  refuel_fee: 0,
  credit_note_prefix: 'CN',
  max_km_per_day: 2_000,
  online_payment: 'off',
  payment_hold_minutes: 15,
  cancellation_policy: DEFAULT_CANCELLATION_POLICY,
};

const KARNATAKA: BusinessSettings = {
  legal_name: 'Rentora Mobility Private Limited',
  address: '12 MG Road, Bengaluru 560001',
  gstin: '29AAGCB7383J1Z4',
  state_code: '29',
  gst_rate: 18,
  sac: '997311',
  prices_include_tax: false,
  invoice_prefix: 'RNT',
  late_fee_per_hour: 300,
  refuel_fee: 150,
  credit_note_prefix: 'CN',
  max_km_per_day: 2_000,
  online_payment: 'off',
  payment_hold_minutes: 15,
  cancellation_policy: DEFAULT_CANCELLATION_POLICY,
};

describeEachEngine('tax and invoice settings on %s', (subject) => {
  let admin: { authorization: string };
  beforeAll(async () => {
    admin = (await createStaff(subject.app, 'admin')).auth;
  });
  const read = async () =>
    (await subject.call('GET', '/api/operator/settings', { headers: admin })).body as BusinessSettings;
  const put = (body: unknown, headers = admin) => subject.call('PUT', '/api/operator/settings', { headers, body });

  it('starts with settings that keep every price as it was', async () => {
    expect(await read()).toEqual(DEFAULT_SETTINGS);
  });

  it('lets an admin replace them, audited, GSTIN written in capitals without spaces', async () => {
    const saved = await put({ ...KARNATAKA, gstin: '29aagcb 7383j1z4', gst_rate: 18.5 });
    expect([saved.status, saved.body]).toEqual([200, { ...KARNATAKA, gst_rate: 18.5 }]);
    expect(await read()).toEqual({ ...KARNATAKA, gst_rate: 18.5 });
    const audit = (await subject.call('GET', '/api/operator/audit', { headers: admin })).body as AuditPage;
    expect(audit.items[0]).toMatchObject({
      action: 'settings.updated',
      subject: 'settings',
      before: { legal_name: 'Rentora', gst_rate: 0, prices_include_tax: true },
      after: { legal_name: KARNATAKA.legal_name, gst_rate: 18.5, prices_include_tax: false },
    });
    expect(await put({ ...KARNATAKA, gst_rate: 18.5 })).toMatchObject({ status: 200 });
    const again = (await subject.call('GET', '/api/operator/audit', { headers: admin })).body as AuditPage;
    expect(again.total).toBe(audit.total);
    await put(KARNATAKA);
  });

  it.each([
    ['a wrong check character', { gstin: '29AAGCB7383J1Z5' }, GSTIN_MESSAGES.checksum],
    ['a GSTIN too short', { gstin: '29AAGCB7383J1Z' }, GSTIN_MESSAGES.length],
    ['a GSTIN of no state', { gstin: '99AAGCB7383J1ZX', state_code: '99' }, UNKNOWN_STATE],
    ['a GSTIN of another state', { state_code: '27' }, gstinOfAnotherState('29AAGCB7383J1Z4', '27')],
  ])('refuses %s (400) and keeps the settings', async (_, change, message) => {
    const refused = await put({ ...KARNATAKA, ...change });
    expect([refused.status, refused.message]).toEqual([400, message]);
    expect(await read()).toEqual(KARNATAKA);
  });

  it.each([
    ['a prefix of five characters', { invoice_prefix: 'RENTO' }],
    ['a prefix in small letters', { invoice_prefix: 'rnt' }],
    ['a rate above 100%', { gst_rate: 101 }],
    ['a rate finer than a hundredth', { gst_rate: 18.001 }],
    ['a SAC with letters', { sac: '99731A' }],
    ['a missing field', { refuel_fee: undefined }],
    ['a credit note prefix of five characters', { credit_note_prefix: 'CREDT' }],
    ['no kilometres a day', { max_km_per_day: 0 }],
    ['more kilometres a day than a car can drive', { max_km_per_day: 10_001 }],
  ])('refuses %s (400)', async (_, change) => {
    expect((await put({ ...KARNATAKA, ...change })).status).toBe(400);
  });

  it('refuses a credit note prefix that is the invoice prefix (400)', async () => {
    const refused = await put({ ...KARNATAKA, credit_note_prefix: 'RNT' });
    expect([refused.status, refused.message]).toEqual([400, CREDIT_PREFIX_IS_INVOICE_PREFIX]);
    expect(await read()).toEqual(KARNATAKA);
  });

  it('keeps the settings a client leaves out that it does not know of', async () => {
    await put({ ...KARNATAKA, credit_note_prefix: 'CRN', max_km_per_day: 900 });
    const older: Partial<BusinessSettings> = { ...KARNATAKA, refuel_fee: 200 };
    delete older.credit_note_prefix;
    delete older.max_km_per_day;
    const saved = await put(older);
    expect(saved.body).toEqual({ ...KARNATAKA, credit_note_prefix: 'CRN', max_km_per_day: 900, refuel_fee: 200 });
    await put(KARNATAKA);
  });

  it('lets staff read them and only admins change them', async () => {
    const operator = await createStaff(subject.app, 'operator');
    expect((await subject.call('GET', '/api/operator/settings', { headers: operator.auth })).status).toBe(200);
    const refused = await put(KARNATAKA, operator.auth);
    expect([refused.status, refused.message]).toEqual([403, ADMINS_ONLY]);
    const rider = await createUser(subject.app);
    expect((await subject.call('GET', '/api/operator/settings', { headers: rider.auth })).status).toBe(403);
  });
});
