import type { PaymentKind, PaymentMethod, PaymentPurpose, PaymentStatus } from '@rentora/shared/payments';

export interface CsvPayment {
  id: number;
  at: string;
  rental_id: number;
  customer_name: string;
  car_name: string;
  kind: PaymentKind;
  purpose: PaymentPurpose;
  method: PaymentMethod;
  status: PaymentStatus;
  amount_paise: number;
  reference: string;
  recorded_by: string;
}

const HEADER = [
  'id',
  'at',
  'day',
  'rental_id',
  'customer',
  'car',
  'kind',
  'purpose',
  'method',
  'status',
  'amount_inr',
  'amount_paise',
  'reference',
  'recorded_by',
];

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, its quotes
 * doubled. Text a spreadsheet would run as a formula (starting with =, +, -, @, a tab or a
 * carriage return) is prefixed with an apostrophe, so a customer's name or a slip's reference
 * cannot run in the reader's spreadsheet (OWASP's CSV injection advice).
 */
export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Paise as rupees with two decimals, from the integers: 219000 → 2190.00. */
const rupees = (paise: number) => `${Math.trunc(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;

/** The payments as a CSV file, a header line first, CRLF line ends; `dayOf` names each payment's business day. */
export function paymentsCsv(payments: readonly CsvPayment[], dayOf: (at: string) => string): string {
  const lines = [HEADER.join(',')];
  for (const payment of payments) {
    lines.push(
      [
        payment.id,
        payment.at,
        dayOf(payment.at),
        payment.rental_id,
        csvField(payment.customer_name),
        csvField(payment.car_name),
        payment.kind,
        payment.purpose,
        payment.method,
        payment.status,
        rupees(payment.amount_paise),
        payment.amount_paise,
        csvField(payment.reference),
        csvField(payment.recorded_by),
      ].join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
