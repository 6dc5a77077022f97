import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createAdminCommand } from './create-admin';
import { ENGINES, TEST_PASSWORD, caller } from './testing/test-app';
import { createPostgresDatabase } from './testing/postgres-database';
import { buildApp } from './app';
import { testConfig } from './testing/test-config';
import { ADMIN_ENV_MISSING, ADMIN_EXISTS } from './services/team';

jest.setTimeout(60_000);

describe.each(ENGINES)('create-admin on %s', (engine) => {
  let dataDir: string;
  let postgres: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'rentora-admin-'));
    postgres = engine === 'postgres' ? await createPostgresDatabase() : undefined;
  });
  afterAll(async () => {
    await postgres?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });
  const config = () => testConfig(dataDir, { databaseUrl: postgres?.url });

  it('asks for the email and password it needs', async () => {
    await expect(createAdminCommand(config(), {})).rejects.toThrow(ADMIN_ENV_MISSING);
    await expect(createAdminCommand(config(), { ADMIN_EMAIL: 'boss@example.com' })).rejects.toThrow(ADMIN_ENV_MISSING);
    await expect(
      createAdminCommand(config(), { ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'short' }),
    ).rejects.toThrow('Password must be at least 8 characters long.');
  });

  it('creates an admin on a database never opened, who logs in and reaches the team page; then refuses', async () => {
    const env = { ADMIN_EMAIL: 'Boss@Example.com', ADMIN_PASSWORD: TEST_PASSWORD };
    expect(await createAdminCommand(config(), env)).toBe('The admin account boss@example.com was created.');
    await expect(createAdminCommand(config(), { ADMIN_EMAIL: 'other@example.com' })).rejects.toThrow(
      ADMIN_EXISTS('boss@example.com'),
    );

    const app = await buildApp(config());
    try {
      const call = caller(await app.listen({ host: '127.0.0.1', port: 0 }));
      const login = await call('POST', '/api/user/login', {
        body: { email: 'boss@example.com', password: TEST_PASSWORD },
      });
      const auth = { authorization: `Bearer ${(login.body as { token: string }).token}` };
      expect((await call('GET', '/api/user', { headers: auth })).body).toMatchObject({ role: 'admin' });
      expect((await call('GET', '/api/operator/users', { headers: auth })).status).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('create-admin promoting an account', () => {
  it('promotes an existing account, keeping its password', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'rentora-admin-'));
    try {
      const app = await buildApp(testConfig(dataDir));
      const call = caller(await app.listen({ host: '127.0.0.1', port: 0 }));
      const account = { name: 'Asha', email: 'asha@example.com', password: TEST_PASSWORD, avatar: 'avatar3' };
      expect((await call('POST', '/api/user/register', { body: account })).status).toBe(201);
      expect(await createAdminCommand(testConfig(dataDir), { ADMIN_EMAIL: 'asha@example.com' })).toBe(
        'asha@example.com was promoted to admin.',
      );
      const login = await call('POST', '/api/user/login', { body: { email: account.email, password: TEST_PASSWORD } });
      const auth = { authorization: `Bearer ${(login.body as { token: string }).token}` };
      expect((await call('GET', '/api/user', { headers: auth })).body).toMatchObject({ role: 'admin' });
      await app.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

/** The command as an operator runs it: its own process, its exit code and what it prints. */
function runCommand(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const main = path.join(__dirname, 'main.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', main, 'create-admin'], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

describe('the create-admin command', () => {
  it('exits 0 after creating the admin, and 1 with the reason once an admin exists', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'rentora-admin-'));
    try {
      const env = { DATA_DIR: dataDir, ADMIN_EMAIL: 'root@example.com', ADMIN_PASSWORD: TEST_PASSWORD };
      expect(await runCommand(env)).toEqual({ code: 0, output: 'The admin account root@example.com was created.\n' });
      expect(await runCommand({ ...env, ADMIN_EMAIL: 'second@example.com' })).toEqual({
        code: 1,
        output: `${ADMIN_EXISTS('root@example.com')}\n`,
      });
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
