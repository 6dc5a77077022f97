import { createBusinessClock } from './business-clock';

describe('business clock', () => {
  it('answers the calendar date in the business time zone and follows midnight there', () => {
    // 18:29:59 UTC is 23:59:59 in Kolkata; one second later it is the next day there.
    let now = Date.parse('2026-03-31T18:29:59Z');
    const today = createBusinessClock('Asia/Kolkata', () => now);
    expect(today()).toBe('2026-03-31');
    now += 1_000;
    expect(today()).toBe('2026-04-01');
  });
});
