/** The most invoices one financial year can number: the serial's six digits. */
export const MAX_SERIAL = 999_999;

/**
 * India's financial year of a date (`YYYY-MM-DD`), April to March, as the serial writes it: the
 * two years' last two digits, `2627` from 1 April 2026 to 31 March 2027.
 */
export function financialYearOf(date: string): string {
  const year = Number(date.slice(0, 4));
  const start = Number(date.slice(5, 7)) >= 4 ? year : year - 1;
  const twoDigits = (value: number) => String(value % 100).padStart(2, '0');
  return `${twoDigits(start)}${twoDigits(start + 1)}`;
}

/**
 * An invoice's serial (CGST Rule 46: at most 16 characters, unique within the financial year):
 * `RNT/2627/000042`. The prefix has at most four characters, so the serial at most 16.
 */
export const invoiceNumber = (prefix: string, financialYear: string, serial: number) =>
  `${prefix}/${financialYear}/${String(serial).padStart(6, '0')}`;
