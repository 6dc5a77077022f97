import { ENGINES } from '../src/testing/test-app';
import { runApiBench } from './api-bench';
import { API_ROWS } from './api-rows';
import type { BenchRow } from './bench-row';
import { benchSettings, chooseRows } from './each-row';

/**
 * `npm run bench -w api` in smoke mode: every row once, briefly, on little data. Whether each row
 * runs, never how fast: a row that throws, or whose request the API refuses, fails the test.
 */
const SMOKE = benchSettings({}, ['--smoke']);
/**
 * On PostgreSQL, the rows whose data or writes take the engine's own paths (seeding, booking,
 * notifying); the others read what they read on SQLite, and a fresh PostgreSQL database a row costs seconds.
 */
const ON_POSTGRES = 'book-ride|operator|fan-out|webhook';
const RUN_MS = 240_000;

async function smoke(rows: readonly BenchRow[], databaseServer?: string) {
  let output = '';
  const failures = await runApiBench(rows, {
    settings: SMOKE,
    databaseServer,
    write: (text) => {
      output += text;
    },
    writeStack: () => undefined,
  });
  return { failures, output };
}

function isRunning(pid: number | undefined): boolean {
  if (pid === undefined) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('npm run bench -w api --smoke', () => {
  it.each(ENGINES)(
    'runs every row to its printed line on %s',
    async (engine) => {
      const rows = engine === 'sqlite' ? API_ROWS : chooseRows(API_ROWS, ON_POSTGRES);
      const { failures, output } = await smoke(rows, engine === 'postgres' ? process.env.TEST_DATABASE_URL : undefined);
      expect(failures).toEqual([]);
      for (const row of rows) expect(output).toContain(`\n${row.name}`);
    },
    RUN_MS,
  );

  it(
    'reports a row that throws and stops the servers it started; the next row still runs',
    async () => {
      const pids: Record<string, number | undefined> = {};
      const throwing: BenchRow = {
        name: 'throws on purpose',
        async measure({ api, servers }) {
          pids.api = api.pid;
          pids.bare = (await servers.server('bare-server.ts')).child.pid;
          throw new Error('broken on purpose');
        },
      };
      let stoppedBeforeTheNextRow = false;
      const next: BenchRow = {
        name: 'the next row',
        async measure({ api }) {
          stoppedBeforeTheNextRow = !isRunning(pids.api) && !isRunning(pids.bare) && api.pid !== pids.api;
          return 'the next row ran';
        },
      };
      const { failures, output } = await smoke([throwing, next, ...chooseRows(API_ROWS, '^GET /api/vehicles$')]);
      expect(failures).toEqual([{ row: 'throws on purpose', message: 'broken on purpose' }]);
      expect(output).toContain(`${'throws on purpose'.padEnd(30)} FAILED: broken on purpose\n`);
      expect(stoppedBeforeTheNextRow).toBe(true);
      expect(output).toContain('\nthe next row ran\n');
      expect(output).toContain('\nGET /api/vehicles ');
      expect(output).toContain('1 of 3 rows failed: throws on purpose\n');
    },
    RUN_MS,
  );
});
