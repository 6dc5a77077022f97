import { formatPaise, formatPrice, formatRupees } from './money';

/** What the pages wrote with Intl before: the written-out grouping must agree with it everywhere. */
const intlRupees = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
const intlPaise = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Amounts of every length from one digit to fourteen, with their neighbours and halves. */
const AMOUNTS = Array.from({ length: 14 }, (_, power) => 10 ** power).flatMap((unit) =>
  [1, 2, 9.5, 12.345, 99, 123.5, 999].flatMap((factor) => {
    const amount = Math.round(unit * factor * 100) / 100;
    return [amount, amount - 1, amount + 1, -amount];
  }),
);

describe('formatRupees (Indian digit grouping)', () => {
  it.each([
    [0, '₹0'],
    [999, '₹999'],
    [1000, '₹1,000'],
    [12500, '₹12,500'],
    [125000, '₹1,25,000'],
    [10000000, '₹1,00,00,000'],
  ])('%d → %s', (amount, text) => {
    expect(formatRupees(amount)).toBe(text);
  });

  it('rounds to whole rupees', () => {
    expect(formatRupees(1234.6)).toBe('₹1,235');
  });

  it('writes every amount as Intl.NumberFormat en-IN did', () => {
    for (const amount of [...AMOUNTS, 0.5, 2.5, -2.5, -0.4, -0]) {
      expect(formatRupees(amount)).toBe(`₹${intlRupees.format(amount)}`);
    }
  });
});

describe('formatPaise (integer paise, two decimals)', () => {
  it.each([
    [0, '₹0.00'],
    [1, '₹0.01'],
    [99, '₹0.99'],
    [100, '₹1.00'],
    [12500050, '₹1,25,000.50'],
    [899_999_999_999, '₹8,99,99,99,999.99'],
  ])('%d → %s', (paise, text) => {
    expect(formatPaise(paise)).toBe(text);
  });

  it('writes every amount of paise as Intl.NumberFormat en-IN did', () => {
    for (const paise of AMOUNTS.map(Math.round)) {
      expect(formatPaise(paise)).toBe(`₹${intlPaise.format(paise / 100)}`);
    }
  });
});

describe('formatPrice (integer paise, whole rupees when it has no paise)', () => {
  it.each([
    [0, '₹0'],
    [7_500_000, '₹75,000'],
    [12_500_050, '₹1,25,000.50'],
    [1, '₹0.01'],
  ])('%d → %s', (paise, text) => {
    expect(formatPrice(paise)).toBe(text);
  });
});
