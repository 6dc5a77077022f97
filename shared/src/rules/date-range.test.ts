import { addDays } from '../format/dates';
import { checkDateRange, latestDropOff, latestPickUp } from './date-range';

const TODAY = '2026-12-10';
const check = (pick_up_date: string, drop_off_date: string) => checkDateRange({ pick_up_date, drop_off_date }, TODAY);

describe('checkDateRange', () => {
  it('accepts today, a same-day rental and an ordinary range', () => {
    expect(check(TODAY, TODAY)).toEqual({});
    expect(check('2026-12-12', '2026-12-14')).toEqual({});
  });

  it('names a missing or malformed date on its own field', () => {
    expect(check('', '2026-12-14')).toEqual({ pick_up_date: 'Choose a pick-up date.' });
    expect(check('2026-12-12', '2026-02-30')).toEqual({ drop_off_date: 'Choose a drop-off date.' });
    expect(check('12/12/2026', '')).toEqual({
      pick_up_date: 'Choose a pick-up date.',
      drop_off_date: 'Choose a drop-off date.',
    });
  });

  it('rejects a pick-up in the past and a drop-off before the pick-up', () => {
    expect(check('2026-12-09', '2026-12-12')).toEqual({ pick_up_date: 'Pick-up cannot be in the past.' });
    expect(check('2026-12-12', '2026-12-11')).toEqual({ drop_off_date: 'Drop-off must be on or after pick-up.' });
  });

  it('allows 30 days and no more, pick-up and drop-off both counted', () => {
    expect(check('2026-12-12', '2027-01-10')).toEqual({});
    expect(check('2026-12-12', '2027-01-11')).toEqual({ drop_off_date: 'A rental can last at most 30 days.' });
    expect(latestDropOff('2026-12-12')).toBe('2027-01-10');
  });

  it('allows a pick-up up to 180 days ahead and no later', () => {
    expect(latestPickUp(TODAY)).toBe(addDays(TODAY, 180));
    expect(check('2027-06-08', '2027-06-09')).toEqual({});
    expect(check('2027-06-09', '2027-06-10')).toEqual({ pick_up_date: 'Pick-up must be within the next 180 days.' });
  });
});
