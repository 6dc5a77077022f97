import type { CreditNote, IssuedInvoice } from '@rentora/shared';
import type { IssuedCreditNote } from '../repositories/credit-notes';
import { applyTax, type Taxed } from './tax';

export interface CreditNoteFacts {
  number: string;
  /** `YYYY-MM-DD`, the day of issue in the business time zone. */
  date: string;
  invoice: IssuedInvoice;
  /** The invoice's credit notes before this one. */
  earlier: readonly CreditNote[];
  /** What this note takes off, tax included; at most what the earlier notes left of the invoice's total. */
  amountPaise: number;
  reason: string;
}

/** What the earlier notes left of each of the invoice's figures. */
function leftOf(invoice: IssuedInvoice, earlier: readonly CreditNote[]): Taxed {
  const sum = (figure: (taxed: Taxed) => number) => earlier.reduce((total, note) => total + figure(note), 0);
  return {
    taxable_paise: invoice.taxable_paise - sum((note) => note.taxable_paise),
    tax: {
      ...invoice.tax,
      cgst_paise: invoice.tax.cgst_paise - sum((note) => note.tax.cgst_paise),
      sgst_paise: invoice.tax.sgst_paise - sum((note) => note.tax.sgst_paise),
      igst_paise: invoice.tax.igst_paise - sum((note) => note.tax.igst_paise),
    },
    total_paise: invoice.total_paise - sum((note) => note.total_paise),
  };
}

/**
 * A part of what is left, its tax taken out at the invoice's rate; never more of a tax than is
 * left of it (a paisa of rounding, on a note just short of the rest).
 */
function partOf(left: Taxed, amountPaise: number, invoice: IssuedInvoice): Taxed {
  const { tax } = applyTax(amountPaise, {
    basisPoints: Math.round(invoice.tax.rate * 100),
    included: true,
    interState: invoice.tax.igst_paise > 0,
  });
  const cgst = Math.min(tax.cgst_paise, left.tax.cgst_paise);
  const sgst = Math.min(tax.sgst_paise, left.tax.sgst_paise);
  const igst = Math.min(tax.igst_paise, left.tax.igst_paise);
  return {
    taxable_paise: amountPaise - cgst - sgst - igst,
    tax: { ...tax, cgst_paise: cgst, sgst_paise: sgst, igst_paise: igst },
    total_paise: amountPaise,
  };
}

/**
 * A credit note against an invoice (docs/decisions/0030-credit-notes.md). Its tax is split the
 * way the invoice split its own: the same rate, IGST or CGST + SGST. A note that credits all that
 * is left takes what is left of each figure, so an invoice's notes together undo it to the
 * paisa; any other takes its tax out of its amount at the invoice's rate, rounded once.
 */
export function buildCreditNote({
  number,
  date,
  invoice,
  earlier,
  amountPaise,
  reason,
}: CreditNoteFacts): IssuedCreditNote {
  const left = leftOf(invoice, earlier);
  const figures = amountPaise === left.total_paise ? left : partOf(left, amountPaise, invoice);
  return {
    number,
    date,
    rental_id: invoice.rental_id,
    invoice_number: invoice.number,
    invoice_date: invoice.date,
    reason,
    supplier: invoice.supplier,
    buyer: invoice.buyer,
    place_of_supply: invoice.place_of_supply,
    sac: invoice.sac,
    taxable_paise: figures.taxable_paise,
    tax: { ...figures.tax, included: true },
    total_paise: figures.total_paise,
  };
}
