import { type ChildProcess, spawn } from 'node:child_process';
import { type Call, caller } from './test-app';

const LISTENING = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/;
const START_TIMEOUT_MS = 20_000;

export interface ChildApi {
  child: ChildProcess;
  port: number;
  call: Call;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  /** Everything the process wrote so far. */
  output(): string;
}

/** `api/src/main.ts` bundled as production runs it, by Jest's global setup (./bundled-main.ts), for this run. */
export function bundledMainFile(): string {
  const file = process.env.RENTORA_TEST_API_MAIN;
  if (!file) throw new Error('Jest’s global setup bundled no API main (RENTORA_TEST_API_MAIN).');
  return file;
}

/** The real `main.ts`, bundled, in its own process, configured by `env` (PORT 0 on 127.0.0.1). */
export async function startChildApi(env: Record<string, string>): Promise<ChildApi> {
  const child = spawn(process.execPath, [bundledMainFile()], {
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown'));
  });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`API did not start:\n${output}`)), START_TIMEOUT_MS);
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      const match = LISTENING.exec(output);
      if (match?.[1] !== undefined) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`API exited (${code}) before listening:\n${output}`));
    });
  });
  return { child, port: Number(new URL(baseUrl).port), call: caller(baseUrl), exited, output: () => output };
}

/** Ends the child if it still runs (after a test failed half-way). */
export async function stopChildApi(api: ChildApi | undefined): Promise<void> {
  if (api === undefined || api.child.exitCode !== null || api.child.signalCode !== null) return;
  api.child.kill('SIGKILL');
  await api.exited;
}
