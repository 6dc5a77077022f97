import { chmod, chown, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app';
import { SECRET_FILE_NAME } from '../auth/secret';
import { testConfig } from '../testing/test-config';
import { SQLITE_FILE_NAME } from './connect';

jest.setTimeout(30_000);

const modeOf = async (file: string) => (await stat(file)).mode & 0o777;

/** A data folder of the test's making, and the API started on it with the secret generated there. */
async function withDataDir(prepare: (dataDir: string) => Promise<void>, check: (dataDir: string) => Promise<void>) {
  const parent = await mkdtemp(path.join(os.tmpdir(), 'rentora-modes-'));
  const dataDir = path.join(parent, 'data');
  try {
    await prepare(dataDir);
    await check(dataDir);
  } finally {
    await rm(parent, { recursive: true, force: true });
  }
}

const startOn = async (dataDir: string) => {
  const app = await buildApp(testConfig(dataDir, { jwtSecret: undefined }));
  await app.ready();
  return app;
};

const withSecret = (content: string, mode: number) => async (dataDir: string) => {
  await mkdir(dataDir, { mode: 0o700 });
  await writeFile(path.join(dataDir, SECRET_FILE_NAME), content, { mode });
  await chmod(path.join(dataDir, SECRET_FILE_NAME), mode);
};

const GOOD_SECRET = 'k'.repeat(48);

describe('the data folder', () => {
  it('is created owner-only, with owner-only database files and secret', async () => {
    await withDataDir(
      async () => {},
      async (dataDir) => {
        const app = await startOn(dataDir);
        await app.db.updateTable('vehicles').set({ price_per_day: 4321 }).where('id', '=', 1).execute();
        const database = path.join(dataDir, SQLITE_FILE_NAME);
        const files = [database, `${database}-wal`, `${database}-shm`, path.join(dataDir, SECRET_FILE_NAME)];
        expect(await modeOf(dataDir)).toBe(0o700);
        expect(await Promise.all(files.map(modeOf))).toEqual([0o600, 0o600, 0o600, 0o600]);
        await app.close();
      },
    );
  });

  it('is tightened to owner-only when it already exists wider', async () => {
    await withDataDir(
      async (dataDir) => {
        await mkdir(dataDir);
        await chmod(dataDir, 0o755);
      },
      async (dataDir) => {
        const app = await startOn(dataDir);
        expect(await modeOf(dataDir)).toBe(0o700);
        await app.close();
      },
    );
  });
});

describe('an existing JWT secret file', () => {
  it('is used when it is owner-only and long enough', async () => {
    await withDataDir(withSecret(GOOD_SECRET, 0o600), async (dataDir) => {
      const app = await startOn(dataDir);
      const token = app.tokens.issue(1, 0);
      await app.close();
      const again = await startOn(dataDir);
      expect(again.tokens.verify(token)?.userId).toBe(1);
      await again.close();
    });
  });

  it.each([
    ['readable by others', GOOD_SECRET, 0o644, /other users may use it \(mode 644; it must be 600\)/],
    ['readable by its group', GOOD_SECRET, 0o640, /mode 640/],
    ['shorter than 32 characters', 'too-short-a-secret', 0o600, /it holds 18 characters, fewer than 32/],
  ])('is refused, with a clear message, when it is %s', async (_case, content, mode, problem) => {
    await withDataDir(withSecret(content, mode), async (dataDir) => {
      const starting = startOn(dataDir);
      await expect(starting).rejects.toThrow(/^The JWT secret file .*jwt-secret cannot be trusted: /);
      await expect(starting).rejects.toThrow(problem);
    });
  });

  // Only root can give a file to another user.
  const asRoot = process.getuid?.() === 0 ? it : it.skip;
  asRoot('is refused when it belongs to another user', async () => {
    await withDataDir(
      async (dataDir) => {
        await withSecret(GOOD_SECRET, 0o600)(dataDir);
        await chown(path.join(dataDir, SECRET_FILE_NAME), 65534, 65534);
      },
      async (dataDir) => {
        await expect(startOn(dataDir)).rejects.toThrow(/it belongs to user 65534, not to this process's user 0/);
      },
    );
  });
});
