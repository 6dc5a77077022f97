import { passwordsAt } from './auth/passwords';
import type { AppConfig } from './config';
import { openDatabase } from './db/connect';
import { migrateToLatest } from './db/migrate';
import { seedFleet } from './db/seed';
import { createAdmin } from './services/team';

/**
 * `create-admin`: an admin of a deployment (its first, or one more when none can sign in), from
 * ADMIN_EMAIL and ADMIN_PASSWORD (and ADMIN_NAME), against the database the API would use.
 * Migrates and seeds first, so it works on a database the API has never opened. Answers what it
 * did; throws when it refuses.
 */
export async function createAdminCommand(config: AppConfig, env: NodeJS.ProcessEnv): Promise<string> {
  const { db } = openDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    limits: config.databaseLimits,
    onConnectionError: () => {},
  });
  try {
    await migrateToLatest(db);
    await seedFleet(db);
    return await createAdmin(db, passwordsAt(config.passwordCost), {
      email: env.ADMIN_EMAIL,
      password: env.ADMIN_PASSWORD,
      name: env.ADMIN_NAME,
    });
  } finally {
    await db.destroy();
  }
}
