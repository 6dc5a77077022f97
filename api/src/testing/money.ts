import type { Quote } from '@rentora/shared';
import { DEFAULT_CANCELLATION_POLICY } from '@rentora/shared/payments';
import type { BusinessSettings, NewVehicle } from '@rentora/shared/operator';
import type { Answer, TestApp } from './test-app';
import { newCar } from './test-app';

/** A registered business in Karnataka (state 29) charging 18% on top of its prices. */
export const KARNATAKA_BUSINESS: BusinessSettings = {
  legal_name: 'Rentora Mobility Private Limited',
  address: '12 MG Road, Bengaluru 560001',
  gstin: '29AAGCB7383J1Z4',
  state_code: '29',
  gst_rate: 18,
  sac: '997311',
  prices_include_tax: false,
  invoice_prefix: 'RNT',
  late_fee_per_hour: 300,
  refuel_fee: 150,
  credit_note_prefix: 'CN',
  max_km_per_day: 2_000,
  online_payment: 'off',
  payment_hold_minutes: 15,
  cancellation_policy: DEFAULT_CANCELLATION_POLICY,
};

/** Valid GSTINs of a customer in the business's state, and in another. */
export const GSTIN_KARNATAKA = '29AAGCB7383J1Z4';
export const GSTIN_MAHARASHTRA = '27AAPFU0939F1ZV';

let plates = 0;

/** The money side's calls, as staff and as anyone. */
export function moneyCalls(subject: TestApp, staff: { admin: Record<string, string> }) {
  const headers = staff.admin;
  return {
    /** A new car in service (with rules when given), added by an admin; answers its `_id`. */
    async addCar(overrides: Partial<NewVehicle> & Record<string, unknown> = {}): Promise<string> {
      plates += 1;
      const name = `Money Car ${plates} ${Math.random().toString(36).slice(2, 8)}`;
      const answer = await subject.call('POST', '/api/operator/vehicles', {
        headers,
        body: { ...newCar({ car_name: name, license_plate: `MN${plates}X${Date.now() % 100_000}` }), ...overrides },
      });
      if (answer.status !== 201) throw new Error(`adding a car: ${answer.status} ${answer.message}`);
      return (answer.body as { _id: string })._id;
    },
    async addAddOn(label: string, price: number, per: 'day' | 'rental'): Promise<number> {
      const answer = await subject.call('POST', '/api/operator/add-ons', { headers, body: { label, price, per } });
      if (answer.status !== 201) throw new Error(`adding an add-on: ${answer.status} ${answer.message}`);
      return (answer.body as { id: number }).id;
    },
    withdraw: (id: number) =>
      subject.call('PATCH', `/api/operator/add-ons/${id}`, { headers, body: { offered: false } }),
    async setSettings(settings: BusinessSettings): Promise<void> {
      const answer = await subject.call('PUT', '/api/operator/settings', { headers, body: settings });
      if (answer.status !== 200) throw new Error(`settings: ${answer.status} ${answer.message}`);
    },
    patchCar: (id: string, body: unknown) => subject.call('PATCH', `/api/operator/vehicles/${id}`, { headers, body }),
    quote: (body: Record<string, unknown>): Promise<Answer> => subject.call('POST', '/api/quotes', { body }),
  };
}

export const quoteOf = (answer: Answer): Quote => {
  if (answer.status !== 200) throw new Error(`quote: ${answer.status} ${answer.message}`);
  return answer.body as Quote;
};

/** A quote's figures without its id and expiry, which differ from one quote to the next. */
export const figuresOf = (quote: Quote): Omit<Quote, 'id' | 'expires_at'> => {
  const figures: Partial<Quote> = { ...quote };
  delete figures.id;
  delete figures.expires_at;
  return figures as Omit<Quote, 'id' | 'expires_at'>;
};
