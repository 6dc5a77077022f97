import { clashMessage, findClash, rangesOverlap } from './clash';

const range = (pick_up_date: string, drop_off_date: string) => ({ pick_up_date, drop_off_date });
const booked = range('2026-12-10', '2026-12-14');

describe('rangesOverlap (inclusive calendar dates)', () => {
  it.each([
    ['ends the day before', range('2026-12-05', '2026-12-09'), false],
    ['ends on the first booked day', range('2026-12-05', '2026-12-10'), true],
    ['lies inside', range('2026-12-11', '2026-12-12'), true],
    ['covers it', range('2026-12-01', '2026-12-31'), true],
    ['starts on the last booked day', range('2026-12-14', '2026-12-20'), true],
    ['starts the day after', range('2026-12-15', '2026-12-20'), false],
  ])('a range that %s → %s', (_, wanted, overlaps) => {
    expect(rangesOverlap(booked, wanted)).toBe(overlaps);
    expect(rangesOverlap(wanted, booked)).toBe(overlaps);
  });
});

describe('findClash', () => {
  it('finds the booked range the wanted one overlaps', () => {
    const other = range('2027-01-01', '2027-01-03');
    expect(findClash([other, booked], range('2026-12-12', '2026-12-12'))).toBe(booked);
  });

  it('finds nothing when the car is free', () => {
    expect(findClash([], range('2026-12-12', '2026-12-13'))).toBeUndefined();
    expect(findClash([booked], range('2026-12-15', '2026-12-16'))).toBeUndefined();
  });
});

describe('clashMessage', () => {
  it('names the taken range in day/month/year', () => {
    expect(clashMessage(range('2026-12-05', '2027-01-08'))).toBe(
      'This car is already booked from 05/12/2026 to 08/01/2027. Please choose other dates.',
    );
  });
});
