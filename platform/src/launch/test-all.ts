import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { findRepoRoot } from './repo';

/**
 * `npm test`: every check of the repository, in stages; the steps of a stage run side by side,
 * and the first failure stops the run. On a 2-core machine the single-threaded checks (tsc,
 * ESLint) leave a core idle when run one after the other, and the builds need neither of them.
 * The browser-driven steps stay one after the other: they time what the pages do.
 * At the end it prints how long each step took, with the machine's load.
 */
interface Step {
  name: string;
  /** An npm script of the root, with its arguments. */
  script: string[];
}

const STAGES: Step[][] = [
  [
    { name: 'typecheck', script: ['run', 'typecheck'] },
    { name: 'lint', script: ['run', 'lint'] },
    { name: 'build', script: ['run', 'build:stale'] },
  ],
  [{ name: 'unit (Jest)', script: ['run', 'test:unit'] }],
  [{ name: 'build report', script: ['run', 'build:report'] }],
  [{ name: 'bench smoke', script: ['run', 'bench', '-w', 'platform', '--', '--smoke'] }],
  [{ name: 'browser suite', script: ['run', 'test:e2e'] }],
];

interface Finished {
  name: string;
  code: number;
  seconds: number;
  output: string;
}

const root = findRepoRoot();
const npm = process.env.npm_execpath;
const running = new Set<number>();

/** One step; beside others its output is held and printed whole when it ends, so steps do not interleave. */
function runStep({ name, script }: Step, alone: boolean): Promise<Finished> {
  const started = Date.now();
  const [command, args] = npm ? [process.execPath, [npm, ...script]] : ['npm', script];
  const child = spawn(command, args, {
    cwd: root,
    stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    // Its own process group, so a failure elsewhere stops it with everything it started.
    detached: true,
    env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0') },
  });
  if (child.pid) running.add(child.pid);
  const chunks: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      if (child.pid) running.delete(child.pid);
      const seconds = (Date.now() - started) / 1000;
      resolve({ name, code: code ?? (signal ? 1 : 0), seconds, output: Buffer.concat(chunks).toString() });
    });
  });
}

function stopAll(): void {
  for (const pid of running) {
    try {
      process.kill(-pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');

async function testAll(): Promise<number> {
  const started = Date.now();
  const loadAtStart = load();
  const times: Finished[] = [];
  let failed: string | undefined;
  for (const stage of STAGES) {
    const alone = stage.length === 1;
    if (!alone) process.stdout.write(`\n▶ ${stage.map(({ name }) => name).join(' + ')}, side by side\n`);
    const results = await Promise.all(
      stage.map(async (step) => {
        if (alone) process.stdout.write(`\n▶ ${step.name}\n`);
        const result = await runStep(step, alone);
        if (!alone) process.stdout.write(`\n── ${step.name} (${result.seconds.toFixed(0)} s) ──\n${result.output}`);
        if (result.code !== 0 && !failed) {
          failed = step.name;
          stopAll();
        }
        return result;
      }),
    );
    times.push(...results);
    if (failed) break;
  }
  const total = (Date.now() - started) / 1000;
  process.stdout.write('\nnpm test: time per step\n');
  for (const { name, seconds, code } of times) {
    process.stdout.write(`  ${name.padEnd(16)} ${seconds.toFixed(0).padStart(5)} s${code === 0 ? '' : '  FAILED'}\n`);
  }
  process.stdout.write(`  ${'total'.padEnd(16)} ${total.toFixed(0).padStart(5)} s\n`);
  process.stdout.write(`  load average (1, 5, 15 min): ${loadAtStart} at the start, ${load()} at the end\n`);
  if (failed) process.stderr.write(`npm test stopped: ${failed} failed.\n`);
  return failed ? 1 : 0;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stopAll();
    process.exit(1);
  });
}

testAll().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    stopAll();
    process.exit(1);
  },
);
