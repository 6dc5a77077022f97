import type { Role } from '@rentora/shared/operator';
import { checkCredentials } from '@rentora/shared/rules';
import type { Kysely } from 'kysely';
import type { Passwords } from '../auth/passwords';
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

/**
 * An admin gives an account any role, admin too; the last admin cannot step down
 * (docs/decisions/0017-operator-side.md, docs/decisions/0020-staff-and-trust.md).
 */
export async function changeRole(
  db: Kysely<Database>,
  engine: Engine,
  actorEmail: string,
  email: string,
  role: Role,
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

export const ADMIN_ENV_MISSING = 'Set ADMIN_EMAIL and ADMIN_PASSWORD.';
export const emailTakenByAnother = (email: string) =>
  `The email ${email} is already taken by an account whose password is not ADMIN_PASSWORD, so nothing was changed. ` +
  `If that account is yours, run this again with its password. Otherwise run it with another ADMIN_EMAIL, then sign ` +
  `in as that admin and give ${email} its role on the team page (/operator/team).`;

/**
 * `create-admin` (docs/decisions/0020-staff-and-trust.md): creates an admin account, or promotes
 * the existing account with that email when ADMIN_PASSWORD is that account's own password, so
 * whoever registered an email first cannot be handed the admin seat. It works whether or not
 * admins exist: whoever can run it already holds the database, and it is the way back when the
 * last admin is gone.
 */
export async function createAdmin(
  db: Kysely<Database>,
  passwords: Passwords,
  given: { email?: string; password?: string; name?: string },
): Promise<string> {
  const email = given.email?.trim().toLowerCase() ?? '';
  const password = given.password ?? '';
  if (email === '' || password === '') throw new CreateAdminRefused(ADMIN_ENV_MISSING);
  return runInTransaction(db, async (trx) => {
    const account = await findUserByEmail(trx, email);
    if (account !== undefined) {
      if (!(await passwords.verify(password, account.password_hash))) {
        throw new CreateAdminRefused(emailTakenByAnother(email));
      }
      if (account.role === 'admin') return `${email} is already an admin.`;
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
    const check = checkCredentials({ email, password });
    if (!check.ok) throw new CreateAdminRefused(check.message);
    const { id } = await insertUser(trx, {
      name: given.name?.trim() || 'Administrator',
      email,
      password_hash: await passwords.hash(password),
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
