import { CHARGE_LABELS, GRACE_MS, returnCharges } from './return-charges';

const HOUR = 3_600_000;
const TERMS = { km_per_day: 250, extra_km_price: 12, late_fee_per_hour: 300, refuel_fee: 150 };
const DUE = Date.parse('2027-01-10T18:30:00Z');
const facts = {
  days: 4,
  pickUpOdometer: 12_000,
  returnOdometer: 13_000,
  dueAt: DUE,
  returnedAt: DUE,
  tankFull: true,
};

describe('returnCharges', () => {
  it('charges nothing for a return on time, full, within the allowance', () => {
    expect(returnCharges(TERMS, facts)).toEqual([]);
    expect(returnCharges(TERMS, { ...facts, returnedAt: DUE + GRACE_MS })).toEqual([]);
  });

  it('charges each kilometre beyond the allowance of every day', () => {
    expect(returnCharges(TERMS, { ...facts, returnOdometer: 13_120 })).toEqual([
      { label: CHARGE_LABELS.extraKm, quantity: 120, unit_paise: 1_200, amount_paise: 144_000 },
    ]);
    expect(returnCharges({ ...TERMS, km_per_day: 0 }, { ...facts, returnOdometer: 99_000 })).toEqual([]);
    expect(returnCharges(TERMS, { ...facts, pickUpOdometer: null, returnOdometer: 99_000 })).toEqual([]);
  });

  it('charges each hour or part of one past the grace hour', () => {
    const late = (ms: number) => returnCharges(TERMS, { ...facts, returnedAt: DUE + GRACE_MS + ms });
    expect(late(1)).toEqual([{ label: CHARGE_LABELS.late, quantity: 1, unit_paise: 30_000, amount_paise: 30_000 }]);
    expect(late(HOUR)[0]?.quantity).toBe(1);
    expect(late(HOUR + 1)[0]?.quantity).toBe(2);
  });

  it('charges the refuel fee for a tank not full, and nothing for a fee of 0', () => {
    expect(returnCharges(TERMS, { ...facts, tankFull: false })).toEqual([
      { label: CHARGE_LABELS.refuel, quantity: 1, unit_paise: 15_000, amount_paise: 15_000 },
    ]);
    expect(returnCharges(TERMS, { ...facts, tankFull: null })).toEqual([]);
    expect(returnCharges({ ...TERMS, refuel_fee: 0 }, { ...facts, tankFull: false })).toEqual([]);
  });
});
