import type { Role } from '@rentora/shared/operator';
import { checkCredentials } from '@rentora/shared/rules';
import type { Kysely } from 'kysely';
import { hashPassword } from '../auth/passwords';
import type { Engine } from '../db/connect';
import type { Database } from '../db/schema';
import { runInTransaction } from '../db/transaction';
import { ApiError } from '../errors';
import { recordAudit } from '../repositories/audit';
import { findUserByEmail, insertUser, lockAdmins, setRole } from '../repositories/users';

export const NO_SUCH_ACCOUNT = 'There is no account with this email.';
export const LAST_ADMIN = 'You are the last admin, so you cannot give up the admin role.';

const ROLE_NAMES: Record<Role, string> = { customer: 'a customer', operator: 'an operator', admin: 'an admin' };
export const roleChanged = (email: string, role: Role) => `${email} is now ${ROLE_NAMES[role]}.`;

/** An admin gives an account a role; the last admin cannot step down (docs/decisions/0017-operator-side.md). */
export async function changeRole(
  db: Kysely<Database>,
  engine: Engine,
  actorEmail: string,
  email: string,
  role: Exclude<Role, 'admin'>,
): Promise<string> {
  return runInTransaction(db, async (trx) => {
    const admins = await lockAdmins(trx, engine);
    const account = await findUserByEmail(trx, email);
    if (account === undefined) throw new ApiError(404, NO_SUCH_ACCOUNT);
    if (account.role === 'admin' && admins.length === 1) throw new ApiError(409, LAST_ADMIN);
    if (account.role !== role) {
      await setRole(trx, account.id, role);
      await recordAudit(trx, {
        actor: actorEmail,
        action: 'role.changed',
        subject: `user:${account.email}`,
        before: { role: account.role },
        after: { role },
      });
    }
    return roleChanged(account.email, role);
  });
}

export class CreateAdminRefused extends Error {
  override name = 'CreateAdminRefused';
}

export const ADMIN_EXISTS = (email: string) =>
  `An admin already exists (${email}). More staff are added by an admin, not by this command.`;
export const ADMIN_ENV_MISSING = 'Set ADMIN_EMAIL, and ADMIN_PASSWORD for a new account.';

/**
 * The first admin: creates the account, or promotes the existing one with that email (its
 * password is kept). Refused once any admin exists, so the command cannot take over a running site.
 */
export async function createFirstAdmin(
  db: Kysely<Database>,
  engine: Engine,
  given: { email?: string; password?: string; name?: string },
): Promise<string> {
  const email = given.email?.trim().toLowerCase() ?? '';
  if (email === '') throw new CreateAdminRefused(ADMIN_ENV_MISSING);
  return runInTransaction(db, async (trx) => {
    const admins = await lockAdmins(trx, engine);
    const [admin] = admins;
    if (admin !== undefined) {
      const existing = await trx.selectFrom('users').select('email').where('id', '=', admin).executeTakeFirstOrThrow();
      throw new CreateAdminRefused(ADMIN_EXISTS(existing.email));
    }
    const account = await findUserByEmail(trx, email);
    if (account !== undefined) {
      await setRole(trx, account.id, 'admin');
      await recordAudit(trx, {
        actor: email,
        action: 'role.changed',
        subject: `user:${email}`,
        before: { role: account.role },
        after: { role: 'admin' },
      });
      return `${email} was promoted to admin.`;
    }
    const password = given.password ?? '';
    const check = checkCredentials({ email, password });
    if (!check.ok) throw new CreateAdminRefused(password === '' ? ADMIN_ENV_MISSING : check.message);
    const { id } = await insertUser(trx, {
      name: given.name?.trim() || 'Administrator',
      email,
      password_hash: await hashPassword(password),
      avatar: 'avatar1',
    });
    await setRole(trx, id, 'admin');
    await recordAudit(trx, {
      actor: email,
      action: 'role.changed',
      subject: `user:${email}`,
      before: null,
      after: { role: 'admin' },
    });
    return `The admin account ${email} was created.`;
  });
}
