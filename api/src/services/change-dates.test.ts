import { addedDays } from './change-dates';

const range = (pick_up_date: string, drop_off_date: string) => ({ pick_up_date, drop_off_date });
const CURRENT = range('2027-03-10', '2027-03-12');

describe('the days a change adds, held until it is paid', () => {
  it.each([
    ['a later drop-off', range('2027-03-10', '2027-03-14'), [range('2027-03-13', '2027-03-14')]],
    ['an earlier pick-up', range('2027-03-08', '2027-03-12'), [range('2027-03-08', '2027-03-09')]],
    [
      'both ends',
      range('2027-03-09', '2027-03-13'),
      [range('2027-03-09', '2027-03-09'), range('2027-03-13', '2027-03-13')],
    ],
    ['a move overlapping the end', range('2027-03-12', '2027-03-15'), [range('2027-03-13', '2027-03-15')]],
    ['a move wholly later', range('2027-03-20', '2027-03-22'), [range('2027-03-20', '2027-03-22')]],
    ['a move wholly earlier', range('2027-03-01', '2027-03-03'), [range('2027-03-01', '2027-03-03')]],
    ['a move just before', range('2027-03-07', '2027-03-09'), [range('2027-03-07', '2027-03-09')]],
    ['a shorter rental', range('2027-03-11', '2027-03-12'), []],
  ])('%s', (_, wanted, added) => {
    expect(addedDays(CURRENT, wanted)).toEqual(added);
  });
});
