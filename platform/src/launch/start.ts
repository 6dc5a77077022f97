import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildStale } from './build';
import { findRepoRoot } from './repo';

/** `npm start`: build what is stale, then run the composed site until Ctrl-C. */
async function start(): Promise<void> {
  await buildStale();
  const serve = spawn(
    process.execPath,
    ['--enable-source-maps', path.join(findRepoRoot(), 'platform/dist/serve.cjs')],
    {
      stdio: 'inherit',
      env: { LOG_LEVEL: 'warn', ...process.env },
    },
  );
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => serve.kill(signal));
  }
  serve.on('exit', (code) => process.exit(code ?? 0));
}

start().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
