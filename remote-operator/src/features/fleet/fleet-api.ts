import { showToast } from '@rentora/state';
import { operatorCall } from '../../lib/operator-api';
import { refreshOperatorReads } from '../../lib/operator-reads';

export const FLEET_PATH = '/api/operator/vehicles';

export const vehiclePath = (vehicleId: string) => `${FLEET_PATH}/${encodeURIComponent(vehicleId)}`;

/**
 * Sends one change to the fleet: on success a toast says `done` and every fleet read is asked
 * again; a refusal is a toast with the server's message (unless `shownInDialog` says the dialog
 * shows it itself), and rethrown so the dialog stays open.
 */
export async function changeFleet<T>(
  method: string,
  path: string,
  payload: unknown,
  done: string,
  shownInDialog: (error: unknown) => boolean = () => false,
): Promise<T> {
  let answer: T;
  try {
    answer = await operatorCall<T>(method, path, payload);
  } catch (error) {
    if (!shownInDialog(error)) showToast('error', (error as Error).message);
    throw error;
  }
  showToast('success', done);
  refreshOperatorReads(FLEET_PATH);
  return answer;
}
