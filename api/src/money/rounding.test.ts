import { shareOf } from './rounding';
import { applyTax } from './tax';

describe('shareOf: the nearest paisa, half a paisa up', () => {
  it.each([
    [1, 1, 2, 1],
    [3, 1, 2, 2],
    [5, 1, 2, 3],
    [1, 49, 100, 0],
    [1, 50, 100, 1],
    [999, 1, 1000, 1],
    [1, 4_999, 10_000, 0],
    [1, 5_001, 10_000, 1],
    [0, 1_800, 10_000, 0],
  ])('%i × %i ÷ %i → %i', (amount, numerator, denominator, share) => {
    expect(shareOf(amount, numerator, denominator)).toBe(share);
  });

  it('keeps every digit of a product beyond a float’s integers (2^53)', () => {
    // 5,000,000,000,003 × 3,601 = 18,005,000,000,010,803, odd and above 2^53: a float cannot hold it.
    expect(shareOf(5_000_000_000_003, 3_601, 4)).toBe(4_501_250_000_002_701);
    expect(shareOf(3_000_000_000_000, 1_800, 11_800)).toBe(457_627_118_644);
  });
});

describe('applyTax', () => {
  const rule = (basisPoints: number, included: boolean, interState: boolean) => ({ basisPoints, included, interState });

  it('adds the tax on top: halves rounded once each, so CGST always equals SGST', () => {
    // 9% of 50 paise is 4.5: each half 5, the tax 10.
    expect(applyTax(50, rule(1_800, false, false))).toEqual({
      taxable_paise: 50,
      tax: { rate: 18, included: false, cgst_paise: 5, sgst_paise: 5, igst_paise: 0 },
      total_paise: 60,
    });
    // 9% of 49 paise is 4.41: each half 4.
    expect(applyTax(49, rule(1_800, false, false)).total_paise).toBe(57);
    expect(applyTax(25, rule(1_800, false, true)).tax.igst_paise).toBe(5);
    expect(applyTax(24, rule(1_800, false, true)).tax.igst_paise).toBe(4);
  });

  it('takes the tax out of a price that includes it: taxable + tax is the price, to the paisa', () => {
    // 59 × 9 / 118 = 4.5: each half 5, the taxable value 49.
    expect(applyTax(59, rule(1_800, true, false))).toEqual({
      taxable_paise: 49,
      tax: { rate: 18, included: true, cgst_paise: 5, sgst_paise: 5, igst_paise: 0 },
      total_paise: 59,
    });
    for (let amount = 0; amount < 2_000; amount += 1) {
      for (const interState of [false, true]) {
        const { taxable_paise: taxable, tax, total_paise: total } = applyTax(amount, rule(1_800, true, interState));
        expect(taxable + tax.cgst_paise + tax.sgst_paise + tax.igst_paise).toBe(total);
        expect(total).toBe(amount);
      }
    }
  });

  it('charges nothing at a rate of 0', () => {
    expect(applyTax(12_345, rule(0, true, true))).toEqual({
      taxable_paise: 12_345,
      tax: { rate: 0, included: true, cgst_paise: 0, sgst_paise: 0, igst_paise: 0 },
      total_paise: 12_345,
    });
  });
});
