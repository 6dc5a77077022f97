import type { NewUser, UserRow } from '../db/schema';
import type { Engine } from '../db/connect';
import { precompiled } from '../db/precompiled';
import type { Executor } from './executor';

export type Account = Pick<UserRow, 'id' | 'name' | 'email' | 'avatar'>;

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

const accountsById = precompiled((db: Executor, id: number) =>
  db.selectFrom('users').select(['id', 'name', 'email', 'avatar']).where('id', '=', id),
);

/** Read on every signed-in request: precompiled. */
export async function findAccount(db: Executor, id: number): Promise<Account | undefined> {
  const [account] = await accountsById(db, id);
  return account;
}

export async function insertUser(db: Executor, user: NewUser): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({ ...user, email: user.email.toLowerCase() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Serialises one user's writes on PostgreSQL (row lock until commit). SQLite needs nothing
 * here: its BEGIN IMMEDIATE already serialises every writer.
 */
export async function lockUser(db: Executor, engine: Engine, id: number): Promise<void> {
  if (engine !== 'postgres') return;
  await db.selectFrom('users').select('id').where('id', '=', id).forUpdate().execute();
}
