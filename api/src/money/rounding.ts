/**
 * `amount × numerator ÷ denominator`, rounded to the nearest whole paisa, half a paisa up
 * (docs/architecture.md §4): the one rounding every share of an amount takes, a discount or a
 * tax. Worked in BigInt, so no product of paise and basis points loses a digit.
 */
export function shareOf(amount: number, numerator: number, denominator: number): number {
  const product = BigInt(amount) * BigInt(numerator);
  const divisor = BigInt(denominator);
  return Number((2n * product + divisor) / (2n * divisor));
}
