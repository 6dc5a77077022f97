import { formatPaise, formatPrice, formatRupees } from './money';

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
