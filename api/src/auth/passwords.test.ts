import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { findUserByEmail } from '../repositories/users';
import { caller } from '../testing/test-app';
import { PRODUCTION_PASSWORD_COST, TEST_PASSWORD_COST, passwordsAt } from './passwords';

// A whole app and one hash at production's cost (128 MiB): slow on a busy 2-core machine.
jest.setTimeout(60_000);

describe('password hashing', () => {
  const passwords = passwordsAt(TEST_PASSWORD_COST);

  it('accepts the password a hash was made from, and no other', async () => {
    const stored = await passwords.hash('correct-horse-battery');
    expect(stored).toMatch(new RegExp(`^scrypt\\$${TEST_PASSWORD_COST}\\$8\\$1\\$`));
    await expect(passwords.verify('correct-horse-battery', stored)).resolves.toBe(true);
    await expect(passwords.verify('correct-horse-battery!', stored)).resolves.toBe(false);
  });

  it('checks a hash at the cost written in it, whatever its own cost', async () => {
    const stored = await passwordsAt(2 * TEST_PASSWORD_COST).hash('correct-horse-battery');
    await expect(passwords.verify('correct-horse-battery', stored)).resolves.toBe(true);
  });

  it('refuses every password when there is no stored hash (an unknown email)', async () => {
    await expect(passwords.verify('correct-horse-battery', undefined)).resolves.toBe(false);
    await expect(passwords.verify('', undefined)).resolves.toBe(false);
  });

  it("hashes at production's cost in an API configured from the environment, whatever it says", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'rentora-passwords-'));
    const env = {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      // Names a lower cost might be looked for under: none is read.
      PASSWORD_COST: String(TEST_PASSWORD_COST),
      SCRYPT_COST: String(TEST_PASSWORD_COST),
      NODE_ENV: 'test',
    };
    const app = await buildApp(loadConfig(env));
    try {
      const call = caller(await app.listen({ host: '127.0.0.1', port: 0 }));
      const account = { name: 'Cost Rider', email: 'cost@example.com', password: 'correct-horse-battery' };
      expect((await call('POST', '/api/user/register', { body: { ...account, avatar: 'avatar1' } })).status).toBe(201);
      const stored = (await findUserByEmail(app.db, account.email))?.password_hash;
      expect(stored).toMatch(new RegExp(`^scrypt\\$${PRODUCTION_PASSWORD_COST}\\$8\\$1\\$`));
    } finally {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
