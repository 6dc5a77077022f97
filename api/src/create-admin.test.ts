import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createAdminCommand } from './create-admin';
import { bundledMainFile } from './testing/child-api';
import { ENGINES, TEST_PASSWORD, type Call, caller } from './testing/test-app';
import { createPostgresDatabase } from './testing/postgres-database';
import { buildApp } from './app';
import { TEST_JWT_SECRET, testConfig } from './testing/test-config';
import { ADMIN_ENV_MISSING, emailTakenByAnother } from './services/team';

jest.setTimeout(60_000);

/** A database of its own per test, on the engine under test: its folder, and its PostgreSQL database there. */
function useDatabase(engine: (typeof ENGINES)[number]) {
  const state = {} as { dataDir: string; postgres?: Awaited<ReturnType<typeof createPostgresDatabase>> };
  beforeEach(async () => {
    state.dataDir = await mkdtemp(path.join(os.tmpdir(), 'rentora-admin-'));
    state.postgres = engine === 'postgres' ? await createPostgresDatabase() : undefined;
  });
  afterEach(async () => {
    await state.postgres?.drop();
    await rm(state.dataDir, { recursive: true, force: true });
  });
  return {
    config: () => testConfig(state.dataDir, { databaseUrl: state.postgres?.url }),
    /** What the command reads to find the database, as a deployment sets it. */
    env: (): Record<string, string> =>
      state.postgres === undefined
        ? { DATA_DIR: state.dataDir }
        : { DATA_DIR: state.dataDir, DATABASE_URL: state.postgres.url, JWT_SECRET: TEST_JWT_SECRET },
  };
}

/** The API on the same database, while `work` runs. */
async function withApi<T>(
  config: ReturnType<typeof testConfig>,
  work: (call: Call, app: FastifyInstance) => Promise<T>,
): Promise<T> {
  const app = await buildApp(config);
  try {
    return await work(caller(await app.listen({ host: '127.0.0.1', port: 0 })), app);
  } finally {
    await app.close();
  }
}

const logIn = async (call: Call, email: string, password: string) => {
  const answer = await call('POST', '/api/user/login', { body: { email, password } });
  return { status: answer.status, auth: { authorization: `Bearer ${(answer.body as { token?: string }).token}` } };
};
const roleOf = async (call: Call, auth: Record<string, string>) =>
  ((await call('GET', '/api/user', { headers: auth })).body as { role: string }).role;

/** The command as an operator runs it (`node api/dist/main.cjs create-admin`): its own process, its exit code and what it prints. */
function runCommand(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [bundledMainFile(), 'create-admin'], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

describe.each(ENGINES)('create-admin on %s', (engine) => {
  const database = useDatabase(engine);

  it('asks for the email and password it needs', async () => {
    await expect(createAdminCommand(database.config(), {})).rejects.toThrow(ADMIN_ENV_MISSING);
    await expect(createAdminCommand(database.config(), { ADMIN_EMAIL: 'boss@example.com' })).rejects.toThrow(
      ADMIN_ENV_MISSING,
    );
    await expect(
      createAdminCommand(database.config(), { ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'short' }),
    ).rejects.toThrow('Password must be at least 8 characters long.');
  });

  it('creates an admin on a database never opened, who logs in and reaches the team page; a second admin too', async () => {
    const env = { ADMIN_EMAIL: 'Boss@Example.com', ADMIN_PASSWORD: TEST_PASSWORD };
    expect(await createAdminCommand(database.config(), env)).toBe('The admin account boss@example.com was created.');
    // Run again as it was: nothing to do. Another email: one more admin, the way back when none can sign in.
    expect(await createAdminCommand(database.config(), env)).toBe('boss@example.com is already an admin.');
    expect(await createAdminCommand(database.config(), { ...env, ADMIN_EMAIL: 'second@example.com' })).toBe(
      'The admin account second@example.com was created.',
    );

    await withApi(database.config(), async (call) => {
      for (const email of ['boss@example.com', 'second@example.com']) {
        const { auth } = await logIn(call, email, TEST_PASSWORD);
        expect(await roleOf(call, auth)).toBe('admin');
        expect((await call('GET', '/api/operator/users', { headers: auth })).status).toBe(200);
      }
    });
  });

  it('promotes an existing account only with its own password, keeping it', async () => {
    await withApi(database.config(), async (call) => {
      const account = { name: 'Asha', email: 'asha@example.com', password: TEST_PASSWORD, avatar: 'avatar3' };
      expect((await call('POST', '/api/user/register', { body: account })).status).toBe(201);
      expect(
        await createAdminCommand(database.config(), { ADMIN_EMAIL: 'asha@example.com', ADMIN_PASSWORD: TEST_PASSWORD }),
      ).toBe('asha@example.com was promoted to admin.');
      const { auth } = await logIn(call, account.email, TEST_PASSWORD);
      expect(await roleOf(call, auth)).toBe('admin');
    });
  });
});

describe.each(ENGINES)('the create-admin command on %s', (engine) => {
  const database = useDatabase(engine);

  it('exits 0 after creating an admin, and again for one more', async () => {
    const env = { ...database.env(), ADMIN_EMAIL: 'root@example.com', ADMIN_PASSWORD: TEST_PASSWORD };
    expect(await runCommand(env)).toEqual({ code: 0, output: 'The admin account root@example.com was created.\n' });
    expect(await runCommand({ ...env, ADMIN_EMAIL: 'second@example.com' })).toEqual({
      code: 0,
      output: 'The admin account second@example.com was created.\n',
    });
  });

  it('refuses, exit 1 and nothing changed, an email someone else registered with another password', async () => {
    await withApi(database.config(), async (call, app) => {
      const squatter = {
        name: 'Squatter',
        email: 'owner@example.com',
        password: 'the-squatters-own-9',
        avatar: 'avatar4',
      };
      const signedUp = await call('POST', '/api/user/register', { body: squatter });
      expect(signedUp.status).toBe(201);
      const squatterAuth = { authorization: `Bearer ${(signedUp.body as { token: string }).token}` };
      const auditBefore = await app.db.selectFrom('audit_log').select('id').execute();

      const refused = await runCommand({
        ...database.env(),
        ADMIN_EMAIL: 'Owner@Example.com',
        ADMIN_PASSWORD: 'the-owners-password-7',
      });
      expect(refused).toEqual({ code: 1, output: `${emailTakenByAnother('owner@example.com')}\n` });
      expect(refused.output).toContain('another ADMIN_EMAIL');
      expect(refused.output).toContain('team page (/operator/team)');

      // Nothing changed: still a customer, the squatter's session and password as they were, the owner's refused.
      expect(await roleOf(call, squatterAuth)).toBe('customer');
      expect((await call('GET', '/api/operator/vehicles', { headers: squatterAuth })).status).toBe(403);
      expect((await logIn(call, squatter.email, squatter.password)).status).toBe(200);
      expect((await logIn(call, squatter.email, 'the-owners-password-7')).status).toBe(401);
      expect(await app.db.selectFrom('audit_log').select('id').execute()).toEqual(auditBefore);

      // With the account's own password it is promoted: whoever runs it knows the account.
      expect(
        await runCommand({ ...database.env(), ADMIN_EMAIL: squatter.email, ADMIN_PASSWORD: squatter.password }),
      ).toEqual({ code: 0, output: 'owner@example.com was promoted to admin.\n' });
      expect(await roleOf(call, squatterAuth)).toBe('admin');
    });
  });
});
