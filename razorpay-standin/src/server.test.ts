import { createHmac } from 'node:crypto';
import http from 'node:http';
import { type StandIn, checkoutSignature, startStandIn, webhookSignature } from '.';

const KEYS = { keyId: 'rzp_test_unit0000001', keySecret: 'unit-key-secret', webhookSecret: 'unit-webhook-secret' };
const SITE = 'http://localhost:3000';

interface Received {
  body: string;
  signature: string | undefined;
  eventId: string | undefined;
}

describe('the Razorpay stand-in', () => {
  let standIn: StandIn;
  let hook: http.Server;
  const received: Received[] = [];
  beforeAll(async () => {
    hook = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push({
          body,
          signature: request.headers['x-razorpay-signature'] as string | undefined,
          eventId: request.headers['x-razorpay-event-id'] as string | undefined,
        });
        response.end('ok');
      });
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    const { port } = hook.address() as { port: number };
    standIn = await startStandIn({
      port: 0,
      ...KEYS,
      webhookUrl: `http://127.0.0.1:${port}/`,
      siteOrigins: [SITE],
    });
  });
  afterAll(async () => {
    await standIn.close();
    await new Promise((resolve) => hook.close(resolve));
  });
  beforeEach(() => {
    received.length = 0;
    standIn.resetFaults();
  });

  const auth = { authorization: `Basic ${Buffer.from(`${KEYS.keyId}:${KEYS.keySecret}`).toString('base64')}` };
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = auth) => {
    const response = await fetch(`${standIn.url}${path}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const newOrder = async (amount = 50_000) =>
    (await call('POST', '/v1/orders', { amount, currency: 'INR', receipt: 'rentora-1-1' })).body as { id: string };

  it('answers its REST API only with the key id and secret', async () => {
    expect((await call('POST', '/v1/orders', { amount: 50_000 }, {})).status).toBe(401);
    const wrong = { authorization: `Basic ${Buffer.from(`${KEYS.keyId}:nope`).toString('base64')}` };
    expect((await call('POST', '/v1/orders', { amount: 50_000 }, wrong)).status).toBe(401);
    const order = await newOrder();
    expect(order).toMatchObject({
      id: expect.stringMatching(/^order_/),
      amount: 50_000,
      currency: 'INR',
      status: 'created',
    });
    expect((await call('POST', '/v1/orders', { amount: 12.5 })).status).toBe(400);
    expect((await call('POST', '/v1/orders', { amount: 500, receipt: 'x'.repeat(41) })).status).toBe(400);
  });

  it('hands Checkout’s three fields, signed with the key secret, and sends the webhooks signed with the webhook secret', async () => {
    const order = await newOrder();
    const paid = await call('POST', `/v1/orders/${order.id}/pay`, { outcome: 'success' }, {});
    const {
      razorpay_order_id: orderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: signature,
    } = paid.body as Record<string, string>;
    expect(orderId).toBe(order.id);
    expect(signature).toBe(createHmac('sha256', KEYS.keySecret).update(`${order.id}|${paymentId}`).digest('hex'));
    expect(signature).toBe(checkoutSignature(order.id, paymentId ?? '', KEYS.keySecret));
    await standIn.webhooks.settled();
    expect(received.map((event) => (JSON.parse(event.body) as { event: string }).event)).toEqual([
      'payment.authorized',
      'payment.captured',
      'order.paid',
    ]);
    for (const event of received) {
      expect(event.signature).toBe(createHmac('sha256', KEYS.webhookSecret).update(event.body).digest('hex'));
      expect(event.signature).toBe(webhookSignature(event.body, KEYS.webhookSecret));
      expect(event.eventId).toMatch(/^evt_/);
    }
    expect((await call('GET', `/v1/orders/${order.id}/payments`)).body).toMatchObject({
      count: 1,
      items: [{ id: paymentId, status: 'captured', captured: true, amount: 50_000 }],
    });
    expect((await call('POST', `/v1/orders/${order.id}/pay`, { outcome: 'success' }, {})).status).toBe(400);
  });

  it('fails a payment when asked, and delivers duplicated, reversed or no events on demand', async () => {
    const order = await newOrder();
    standIn.faults.webhooks = 'duplicate';
    expect((await call('POST', `/v1/orders/${order.id}/pay`, { outcome: 'failure' }, {})).status).toBe(400);
    await standIn.webhooks.settled();
    expect(received.map((event) => event.eventId)).toEqual([received[0]?.eventId, received[0]?.eventId]);
    received.length = 0;
    standIn.faults.webhooks = 'reversed';
    await call('POST', `/v1/orders/${order.id}/pay`, { outcome: 'success' }, {});
    await standIn.webhooks.settled();
    expect(received.map((event) => (JSON.parse(event.body) as { event: string }).event)).toEqual([
      'order.paid',
      'payment.captured',
      'payment.authorized',
    ]);
    received.length = 0;
    standIn.faults.webhooks = 'none';
    const silent = await newOrder();
    await call('POST', `/v1/orders/${silent.id}/pay`, { outcome: 'success' }, {});
    await standIn.webhooks.settled();
    expect(received).toEqual([]);
  });

  it('refunds once per idempotency key: the same body answers the first refund, another body is refused', async () => {
    const order = await newOrder(80_000);
    const paid = (await call('POST', `/v1/orders/${order.id}/pay`, { outcome: 'success' }, {})).body;
    const paymentId = String(paid.razorpay_payment_id);
    const key = { ...auth, 'x-refund-idempotency': 'rentora-refund-42' };
    const first = await call('POST', `/v1/payments/${paymentId}/refund`, { amount: 30_000 }, key);
    const again = await call('POST', `/v1/payments/${paymentId}/refund`, { amount: 30_000 }, key);
    expect(first.body).toMatchObject({ id: expect.stringMatching(/^rfnd_/), amount: 30_000 });
    expect(again.body.id).toBe(first.body.id);
    expect((await call('POST', `/v1/payments/${paymentId}/refund`, { amount: 40_000 }, key)).status).toBe(400);
    expect((await call('POST', `/v1/payments/${paymentId}/refund`, { amount: 60_000 })).status).toBe(400);
    expect(
      (
        await call(
          'POST',
          `/v1/payments/${paymentId}/refund`,
          { amount: 30_000 },
          { ...auth, 'x-refund-idempotency': 'short' },
        )
      ).status,
    ).toBe(400);
    expect(standIn.ledger.refundsOf(paymentId)).toHaveLength(1);
  });

  it('serves Checkout’s script to anyone, and its page only for its key, framed by the site', async () => {
    const script = await fetch(`${standIn.url}/v1/checkout.js`);
    expect([script.status, script.headers.get('content-type')]).toEqual([200, 'text/javascript; charset=utf-8']);
    expect(await script.text()).toContain('window.Razorpay = Razorpay');
    const order = await newOrder();
    const page = await fetch(
      `${standIn.url}/checkout/${order.id}?key=${KEYS.keyId}&origin=${encodeURIComponent(SITE)}`,
    );
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain(`frame-ancestors ${SITE}`);
    const html = await page.text();
    for (const button of ['Pay ₹500.00', 'Fail', 'Close']) expect(html).toContain(`>${button}</button>`);
    expect(
      (await fetch(`${standIn.url}/checkout/${order.id}?key=other&origin=${encodeURIComponent(SITE)}`)).status,
    ).toBe(403);
    expect(
      (await fetch(`${standIn.url}/checkout/${order.id}?key=${KEYS.keyId}&origin=https://evil.example`)).status,
    ).toBe(403);
  });
});
