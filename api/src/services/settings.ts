import type { BusinessSettings } from '@rentora/shared/operator';
import { GST_STATES, checkGstin, gstinStateCode, normaliseGstin } from '@rentora/shared/rules';
import { runInTransaction } from '../db/transaction';
import { ApiError } from '../errors';
import { recordAudit } from '../repositories/audit';
import { readSettingsForUpdate, writeSettings } from '../repositories/settings';
import type { OperatorContext } from './fleet-operations';

export const UNKNOWN_STATE = 'state_code must be a GST state code from 01 to 38, or 97.';
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
  return settings;
}

/** Replaces the settings, with an audit entry of what changed; the same settings again change nothing. */
export async function putSettings(
  context: OperatorContext,
  actor: string,
  input: BusinessSettings,
): Promise<BusinessSettings> {
  const settings = checkedSettings(input);
  return runInTransaction(context.db, async (trx) => {
    const current = await readSettingsForUpdate(trx, context.engine);
    const changed = (Object.keys(settings) as (keyof BusinessSettings)[]).filter(
      (key) => settings[key] !== current[key],
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
