import { AUDIT_PER_PAGE, type AuditPage } from '@rentora/shared/operator';
import { describeEachEngine } from '../../../../testing/describe-engines';
import { createStaff } from '../../../../testing/test-app';

jest.setTimeout(60_000);

describeEachEngine('the audit on %s', (subject) => {
  it(`pages the entries newest first, ${AUDIT_PER_PAGE} a page`, async () => {
    const operator = await createStaff(subject.app, 'operator');
    const admin = await createStaff(subject.app, 'admin');
    const beyond = 3;
    // One audited change per price, oldest first: 1001, 1002, …
    const prices = Array.from({ length: AUDIT_PER_PAGE + beyond }, (_, index) => 1001 + index);
    for (const price of prices) {
      const changed = await subject.call('PATCH', '/api/operator/vehicles/kia-seltos', {
        headers: operator.auth,
        body: { price_per_day: price },
      });
      expect(changed.status).toBe(200);
    }
    const page = async (query: string) => {
      const answer = await subject.call('GET', `/api/operator/audit${query}`, { headers: admin.auth });
      expect(answer.status).toBe(200);
      return answer.body as AuditPage;
    };
    const priceOf = (entry: AuditPage['items'][number]) => entry.after?.price_per_day;

    const first = await page('');
    expect(first.total).toBe(prices.length);
    expect(first.items.map(priceOf)).toEqual(prices.slice(beyond).reverse());
    expect(await page('?page=1')).toEqual(first);

    const second = await page('?page=2');
    expect(second.total).toBe(prices.length);
    expect(second.items.map(priceOf)).toEqual(prices.slice(0, beyond).reverse());
    expect(second.items[0]).toMatchObject({
      actor: operator.email,
      action: 'vehicle.updated',
      subject: 'vehicle:kia-seltos',
      after: { price_per_day: prices[beyond - 1] },
    });

    expect(await page('?page=3')).toEqual({ items: [], total: prices.length });
    for (const bad of ['0', '-1', 'x']) {
      const answer = await subject.call('GET', `/api/operator/audit?page=${bad}`, { headers: admin.auth });
      expect([bad, answer.status]).toEqual([bad, 400]);
    }
  });
});
