import { DEFAULT_CANCELLATION_POLICY } from '@rentora/shared/payments';
import { cancellationTerms } from './cancellation-terms';

const HOUR = 3_600_000;
/** The example: free for an hour after booking, then 100% from 48 h, 50% from 24 h, none after. */
const TIERED = {
  free_minutes_after_booking: 60,
  tiers: [
    { hours_before: 48, refund_percent: 100 },
    { hours_before: 24, refund_percent: 50 },
    { hours_before: 0, refund_percent: 0 },
  ],
};
const pickUpAt = Date.parse('2026-12-20T00:00:00+05:30');
const facts = (hoursBefore: number, bookedHoursBefore = 200) => ({
  paidPaise: 2_360_001,
  pickUpAt,
  now: pickUpAt - hoursBefore * HOUR,
  bookedAt: pickUpAt - bookedHoursBefore * HOUR,
});

describe('cancellationTerms', () => {
  it('refunds by the first tier whose hours before pick-up have not passed, the fee the rest', () => {
    expect(cancellationTerms(TIERED, facts(72))).toEqual({
      refund_paise: 2_360_001,
      fee_paise: 0,
      rule: '48 hours or more before pick-up: everything is refunded.',
    });
    // Half of an odd paisa rounds up: the refund and the fee still add up to what was paid.
    expect(cancellationTerms(TIERED, facts(30))).toEqual({
      refund_paise: 1_180_001,
      fee_paise: 1_180_000,
      rule: 'From 24 hours to 48 hours before pick-up: 50% is refunded.',
    });
    expect(cancellationTerms(TIERED, facts(5))).toEqual({
      refund_paise: 0,
      fee_paise: 2_360_001,
      rule: 'Less than 24 hours before pick-up: nothing is refunded.',
    });
  });

  it('refunds everything within the free minutes after booking, however close pick-up is', () => {
    expect(cancellationTerms(TIERED, facts(5, 5.5))).toMatchObject({
      refund_paise: 2_360_001,
      rule: 'Cancelled within 60 minutes of booking: everything is refunded.',
    });
  });

  it('keeps nothing when nothing was paid online, and refunds in full until pick-up by default', () => {
    expect(cancellationTerms(TIERED, { ...facts(5), paidPaise: 0 })).toEqual({
      refund_paise: 0,
      fee_paise: 0,
      rule: 'Nothing was paid online: cancelling costs nothing.',
    });
    expect(cancellationTerms(DEFAULT_CANCELLATION_POLICY, facts(1))).toEqual({
      refund_paise: 2_360_001,
      fee_paise: 0,
      rule: 'Until pick-up: everything is refunded.',
    });
    expect(
      cancellationTerms({ ...TIERED, tiers: [{ hours_before: 24, refund_percent: 100 }] }, facts(5)),
    ).toMatchObject({
      refund_paise: 0,
      rule: 'Too close to pick-up for any refund: nothing is refunded.',
    });
  });
});
