import type { AddOn } from '@rentora/shared';
import type { NewAddOn, OperatorAddOn } from '@rentora/shared/operator';
import { sql } from 'kysely';
import type { Executor } from './executor';

const COLUMNS = ['id', 'label', 'price', 'per', 'offered'] as const;

type AddOnRow = Omit<OperatorAddOn, 'offered'> & { offered: 0 | 1 };
const toAddOn = ({ offered, ...row }: AddOnRow): OperatorAddOn => ({ ...row, offered: offered === 1 });
const flag = (value: boolean) => (value ? 1 : 0);

/** Every add-on, withdrawn ones too, in the order they were added. */
export async function listAddOns(db: Executor): Promise<OperatorAddOn[]> {
  return (await db.selectFrom('add_ons').select(COLUMNS).orderBy('id').execute()).map(toAddOn);
}

/** The add-ons offered now, as the public sees them. */
export async function listOfferedAddOns(db: Executor): Promise<AddOn[]> {
  return db
    .selectFrom('add_ons')
    .select(['id', 'label', 'price', 'per'])
    .where('offered', '=', 1)
    .orderBy('id')
    .execute();
}

/** The add-ons with these ids, offered or not; an unknown id is simply not among them. */
export async function findAddOns(db: Executor, ids: readonly number[]): Promise<OperatorAddOn[]> {
  if (ids.length === 0) return [];
  return (await db.selectFrom('add_ons').select(COLUMNS).where('id', 'in', ids).orderBy('id').execute()).map(toAddOn);
}

export async function insertAddOn(db: Executor, addOn: NewAddOn): Promise<OperatorAddOn> {
  const row = await db
    .insertInto('add_ons')
    .values({ ...addOn, offered: flag(addOn.offered ?? true) })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return toAddOn(row);
}

export async function updateAddOn(
  db: Executor,
  id: number,
  changes: Partial<Omit<OperatorAddOn, 'id'>>,
): Promise<OperatorAddOn> {
  const { offered, ...rest } = changes;
  const row = await db
    .updateTable('add_ons')
    .set({
      ...rest,
      ...(offered === undefined ? {} : { offered: flag(offered) }),
      updated_at: sql<string>`CURRENT_TIMESTAMP`,
    })
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return toAddOn(row);
}
