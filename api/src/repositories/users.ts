import type { Role, TeamMember } from '@rentora/shared/operator';
import type { NewUser, UserRow } from '../db/schema';
import type { Engine } from '../db/connect';
import { precompiled } from '../db/precompiled';
import type { Executor } from './executor';

export type Account = Pick<UserRow, 'id' | 'name' | 'email' | 'avatar' | 'role'>;

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

/** Creates the account; answers its id and token version. */
export async function insertUser(db: Executor, user: NewUser): Promise<Pick<UserRow, 'id' | 'token_version'>> {
  return db
    .insertInto('users')
    .values({ ...user, email: user.email.toLowerCase() })
    .returning(['id', 'token_version'])
    .executeTakeFirstOrThrow();
}

// Taken by every booking: precompiled (db/precompiled.ts).
const lockedUser = precompiled((db: Executor, id: number) =>
  db.selectFrom('users').select('id').where('id', '=', id).forUpdate(),
);

/**
 * Serialises one user's writes on PostgreSQL (row lock until commit). SQLite needs nothing
 * here: its BEGIN IMMEDIATE already serialises every writer.
 */
export async function lockUser(db: Executor, engine: Engine, id: number): Promise<void> {
  if (engine !== 'postgres') return;
  await lockedUser(db, id);
}

export async function setRole(db: Executor, userId: number, role: Role): Promise<void> {
  await db.updateTable('users').set({ role }).where('id', '=', userId).execute();
}

/**
 * The admins' ids, locked on PostgreSQL until commit: two admins demoting each other at once
 * are serialised, so the second sees the first's change and the last admin always stays.
 */
export async function lockAdmins(db: Executor, engine: Engine): Promise<number[]> {
  let query = db.selectFrom('users').select('id').where('role', '=', 'admin');
  if (engine === 'postgres') query = query.forUpdate();
  return (await query.execute()).map((row) => row.id);
}

/** Operators and admins, admins first, then by email. */
export async function listStaff(db: Executor): Promise<TeamMember[]> {
  return db
    .selectFrom('users')
    .select(['email', 'name', 'role'])
    .where('role', '<>', 'customer')
    .orderBy((eb) => eb.case().when('role', '=', 'admin').then(0).else(1).end())
    .orderBy('email')
    .execute();
}
