import { financialYearOf, invoiceNumber } from './financial-year';

describe('financialYearOf (April to March)', () => {
  it.each([
    ['2027-03-31', '2627'],
    ['2027-04-01', '2728'],
    ['2026-12-31', '2627'],
    ['2027-01-01', '2627'],
    ['2099-04-01', '9900'],
    ['2100-01-15', '9900'],
  ])('%s → %s', (date, year) => {
    expect(financialYearOf(date)).toBe(year);
  });
});

describe('invoiceNumber', () => {
  it('writes prefix/year/serial in at most 16 characters', () => {
    expect(invoiceNumber('RNT', '2627', 42)).toBe('RNT/2627/000042');
    expect(invoiceNumber('ABCD', '2627', 999_999)).toHaveLength(16);
  });
});
