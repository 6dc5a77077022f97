import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app';
import { SECRET_FILE_NAME } from '../auth/secret';
import { testConfig } from '../testing/test-config';

// Whole-app tests with scrypt hashing and fresh databases: slow on a busy 2-core machine.
jest.setTimeout(30_000);

describe('a restart on the same data folder', () => {
  it('keeps data, never re-seeds over it, and keeps one generated JWT secret (mode 0600)', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'rentora-restart-'));
    const config = testConfig(dataDir, { jwtSecret: undefined });
    try {
      const first = await buildApp(config);
      await first.ready();
      await first.db.updateTable('vehicles').set({ price_per_day: 12345 }).where('id', '=', 1).execute();
      const token = first.tokens.issue(1, 0);
      await first.close();

      const second = await buildApp(config);
      await second.ready();
      const vehicles = await second.db.selectFrom('vehicles').select(['id', 'price_per_day']).orderBy('id').execute();
      expect(vehicles).toHaveLength(46);
      expect(vehicles[0]).toEqual({ id: 1, price_per_day: 12345 });
      expect(second.tokens.verify(token)?.userId).toBe(1);
      await second.close();

      expect((await stat(path.join(dataDir, SECRET_FILE_NAME))).mode & 0o777).toBe(0o600);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
