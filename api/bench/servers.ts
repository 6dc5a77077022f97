import { type ChildProcess, type Serializable, spawn } from 'node:child_process';
import path from 'node:path';

/** What a row's fresh database holds besides the fleet. */
export interface RowData {
  /** Riders, each with a token. */
  riders: number;
  /** An operator, with a token. */
  operator: boolean;
  /** Rentals of past and coming years (bench/rental-history.ts), by the row's riders. */
  history: number;
}

/** A row's API, as bench/api-host.ts answers it. */
export interface HostedApi {
  url: string;
  riderTokens: string[];
  operatorToken?: string;
  /** The API's process id. */
  pid: number;
}

const START_TIMEOUT_MS = 60_000;
/** A row's data may be 100,000 rentals on a busy PostgreSQL. */
export const OPEN_TIMEOUT_MS = 300_000;
const QUERY_TIMEOUT_MS = 30_000;
const KILL_AFTER_MS = 5_000;

/**
 * Asks a bench server something over IPC (or nothing: waits for what it says) and waits for the
 * answer that has `field`. Fails if it answers `{ error }`, exits, or has not answered in `timeoutMs`.
 */
export function ask<T>(
  child: ChildProcess,
  question: Serializable | undefined,
  field: string,
  timeoutMs = QUERY_TIMEOUT_MS,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      child.off('message', onMessage).off('exit', onExit);
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
      done();
      reject(
        new Error(`a bench server exited (${code ?? signal}) before answering ${JSON.stringify(question ?? field)}`),
      );
    };
    const onMessage = (message: unknown) => {
      if (typeof message !== 'object' || message === null) return;
      if ('error' in message) {
        done();
        const error = new Error(String(message.error));
        if ('stack' in message && typeof message.stack === 'string') error.stack = message.stack;
        reject(error);
      } else if (field in message) {
        done();
        resolve((message as Record<string, unknown>)[field] as T);
      }
    };
    const timer = setTimeout(() => {
      done();
      reject(
        new Error(`a bench server did not answer ${JSON.stringify(question ?? field)} within ${timeoutMs / 1000} s`),
      );
    }, timeoutMs);
    if (child.exitCode !== null || child.signalCode !== null) {
      onExit(child.exitCode, child.signalCode);
      return;
    }
    child.on('message', onMessage).once('exit', onExit);
    if (question !== undefined) child.send(question);
  });
}

/** The CPU time (user + system, µs) a bench server has used. */
export const cpuOf = (child: ChildProcess) => ask<number>(child, 'cpu', 'cpuMicros');

/** A bench server's resident memory after a garbage collection, in bytes. */
export const rssOf = (child: ChildProcess) => ask<number>(child, 'rss', 'rss');

/**
 * The servers of one bench run, each in a process of its own (so the load generator never shares
 * its event loop): one process per kind, started on first use and kept for the next rows; a
 * failed row or an interrupt stops them all, and the next row starts new ones.
 */
export class BenchServers {
  private readonly running = new Map<string, { child: ChildProcess; ready: Promise<unknown> }>();

  /**
   * The process of `bench/<file>`, started unless it runs, with what it sent as `{ ready }` once
   * started (the bare server: its URL).
   */
  async server<T = unknown>(
    file: string,
    options: { nodeOptions?: string[] } = {},
  ): Promise<{ child: ChildProcess; ready: T }> {
    let entry = this.running.get(file);
    if (entry === undefined) {
      const child = spawn(
        process.execPath,
        [...(options.nodeOptions ?? []), '--import', 'tsx', path.join(__dirname, file)],
        { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] },
      );
      entry = { child, ready: ask(child, undefined, 'ready', START_TIMEOUT_MS) };
      this.running.set(file, entry);
      child.once('exit', () => {
        if (this.running.get(file)?.child === child) this.running.delete(file);
      });
    }
    try {
      return { child: entry.child, ready: (await entry.ready) as T };
    } catch (error) {
      await stop(entry.child);
      throw error;
    }
  }

  async stopAll(): Promise<void> {
    const children = [...this.running.values()].map(({ child }) => child);
    this.running.clear();
    await Promise.all(children.map(stop));
  }
}

/** SIGTERM, then SIGKILL if it has not exited KILL_AFTER_MS later. */
function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const kill = setTimeout(() => child.kill('SIGKILL'), KILL_AFTER_MS);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
