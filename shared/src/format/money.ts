/**
 * Amounts as India writes them: the last three digits, then groups of two (₹1,25,000). Written
 * out rather than asked of `Intl.NumberFormat`: a page's first NumberFormat loads ICU's number and
 * locale data, 35–140 ms of main thread on a desktop core (four times that on a mid-range phone),
 * in the render that shows the fleet's or a car's first price. The tests compare with Intl.
 */
function groupIndian(whole: number): string {
  const digits = String(whole);
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3);
  const pairs = head.length % 2 === 0 ? head : `0${head}`;
  const grouped = (pairs.match(/\d\d/g) ?? []).join(',').replace(/^0/, '');
  return `${grouped},${digits.slice(-3)}`;
}

/** Intl's sign, after the rupee sign as before: '₹-1,000', and '₹-0' for a negative that rounds to nothing. */
const signOf = (amount: number) => (amount < 0 || Object.is(amount, -0) ? '-' : '');

/** A count as India groups it, whole: 125000 → '1,25,000' (kilometres, say). */
export function formatCount(count: number): string {
  return `${count < 0 ? '-' : ''}${groupIndian(Math.round(Math.abs(count)))}`;
}

/** 125000 → '₹1,25,000' (Indian digit grouping), rounded to whole rupees half away from zero. */
export function formatRupees(amount: number): string {
  return `₹${signOf(amount)}${groupIndian(Math.round(Math.abs(amount)))}`;
}

/** An amount in integer paise, as an invoice writes it: 12500050 → '₹1,25,000.50'. */
export function formatPaise(paise: number): string {
  const whole = Math.round(Math.abs(paise));
  return `₹${signOf(paise)}${groupIndian(Math.floor(whole / 100))}.${String(whole % 100).padStart(2, '0')}`;
}

/** An amount in integer paise as a price tag writes it: whole rupees when it has no paise ('₹75,000'), else with them. */
export function formatPrice(paise: number): string {
  return paise % 100 === 0 ? formatRupees(paise / 100) : formatPaise(paise);
}
