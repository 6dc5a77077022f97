import type { CancellationPolicy } from '@rentora/shared/payments';
import { shareOf } from './rounding';

const HOUR_MS = 3_600_000;

export interface CancellationFacts {
  /** Paid online for the rental itself, net of refunds (its deposit left out). */
  paidPaise: number;
  /** Epoch ms: when it was booked. */
  bookedAt: number;
  /** Epoch ms: the start of its pick-up day in the business time zone. */
  pickUpAt: number;
  now: number;
}

export interface CancellationTerms {
  refund_paise: number;
  fee_paise: number;
  /** Which rule applies, in words. */
  rule: string;
}

const hours = (count: number) => `${count} ${count === 1 ? 'hour' : 'hours'}`;

/** A tier's words: its window before pick-up and what it refunds. */
function tierRule(tiers: CancellationPolicy['tiers'], index: number): string {
  const tier = tiers[index];
  if (tier === undefined) return '';
  const above = tiers[index - 1]?.hours_before;
  const window =
    above === undefined
      ? tier.hours_before === 0
        ? 'Until pick-up'
        : `${hours(tier.hours_before)} or more before pick-up`
      : tier.hours_before === 0
        ? `Less than ${hours(above)} before pick-up`
        : `From ${hours(tier.hours_before)} to ${hours(above)} before pick-up`;
  const refund =
    tier.refund_percent === 100
      ? 'everything is refunded'
      : tier.refund_percent === 0
        ? 'nothing is refunded'
        : `${tier.refund_percent}% is refunded`;
  return `${window}: ${refund}.`;
}

/**
 * What cancelling a rental now refunds and keeps, by the business's policy (docs/decisions/
 * 0031-payments.md): everything within `free_minutes_after_booking` of booking; otherwise the
 * percent of the first tier (from the most hours before pick-up down) whose hours have not passed,
 * nothing when none is left. The refund is the one rounding of a share (architecture §4); the fee
 * is the rest, so the two add up to what was paid.
 */
export function cancellationTerms(policy: CancellationPolicy, facts: CancellationFacts): CancellationTerms {
  const { paidPaise, bookedAt, pickUpAt, now } = facts;
  if (paidPaise <= 0)
    return { refund_paise: 0, fee_paise: 0, rule: 'Nothing was paid online: cancelling costs nothing.' };
  const freeMinutes = policy.free_minutes_after_booking;
  if (freeMinutes > 0 && now - bookedAt <= freeMinutes * 60_000) {
    return {
      refund_paise: paidPaise,
      fee_paise: 0,
      rule: `Cancelled within ${freeMinutes} minutes of booking: everything is refunded.`,
    };
  }
  const hoursLeft = (pickUpAt - now) / HOUR_MS;
  const index = policy.tiers.findIndex((tier) => hoursLeft >= tier.hours_before);
  const tier = policy.tiers[index];
  if (tier === undefined) {
    return { refund_paise: 0, fee_paise: paidPaise, rule: 'Too close to pick-up for any refund: nothing is refunded.' };
  }
  const refund = shareOf(paidPaise, tier.refund_percent, 100);
  return { refund_paise: refund, fee_paise: paidPaise - refund, rule: tierRule(policy.tiers, index) };
}
