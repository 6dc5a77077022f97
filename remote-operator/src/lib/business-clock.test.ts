import { wallClockNow, wallClockToIso } from './business-clock';

describe('the business wall clock', () => {
  it('reads now in the business zone, whatever the browser’s', () => {
    expect(wallClockNow('Asia/Kolkata', Date.parse('2026-11-28T20:00:00Z'))).toBe('2026-11-29T01:30');
  });

  it('turns a time typed on that clock into the instant the API takes', () => {
    expect(wallClockToIso('2026-11-29T01:30', 'Asia/Kolkata')).toBe('2026-11-28T20:00:00.000Z');
    // The day after New York's clocks go forward, 09:00 there is 13:00 UTC, not 14:00.
    expect(wallClockToIso('2026-03-09T09:00', 'America/New_York')).toBe('2026-03-09T13:00:00.000Z');
    expect(wallClockToIso('not a time', 'Asia/Kolkata')).toBeUndefined();
  });
});
