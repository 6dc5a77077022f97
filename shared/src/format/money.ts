/** Built on first use: building it loads ICU's number data, which a page that shows no price never needs. */
let rupees: Intl.NumberFormat | undefined;

/** 125000 → '₹1,25,000' (Indian digit grouping). */
export function formatRupees(amount: number): string {
  rupees ??= new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
  return `₹${rupees.format(amount)}`;
}
