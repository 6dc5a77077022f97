import {
  addDays,
  BUSINESS_TIME_ZONE,
  businessToday,
  formatDisplayDate,
  isKnownTimeZone,
  isRealIsoDate,
  rentalDays,
  todayIn,
} from './dates';

describe('formatDisplayDate', () => {
  it('shows YYYY-MM-DD as dd/mm/yyyy, keeping leading zeros', () => {
    expect(formatDisplayDate('2026-03-07')).toBe('07/03/2026');
    expect(formatDisplayDate('2026-12-31')).toBe('31/12/2026');
  });

  it('reads the date part of a full timestamp', () => {
    expect(formatDisplayDate('2026-03-07T10:00:00.000Z')).toBe('07/03/2026');
  });

  it('shows anything else unchanged', () => {
    expect(formatDisplayDate('soon')).toBe('soon');
    expect(formatDisplayDate('')).toBe('');
  });
});

describe('isRealIsoDate', () => {
  it.each([
    ['2026-02-28', true],
    ['2026-02-29', false],
    ['2028-02-29', true],
    ['2026-02-30', false],
    ['2026-13-01', false],
    ['2026-04-31', false],
  ])('%s → %s', (date, real) => {
    expect(isRealIsoDate(date)).toBe(real);
  });
});

describe('rentalDays (pick-up and drop-off both counted)', () => {
  it.each([
    ['2026-12-10', '2026-12-10', 1],
    ['2026-12-10', '2026-12-11', 2],
    ['2026-12-01', '2026-12-05', 5],
    ['2026-12-30', '2027-01-02', 4],
    ['2028-02-28', '2028-03-01', 3],
    ['2026-03-28', '2026-03-30', 3],
  ])('%s → %s is %d days', (pickUp, dropOff, days) => {
    expect(rentalDays(pickUp, dropOff)).toBe(days);
  });
});

describe('todayIn', () => {
  it('is the calendar date in the business time zone (India, UTC+5:30)', () => {
    expect(BUSINESS_TIME_ZONE).toBe('Asia/Kolkata');
    expect(todayIn(BUSINESS_TIME_ZONE, new Date('2026-12-31T18:29:59Z'))).toBe('2026-12-31');
    expect(todayIn(BUSINESS_TIME_ZONE, new Date('2026-12-31T18:30:00Z'))).toBe('2027-01-01');
  });

  it('differs from UTC around midnight', () => {
    const instant = new Date('2026-06-01T20:00:00Z');
    expect(todayIn('UTC', instant)).toBe('2026-06-01');
    expect(todayIn(BUSINESS_TIME_ZONE, instant)).toBe('2026-06-02');
  });

  it('answers YYYY-MM-DD for now', () => {
    expect(todayIn(BUSINESS_TIME_ZONE)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('businessToday', () => {
  it('agrees with todayIn for the business time zone at every half hour from 2020 to 2040', () => {
    const HALF_HOUR_MS = 30 * 60_000;
    const disagreements: string[] = [];
    for (let time = Date.UTC(2020, 0, 1); time < Date.UTC(2040, 0, 1); time += HALF_HOUR_MS) {
      // Just before each half hour too: the zone's midnight falls on one (18:30 UTC).
      for (const instant of [new Date(time), new Date(time - 1)]) {
        if (businessToday(BUSINESS_TIME_ZONE, instant) !== todayIn(BUSINESS_TIME_ZONE, instant)) {
          disagreements.push(instant.toISOString());
        }
      }
    }
    expect(disagreements).toEqual([]);
  });

  it('turns the day at midnight in India', () => {
    expect(businessToday(BUSINESS_TIME_ZONE, new Date('2026-12-31T18:29:59.999Z'))).toBe('2026-12-31');
    expect(businessToday(BUSINESS_TIME_ZONE, new Date('2026-12-31T18:30:00Z'))).toBe('2027-01-01');
    expect(businessToday(undefined, new Date('2026-12-31T18:30:00Z'))).toBe('2027-01-01');
  });

  it('builds no Intl.DateTimeFormat for India, the zone of a first load', () => {
    const built = jest.spyOn(Intl, 'DateTimeFormat');
    try {
      businessToday();
      businessToday(BUSINESS_TIME_ZONE, new Date('2026-06-01T20:00:00Z'));
      expect(built).not.toHaveBeenCalled();
    } finally {
      built.mockRestore();
    }
  });

  it('follows any other zone the API names, through Intl', () => {
    // 10:00 UTC: already tomorrow on Kiritimati (UTC+14), still yesterday at UTC-12.
    const instant = new Date('2026-06-01T10:30:00Z');
    expect(businessToday('Pacific/Kiritimati', instant)).toBe('2026-06-02');
    expect(businessToday('Etc/GMT+12', instant)).toBe('2026-05-31');
    expect(businessToday(BUSINESS_TIME_ZONE, instant)).toBe('2026-06-01');
  });
});

describe('isKnownTimeZone', () => {
  it('knows IANA zones and refuses anything else', () => {
    expect(isKnownTimeZone(BUSINESS_TIME_ZONE)).toBe(true);
    expect(isKnownTimeZone('Pacific/Kiritimati')).toBe(true);
    expect(isKnownTimeZone('Etc/GMT+12')).toBe(true);
    expect(isKnownTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isKnownTimeZone('')).toBe(false);
  });
});

describe('addDays', () => {
  it('crosses months, years and leap days, both ways', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-12-10', 0)).toBe('2026-12-10');
  });
});
