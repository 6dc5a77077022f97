import Razorpay from 'razorpay';
import type { PaymentsConfig } from './payments-config';

/** The gateway's order, payment and refund, as far as the API reads them. */
export interface GatewayOrder {
  id: string;
  amount: number;
  currency: string;
}

export interface GatewayPayment {
  id: string;
  order_id: string;
  amount: number;
  currency: string;
  status: string;
  captured: boolean;
  error_description?: string | null;
}

export interface GatewayRefund {
  id: string;
  payment_id: string;
  amount: number;
  status: string;
}

/** The gateway could not be reached, or did not answer in time, or failed itself: try again later. */
export class GatewayUnavailable extends Error {}

/** The gateway refused the call (a 4xx): trying it again as it is will not help. */
export class GatewayRefused extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

/** The seam between the API and a payment gateway (docs/decisions/0031-payments.md). */
export interface PaymentGateway {
  readonly config: PaymentsConfig;
  createOrder(order: { amountPaise: number; receipt: string; notes: Record<string, string> }): Promise<GatewayOrder>;
  fetchPayment(paymentId: string): Promise<GatewayPayment>;
  paymentsOfOrder(orderId: string): Promise<GatewayPayment[]>;
  /** A refund sent with an idempotency key: sent again with the same key, it answers the same refund. */
  refund(
    paymentId: string,
    amountPaise: number,
    idempotencyKey: string,
    notes: Record<string, string>,
  ): Promise<GatewayRefund>;
}

interface SdkError {
  statusCode?: number;
  error?: { description?: string };
}

interface AxiosLike {
  defaults: { baseURL?: string; timeout?: number };
  post<T>(url: string, body: unknown, options: { headers: Record<string, string> }): Promise<{ data: T }>;
}

/** What the SDK's errors and axios's become: refused for a 4xx, unavailable for everything else. */
function gatewayError(error: unknown): Error {
  const { statusCode, error: detail } = (error ?? {}) as SdkError;
  const axiosStatus = (error as { response?: { status?: number; data?: SdkError } }).response;
  const status = statusCode ?? axiosStatus?.status;
  const description = detail?.description ?? axiosStatus?.data?.error?.description ?? 'no answer';
  if (status !== undefined && status >= 400 && status < 500 && status !== 409 && status !== 429) {
    return new GatewayRefused(status, description);
  }
  return new GatewayUnavailable(`The payment gateway did not answer: ${description}`);
}

async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw gatewayError(error);
  }
}

/**
 * Razorpay through its official Node SDK, in both modes: the stand-in speaks Razorpay's REST API,
 * so only the host differs. The SDK's HTTP client is its own axios instance; it is given the
 * gateway's host and a timeout (the SDK sets none), and refunds go through it with Razorpay's
 * `X-Refund-Idempotency` header, which the SDK's `payments.refund` cannot send.
 */
export function createGateway(config: PaymentsConfig): PaymentGateway {
  const sdk = new Razorpay({ key_id: config.keyId, key_secret: config.keySecret });
  const http = (sdk.api as unknown as { rq: AxiosLike }).rq;
  http.defaults.baseURL = config.apiUrl;
  http.defaults.timeout = config.timeoutMs;
  return {
    config,
    createOrder: ({ amountPaise, receipt, notes }) =>
      call(async () => {
        const order = await sdk.orders.create({ amount: amountPaise, currency: 'INR', receipt, notes });
        return { id: order.id, amount: Number(order.amount), currency: order.currency };
      }),
    fetchPayment: (paymentId) => call(async () => (await sdk.payments.fetch(paymentId)) as unknown as GatewayPayment),
    paymentsOfOrder: (orderId) =>
      call(async () => {
        const { items } = (await sdk.orders.fetchPayments(orderId)) as unknown as { items: GatewayPayment[] };
        return items;
      }),
    refund: (paymentId, amountPaise, idempotencyKey, notes) =>
      call(async () => {
        const { data } = await http.post<GatewayRefund>(
          `/v1/payments/${encodeURIComponent(paymentId)}/refund`,
          { amount: amountPaise, notes },
          { headers: { 'X-Refund-Idempotency': idempotencyKey } },
        );
        return data;
      }),
  };
}
