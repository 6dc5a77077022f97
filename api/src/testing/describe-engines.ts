import type { AppConfig } from '../config';
import type { Engine } from '../db/connect';
import { ENGINES, type TestApp, createTestApp } from './test-app';

/**
 * Declares a block's hooks around a whole app on a database of its own: the app's parts are
 * filled in before the block's own beforeAll hooks run, and it is closed after the block's own
 * afterAll hooks (which may still need it: a second instance, a side connection).
 */
function withTestApp(engine: Engine, overrides: Partial<AppConfig>, body: (subject: TestApp) => void): void {
  const subject = {} as TestApp;
  let created: TestApp | undefined;
  beforeAll(async () => {
    created = await createTestApp(engine, overrides);
    Object.assign(subject, created);
  });
  body(subject);
  afterAll(() => created?.close());
}

/**
 * One block per engine under test: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. `%s`
 * in the title names the engine; `overrides` may depend on it.
 */
export function describeEachEngine(
  title: string,
  body: (subject: TestApp, engine: Engine) => void,
  overrides: Partial<AppConfig> | ((engine: Engine) => Partial<AppConfig>) = {},
): void {
  describe.each(ENGINES)(title, (engine) =>
    withTestApp(engine, typeof overrides === 'function' ? overrides(engine) : overrides, (subject) =>
      body(subject, engine),
    ),
  );
}

/** A block that needs PostgreSQL (several instances, its locks and timeouts); skipped without TEST_DATABASE_URL. */
export function describeOnPostgres(
  title: string,
  body: (subject: TestApp) => void,
  overrides: Partial<AppConfig> = {},
): void {
  const block = ENGINES.includes('postgres') ? describe : describe.skip;
  block(title, () => withTestApp('postgres', overrides, body));
}

/** A block on SQLite alone: what only the single-file engine does. */
export function describeOnSqlite(
  title: string,
  body: (subject: TestApp) => void,
  overrides: Partial<AppConfig> = {},
): void {
  describe(title, () => withTestApp('sqlite', overrides, body));
}
