import type { FastifyInstance } from 'fastify';
import { insertUser } from '../src/repositories/users';

export interface SeededRider {
  id: number;
  email: string;
  token: string;
}

/**
 * `count` riders written straight into the app's database, in one transaction, each with a token
 * the app signed: bookings need signed-in riders, and a sign-up through the API costs a password
 * hash (a good part of a second) each. `emailPrefix` keeps two seedings of one database apart.
 */
export async function seedRiders(
  app: FastifyInstance,
  count: number,
  passwordHash: string,
  emailPrefix = 'bench',
): Promise<SeededRider[]> {
  const riders: SeededRider[] = [];
  await app.db.transaction().execute(async (trx) => {
    for (let index = 0; index < count; index += 1) {
      const email = `${emailPrefix}${index}@example.com`;
      const { id, token_version: version } = await insertUser(trx, {
        name: `Bench Rider ${index}`,
        email,
        password_hash: passwordHash,
        avatar: 'avatar1',
      });
      riders.push({ id, email, token: app.tokens.issue(id, version) });
    }
  });
  return riders;
}
