import type { IssuedInvoice, QuoteLine } from '@rentora/shared';
import type { BusinessSettings } from '@rentora/shared/operator';
import { GST_STATES, gstinStateCode } from '@rentora/shared/rules';
import type { StoredQuote } from './stored-quote';
import { addTaxed, applyTax } from './tax';

export interface InvoiceFacts {
  number: string;
  /** `YYYY-MM-DD`, the day of issue in the business time zone. */
  date: string;
  rental: {
    id: number;
    name: string;
    address: string;
    pincode: string;
    pick_up_date: string;
    drop_off_date: string;
    car_name: string;
    license_plate: string;
  };
  quote: StoredQuote;
  /** Charged at return, before tax. */
  charges: QuoteLine[];
  /** The deposit was taken at pick-up. */
  depositTaken: boolean;
  /** The supplier's details as they are on the day of issue. */
  settings: BusinessSettings;
}

/** What every invoice of a rental says first: its number and date, the parties, the supply and the car. */
function invoiceHeader({ number, date, rental, quote, settings }: Omit<InvoiceFacts, 'charges' | 'depositTaken'>) {
  const placeOfSupply = quote.gstin === null ? settings.state_code : gstinStateCode(quote.gstin);
  return {
    number,
    date,
    rental_id: rental.id,
    supplier: {
      name: settings.legal_name,
      address: settings.address,
      gstin: settings.gstin === '' ? null : settings.gstin,
      state_code: settings.state_code,
    },
    buyer: { name: rental.name, address: `${rental.address} ${rental.pincode}`, gstin: quote.gstin },
    place_of_supply: { state_code: placeOfSupply, state: GST_STATES[placeOfSupply] ?? '' },
    reverse_charge: false,
    sac: settings.sac,
    car: { car_name: rental.car_name, license_plate: rental.license_plate },
    pick_up_date: rental.pick_up_date,
    drop_off_date: rental.drop_off_date,
  };
}

/**
 * A tax invoice (CGST Rule 46, docs/decisions/0024-money.md): the rental's lines as quoted, the
 * charges at return taxed by the same rule, the two taxes added, and the deposit settled against
 * the charges: what is left is refunded, what it does not cover is due.
 */
export function buildInvoice(facts: InvoiceFacts): IssuedInvoice {
  const { quote, charges, depositTaken } = facts;
  const chargesTaxed = applyTax(
    charges.reduce((sum, line) => sum + line.amount_paise, 0),
    quote.tax_rule,
  );
  const taxed = addTaxed(quote, chargesTaxed);
  const deposit = depositTaken ? quote.deposit_paise : 0;
  return {
    ...invoiceHeader(facts),
    lines: quote.lines,
    charges,
    discount_paise: quote.discount_paise,
    taxable_paise: taxed.taxable_paise,
    tax: taxed.tax,
    total_paise: taxed.total_paise,
    deposit_paise: deposit,
    refund_paise: Math.max(0, deposit - chargesTaxed.total_paise),
    due_paise: Math.max(0, chargesTaxed.total_paise - deposit),
  };
}

export const FEE_LABELS = { cancelled: 'Cancellation fee', no_show: 'No-show: the rental, kept' } as const;

/**
 * The tax invoice of what a cancellation or a no-show kept of a rental's payment
 * (docs/decisions/0031-payments.md): one line, its tax taken out of it by the rental's rule (it
 * was paid tax included), nothing else owed.
 */
export function buildFeeInvoice(
  facts: Omit<InvoiceFacts, 'charges' | 'depositTaken'> & { feePaise: number; label: string },
): IssuedInvoice {
  const { feePaise, quote, label } = facts;
  const taxed = applyTax(feePaise, { ...quote.tax_rule, included: true });
  return {
    ...invoiceHeader(facts),
    lines: [{ label, quantity: 1, unit_paise: feePaise, amount_paise: feePaise }],
    charges: [],
    discount_paise: 0,
    taxable_paise: taxed.taxable_paise,
    tax: taxed.tax,
    total_paise: taxed.total_paise,
    deposit_paise: 0,
    refund_paise: 0,
    due_paise: 0,
  };
}
