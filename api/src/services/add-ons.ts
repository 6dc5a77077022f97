import type { AddOnPatch, NewAddOn, OperatorAddOn } from '@rentora/shared/operator';
import { runInTransaction } from '../db/transaction';
import { ApiError } from '../errors';
import { findAddOns, insertAddOn, updateAddOn } from '../repositories/add-ons';
import { recordAudit } from '../repositories/audit';
import type { OperatorContext } from './fleet-operations';

export const NO_SUCH_ADD_ON = 'There is no such add-on.';

const subject = (id: number) => `add-on:${id}`;

/** Adds an add-on, offered unless it says otherwise, with its audit entry. */
export async function createAddOn(context: OperatorContext, actor: string, input: NewAddOn): Promise<OperatorAddOn> {
  return runInTransaction(context.db, async (trx) => {
    const addOn = await insertAddOn(trx, { ...input, label: input.label.trim() });
    await recordAudit(trx, { actor, action: 'add_on.created', subject: subject(addOn.id), before: null, after: addOn });
    return addOn;
  });
}

/**
 * Changes an add-on (withdrawing it is `offered: false`). Rentals that chose it keep it as they
 * chose it: their quotes hold its label and price. A change to nothing is no write and no entry.
 */
export async function patchAddOn(
  context: OperatorContext,
  actor: string,
  id: number,
  patch: AddOnPatch,
): Promise<OperatorAddOn> {
  const changes = patch.label === undefined ? patch : { ...patch, label: patch.label.trim() };
  return runInTransaction(context.db, async (trx) => {
    const [current] = await findAddOns(trx, [id]);
    if (current === undefined) throw new ApiError(404, NO_SUCH_ADD_ON);
    const changed = (Object.keys(changes) as (keyof typeof changes)[]).filter((key) => changes[key] !== current[key]);
    if (changed.length === 0) return current;
    const updated = await updateAddOn(trx, id, changes);
    await recordAudit(trx, {
      actor,
      action: 'add_on.updated',
      subject: subject(id),
      before: Object.fromEntries(changed.map((key) => [key, current[key]])),
      after: Object.fromEntries(changed.map((key) => [key, updated[key]])),
    });
    return updated;
  });
}
