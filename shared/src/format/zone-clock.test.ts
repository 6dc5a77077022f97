import { startOfDayIn, wallClockAsUtc } from './zone-clock';

describe('the clock of a time zone', () => {
  it('reads an instant on the zone’s wall clock', () => {
    expect(new Date(wallClockAsUtc(Date.parse('2026-11-28T20:00:00Z'), 'Asia/Kolkata')).toISOString()).toBe(
      '2026-11-29T01:30:00.000Z',
    );
  });

  it('gives the instant a day starts in the zone, across a change of its clocks', () => {
    expect(new Date(startOfDayIn('2026-11-29', 'Asia/Kolkata')).toISOString()).toBe('2026-11-28T18:30:00.000Z');
    // New York's clocks go forward on 8 March 2026: the day starts at 05:00 UTC, the next at 04:00.
    expect(new Date(startOfDayIn('2026-03-08', 'America/New_York')).toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(new Date(startOfDayIn('2026-03-09', 'America/New_York')).toISOString()).toBe('2026-03-09T04:00:00.000Z');
  });
});
