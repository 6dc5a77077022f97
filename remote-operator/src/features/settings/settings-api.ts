import { showToast } from '@rentora/state';
import { operatorCall } from '../../lib/operator-api';
import { refreshOperatorReads } from '../../lib/operator-reads';

export const ADD_ONS_PATH = '/api/operator/add-ons';
export const SETTINGS_PATH = '/api/operator/settings';

/**
 * Sends an admin's change to the add-ons or the settings: a toast says `done` and the reads under
 * `path` are asked again; a refusal is rethrown for the form to show in itself, by its fields.
 */
export async function changeSettings<T>(method: string, path: string, payload: unknown, done: string): Promise<T> {
  const answer = await operatorCall<T>(method, path, payload);
  showToast('success', done);
  refreshOperatorReads(path.startsWith(ADD_ONS_PATH) ? ADD_ONS_PATH : SETTINGS_PATH);
  return answer;
}
