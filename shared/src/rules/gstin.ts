/**
 * GST identification numbers and the state codes they start with: the business's GSTIN in the
 * admin settings, a customer's for a business invoice, and the place of supply on the invoice.
 */

/** GST state and union territory codes (the first two digits of a GSTIN), with their names. */
export const GST_STATES: Readonly<Record<string, string>> = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '25': 'Daman and Diu',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '28': 'Andhra Pradesh (before 2014)',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
  '97': 'Other Territory',
};

export const GSTIN_LENGTH = 15;

export const GSTIN_MESSAGES = {
  length: `A GSTIN has exactly ${GSTIN_LENGTH} characters.`,
  shape: 'A GSTIN is a state code, a PAN, an entity number, Z and a check character, in capitals and digits.',
  state: 'A GSTIN starts with a state code from 01 to 38, or 97.',
  checksum: 'This GSTIN’s check character is wrong: check it for a typing mistake.',
} as const;

/** Two digits of the state, the PAN (5 letters, 4 digits, a letter), the entity's number, Z (or another letter), a check character. */
const GSTIN_SHAPE = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z][A-Z][0-9A-Z]$/;
const BASE_36 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * The GSTIN's check character, from its first fourteen: each character's base-36 value times 1
 * or 2 (alternately, from the first), the product's two base-36 digits summed, and the total
 * taken from the next multiple of 36.
 */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let index = 0; index < 14; index += 1) {
    const product = BASE_36.indexOf(first14.charAt(index)) * (index % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return BASE_36.charAt((36 - (sum % 36)) % 36);
}

/** The GSTIN as people write it: capitals, without the spaces they may type between its groups. */
export const normaliseGstin = (gstin: string) => gstin.replace(/\s+/g, '').toUpperCase();

/** Why a (normalised) GSTIN is not one, or undefined when it is. */
export function checkGstin(gstin: string): string | undefined {
  if (gstin.length !== GSTIN_LENGTH) return GSTIN_MESSAGES.length;
  if (!GSTIN_SHAPE.test(gstin)) return GSTIN_MESSAGES.shape;
  if (GST_STATES[gstinStateCode(gstin)] === undefined) return GSTIN_MESSAGES.state;
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin.charAt(14)) return GSTIN_MESSAGES.checksum;
  return undefined;
}

/** A GSTIN's state: its first two digits. */
export const gstinStateCode = (gstin: string) => gstin.slice(0, 2);
