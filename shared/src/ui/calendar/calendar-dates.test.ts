import { addDays } from '../../format/dates';
import { formatLongDate, formatMonth } from './calendar-dates';

describe('calendar names', () => {
  const longDate = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const monthYear = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

  it('names every day from 2020 to 2040 as Intl does in en-GB', () => {
    const disagreements: string[] = [];
    for (let day = '2020-01-01'; day < '2040-01-01'; day = addDays(day, 1)) {
      const instant = new Date(`${day}T00:00:00Z`);
      if (formatLongDate(day) !== longDate.format(instant)) disagreements.push(day);
      if (formatMonth(day.slice(0, 7)) !== monthYear.format(instant)) disagreements.push(day.slice(0, 7));
    }
    expect(disagreements).toEqual([]);
  });

  it('writes a day without a leading zero', () => {
    expect(formatLongDate('2026-12-05')).toBe('5 December 2026');
    expect(formatMonth('2027-01')).toBe('January 2027');
  });
});
