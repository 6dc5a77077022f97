import { createHmac, randomBytes } from 'node:crypto';
import type { Order, Payment, Refund } from './ledger';

export type EventName =
  'payment.authorized' | 'payment.captured' | 'payment.failed' | 'order.paid' | 'refund.processed' | 'refund.failed';

/** How the next events are delivered: as Razorpay does, or with one of its failures a test asks for. */
export type Delivery =
  /** Each event once, in order, retried with backoff until answered 2xx. */
  | 'normal'
  /** Nothing: as when the webhook is disabled or every attempt was lost. */
  | 'none'
  /** Each event twice, the same event id both times. */
  | 'duplicate'
  /** The events of one action in reverse order (order.paid before payment.captured before payment.authorized). */
  | 'reversed';

export interface SentEvent {
  id: string;
  event: EventName;
  body: string;
  /** HTTP statuses our webhook answered each attempt with; 0 for no answer. */
  answers: number[];
}

const RETRY_DELAYS_MS = [250, 1_000, 4_000];
const ANSWER_TIMEOUT_MS = 5_000;

/** The webhook's signature: hex HMAC-SHA256 of the exact body sent, keyed with the webhook secret. */
export const webhookSignature = (body: string, secret: string) =>
  createHmac('sha256', secret).update(body).digest('hex');

/**
 * Razorpay's webhooks, for the events of one action at a time: each a POST of a JSON body signed
 * with the webhook secret (`X-Razorpay-Signature`), named by `X-Razorpay-Event-Id`, delivered at
 * least once: a non-2xx answer or none is retried a few times (Razorpay keeps at it for a day).
 */
export class Webhooks {
  readonly sent: SentEvent[] = [];
  /** Deliveries still being attempted, so a test (or a close) can wait for them. */
  private readonly inFlight = new Set<Promise<void>>();

  /** Where events go; none are sent until it is set. */
  url: string | undefined;
  private stopped = false;

  constructor(
    private readonly options: { url: string | undefined; secret: string; accountId: string },
    readonly delivery: { next: Delivery },
  ) {
    this.url = options.url;
  }

  /** Sends the events of one action (a payment made, a refund processed) as `delivery.next` says. */
  emit(events: { event: EventName; order?: Order; payment?: Payment; refund?: Refund }[]): void {
    const how = this.delivery.next;
    if (how === 'none' || this.url === undefined || this.stopped) return;
    const built = events.map(({ event, ...entities }) => this.build(event, entities));
    const ordered = how === 'reversed' ? [...built].reverse() : built;
    const run = (async () => {
      for (const event of ordered) {
        await this.deliver(event);
        if (how === 'duplicate') await this.deliver(event);
      }
    })();
    this.inFlight.add(run);
    void run.finally(() => this.inFlight.delete(run));
  }

  /** Sends one event already sent again, as Razorpay may: the same id, the same body. */
  async redeliver(eventId: string): Promise<boolean> {
    const event = this.sent.find((sent) => sent.id === eventId);
    if (event === undefined) return false;
    await this.deliver(event);
    return true;
  }

  async settled(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
  }

  /** Sends nothing more: deliveries under way give up their retries. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.settled();
  }

  private build(event: EventName, entities: { order?: Order; payment?: Payment; refund?: Refund }): SentEvent {
    const payload: Record<string, { entity: object }> = {};
    if (entities.payment) payload.payment = { entity: { ...entities.payment } };
    if (entities.order) payload.order = { entity: { ...entities.order } };
    if (entities.refund) payload.refund = { entity: { ...entities.refund } };
    const body = JSON.stringify({
      entity: 'event',
      account_id: this.options.accountId,
      event,
      contains: Object.keys(payload),
      payload,
      created_at: Math.floor(Date.now() / 1000),
    });
    const sent: SentEvent = { id: `evt_${randomBytes(8).toString('hex')}`, event, body, answers: [] };
    this.sent.push(sent);
    return sent;
  }

  private async deliver(event: SentEvent): Promise<void> {
    for (let attempt = 0; ; attempt += 1) {
      const status = await this.post(event);
      event.answers.push(status);
      if (status >= 200 && status < 300) return;
      const delay = RETRY_DELAYS_MS[attempt];
      if (delay === undefined || this.stopped) return;
      await new Promise((resolve) => setTimeout(resolve, delay).unref());
    }
  }

  private async post(event: SentEvent): Promise<number> {
    try {
      const response = await fetch(this.url ?? '', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': webhookSignature(event.body, this.options.secret),
          'x-razorpay-event-id': event.id,
        },
        body: event.body,
        signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
      });
      await response.arrayBuffer();
      return response.status;
    } catch {
      return 0;
    }
  }
}
