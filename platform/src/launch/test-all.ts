import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { findRepoRoot } from './repo';

/**
 * `npm test`: every check of the repository. Each step starts once the steps it waits for have
 * passed, beside whatever else is running, and the first failure stops the run. On a 2-core machine
 * the single-threaded checks (tsc, ESLint) leave a core idle when run one after the other, and the
 * builds need neither of them; Jest needs the builds (the contract tests read the manifests) and
 * waits for tsc, not for ESLint, which would otherwise keep the second core to itself for its last
 * minute or so. The browser-driven steps run alone, one after the other: they time what the pages do.
 * At the end it prints how long each step took, with the machine's load.
 */
interface Step {
  name: string;
  /** An npm script of the root, with its arguments. */
  script: string[];
  /** The steps that must have passed before this one starts. */
  after: string[];
}

const CHECKS = ['typecheck', 'lint', 'build', 'unit (Jest)'];

const STEPS: Step[] = [
  { name: 'typecheck', script: ['run', 'typecheck'], after: [] },
  { name: 'lint', script: ['run', 'lint'], after: [] },
  { name: 'build', script: ['run', 'build:stale'], after: [] },
  { name: 'unit (Jest)', script: ['run', 'test:unit'], after: ['typecheck', 'build'] },
  { name: 'build report', script: ['run', 'build:report'], after: CHECKS },
  {
    name: 'bench smoke',
    script: ['run', 'bench', '-w', 'platform', '--', '--smoke'],
    after: [...CHECKS, 'build report'],
  },
  { name: 'browser suite', script: ['run', 'test:e2e'], after: [...CHECKS, 'build report', 'bench smoke'] },
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

/** Runs every step once the steps it waits for have passed; resolves with the times of those that ran. */
function runSteps(): Promise<{ times: Finished[]; failed?: string }> {
  const times: Finished[] = [];
  const passed = new Set<string>();
  const started = new Set<string>();
  let failed: string | undefined;
  return new Promise((resolve) => {
    const startReady = () => {
      const ready = failed
        ? []
        : STEPS.filter((step) => !started.has(step.name) && step.after.every((name) => passed.has(name)));
      const running = started.size > times.length;
      if (ready.length === 0 && !running) {
        resolve({ times, failed });
        return;
      }
      // With other steps running, a step's output is held and printed whole when it ends, so outputs do not interleave.
      const alone = ready.length === 1 && !running;
      for (const step of ready) {
        started.add(step.name);
        process.stdout.write(`\n▶ ${step.name}${alone ? '' : ' (beside others: its output comes when it ends)'}\n`);
        void runStep(step, alone).then((result) => {
          times.push(result);
          if (!alone) process.stdout.write(`\n── ${step.name} (${result.seconds.toFixed(0)} s) ──\n${result.output}`);
          if (result.code === 0) passed.add(step.name);
          else if (!failed) {
            failed = step.name;
            stopAll();
          }
          startReady();
        });
      }
    };
    startReady();
  });
}

async function testAll(): Promise<number> {
  const started = Date.now();
  const loadAtStart = load();
  const { times, failed } = await runSteps();
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
