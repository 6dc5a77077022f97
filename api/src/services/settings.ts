import type { BusinessSettings, BusinessSettingsUpdate } from '@rentora/shared/operator';
import { GST_STATES, checkGstin, gstinStateCode, normaliseGstin } from '@rentora/shared/rules';
import { runInTransaction } from '../db/transaction';
import { ApiError } from '../errors';
import { recordAudit } from '../repositories/audit';
import { readSettingsForUpdate, writeSettings } from '../repositories/settings';
import type { OperatorContext } from './fleet-operations';

export const UNKNOWN_STATE = 'state_code must be a GST state code from 01 to 38, or 97.';
export const CREDIT_PREFIX_IS_INVOICE_PREFIX =
  'credit_note_prefix must differ from invoice_prefix: a credit note’s number must never read as an invoice’s.';
export const NO_PAYMENT_GATEWAY =
  'Online payment needs a payment gateway: set PAYMENT_GATEWAY=razorpay with RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET, then switch it on.';
export const TIERS_OUT_OF_ORDER =
  'The cancellation tiers must go from the most hours before pick-up down, each hours_before once.';
export const gstinOfAnotherState = (gstin: string, stateCode: string) =>
  `The GSTIN ${gstin} is registered in state ${gstinStateCode(gstin)}, not in state_code ${stateCode}.`;

/** The settings as kept: trimmed, the GSTIN in capitals; refused (400) when they cannot stand together. */
function checkedSettings(input: BusinessSettings): BusinessSettings {
  const settings = {
    ...input,
    legal_name: input.legal_name.trim(),
    address: input.address.trim(),
    gstin: normaliseGstin(input.gstin),
  };
  if (settings.state_code !== '' && GST_STATES[settings.state_code] === undefined)
    throw new ApiError(400, UNKNOWN_STATE);
  if (settings.gstin !== '') {
    const wrong = checkGstin(settings.gstin);
    if (wrong !== undefined) throw new ApiError(400, wrong);
    if (gstinStateCode(settings.gstin) !== settings.state_code) {
      throw new ApiError(400, gstinOfAnotherState(settings.gstin, settings.state_code));
    }
  }
  if (settings.credit_note_prefix === settings.invoice_prefix) throw new ApiError(400, CREDIT_PREFIX_IS_INVOICE_PREFIX);
  const hours = settings.cancellation_policy.tiers.map((tier) => tier.hours_before);
  if (hours.some((value, index) => index > 0 && value >= (hours[index - 1] ?? 0))) {
    throw new ApiError(400, TIERS_OUT_OF_ORDER);
  }
  return settings;
}

/** Replaces the settings, with an audit entry of what changed; the same settings again change nothing. */
export async function putSettings(
  context: OperatorContext & { paymentsAvailable: boolean },
  actor: string,
  input: BusinessSettingsUpdate,
): Promise<BusinessSettings> {
  if ((input.online_payment ?? 'off') !== 'off' && !context.paymentsAvailable) {
    throw new ApiError(400, NO_PAYMENT_GATEWAY);
  }
  return runInTransaction(context.db, async (trx) => {
    const current = await readSettingsForUpdate(trx, context.engine);
    // A setting a client does not know of yet stays as it is.
    const settings = checkedSettings({ ...current, ...input });
    const changed = (Object.keys(settings) as (keyof BusinessSettings)[]).filter(
      (key) => JSON.stringify(settings[key]) !== JSON.stringify(current[key]),
    );
    if (changed.length === 0) return current;
    await writeSettings(trx, settings);
    await recordAudit(trx, {
      actor,
      action: 'settings.updated',
      subject: 'settings',
      before: Object.fromEntries(changed.map((key) => [key, current[key]])),
      after: Object.fromEntries(changed.map((key) => [key, settings[key]])),
    });
    return settings;
  });
}
