/** Built on first use: building it loads ICU's number data, which a page that shows no price never needs. */
let rupees: Intl.NumberFormat | undefined;
let rupeesAndPaise: Intl.NumberFormat | undefined;

/** 125000 → '₹1,25,000' (Indian digit grouping). */
export function formatRupees(amount: number): string {
  rupees ??= new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
  return `₹${rupees.format(amount)}`;
}

/** An amount in integer paise, as an invoice writes it: 12500050 → '₹1,25,000.50'. */
export function formatPaise(paise: number): string {
  rupeesAndPaise ??= new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `₹${rupeesAndPaise.format(paise / 100)}`;
}

/** An amount in integer paise as a price tag writes it: whole rupees when it has no paise ('₹75,000'), else with them. */
export function formatPrice(paise: number): string {
  return paise % 100 === 0 ? formatRupees(paise / 100) : formatPaise(paise);
}
