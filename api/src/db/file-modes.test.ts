import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app';
import { SECRET_FILE_NAME } from '../auth/secret';
import { testConfig } from '../testing/test-config';
import { SQLITE_FILE_NAME } from './connect';

jest.setTimeout(30_000);

const modeOf = async (file: string) => (await stat(file)).mode & 0o777;

describe('the data folder', () => {
  it('is created owner-only, with owner-only database files and secret', async () => {
    const parent = await mkdtemp(path.join(os.tmpdir(), 'rentora-modes-'));
    const dataDir = path.join(parent, 'data');
    try {
      const app = await buildApp(testConfig(dataDir, { jwtSecret: undefined }));
      await app.ready();
      await app.db.updateTable('vehicles').set({ price_per_day: 4321 }).where('id', '=', 1).execute();
      const database = path.join(dataDir, SQLITE_FILE_NAME);
      const files = [database, `${database}-wal`, `${database}-shm`, path.join(dataDir, SECRET_FILE_NAME)];
      expect(await modeOf(dataDir)).toBe(0o700);
      expect(await Promise.all(files.map(modeOf))).toEqual([0o600, 0o600, 0o600, 0o600]);
      await app.close();
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  });
});
