export {
  type Faults,
  NORMAL_FAULTS,
  type StandIn,
  type StandInOptions,
  checkoutSignature,
  startStandIn,
} from './server';
export type { Order, Payment, Refund } from './ledger';
export { type Delivery, type SentEvent, webhookSignature } from './webhooks';
