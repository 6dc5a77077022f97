import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { haproxyConfig } from './haproxy-config';
import { serverStates } from './haproxy-runtime';

/** What a cluster is made of; `clusterSettings` (cluster-settings.ts) reads it from the environment. */
export interface ClusterOptions {
  /** The site's instances, each on 127.0.0.1 at its port, named `i1`, `i2`, … */
  instancePorts: readonly number[];
  /** The port browsers use (HAProxy's) and its interface. */
  port: number;
  host: string;
  /** The remotes' ports, each served once (by one process) at its own origin. */
  remotePorts: readonly number[];
  /** The environment of every instance (the database, the secret, Redis, the site's URLs…). */
  instanceEnv: NodeJS.ProcessEnv;
  /** The environment of the process serving the remotes' files. */
  remotesEnv: NodeJS.ProcessEnv;
  /** `platform/dist/serve.cjs`. */
  serveFile: string;
  /** The HAProxy binary. */
  haproxy: string;
  /** HAProxy's connection limit; unset, it works it out from `ulimit -n`. */
  maxconn?: number;
  /** A folder of this cluster's own: HAProxy's configuration and runtime socket. */
  runDir: string;
  /** Each line the cluster's processes and the cluster itself say, named after who said it. */
  log: (who: string, line: string) => void;
}

/** A running instance: its name, port and current process. */
export interface Instance {
  readonly name: string;
  readonly port: number;
  /** The current process's id. */
  readonly pid: () => number;
}

export interface Cluster {
  readonly instances: readonly Instance[];
  /** HAProxy's runtime API. */
  readonly runtimeSocket: string;
  /** HAProxy's process id. */
  readonly haproxyPid: () => number;
  /**
   * Restarts the instances one at a time: SIGTERM (its graceful shutdown), then a new process on
   * the same port, waiting until HAProxy sends it requests again before the next. Resolves with
   * what went wrong (nothing when every old process exited 0 and every new one is in rotation).
   */
  restart(progress: (line: string) => void): Promise<string[]>;
  /** Sends a signal to an instance's current process (the bench's kill -9); the cluster starts a new one if it dies. */
  signal(name: string, signal: NodeJS.Signals): void;
  /** Resolves once HAProxy has every instance in rotation. */
  allInRotation(timeoutMs?: number): Promise<void>;
  /** Stops everything it started: the instances (SIGINT: no waiting for a balancer), HAProxy, the remotes. */
  stop(): Promise<void>;
}

const START_TIMEOUT_MS = 60_000;
/** An instance's own shutdown is bounded by SHUTDOWN_TIMEOUT_SECONDS (10 s); past this it is killed. */
const EXIT_TIMEOUT_MS = 20_000;
const POLL_MS = 100;
/** A crashed instance is started again after this, doubling while it keeps crashing at start, up to the last. */
const RESPAWN_DELAYS_MS = [200, 1_000, 5_000];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The exit of a process: its code, or the signal that ended it. */
function exitOf(child: ChildProcess): Promise<number | NodeJS.Signals> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  if (child.signalCode !== null) return Promise.resolve(child.signalCode);
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? 1)));
}

/** Sends `signal`, then SIGKILL if it has not exited within `ms`. */
async function stopProcess(child: ChildProcess, signal: NodeJS.Signals, ms: number): Promise<number | NodeJS.Signals> {
  const exit = exitOf(child);
  if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), ms);
  try {
    return await exit;
  } finally {
    clearTimeout(timer);
  }
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

/** Polls `check` until it holds; fails naming `what` after `timeoutMs`, or at once when `gone` settles first. */
async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs: number,
  gone?: Promise<unknown>,
): Promise<void> {
  let ended = false;
  void gone?.then(() => (ended = true));
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (ended) throw new Error(`${what}: its process exited`);
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await sleep(POLL_MS);
  }
}

/** Passes each line a process writes to `log`. */
function forwardLines(child: ChildProcess, who: string, log: ClusterOptions['log']): void {
  for (const stream of [child.stdout, child.stderr]) {
    let partial = '';
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) if (line.trim() !== '') log(who, line);
    });
  }
}

/**
 * Starts the site's instances, one process serving the remotes' files and HAProxy in front, and
 * keeps them running: an instance that dies is started again (docs/decisions/0028-rolling-restarts.md).
 * Fails, having stopped what it started, when a part cannot start.
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const { log } = options;
  if (!existsSync(options.serveFile)) {
    throw new Error(
      `${options.serveFile} is not built yet: run npm run build (npm run start:cluster builds what is stale).`,
    );
  }
  const runtimeSocket = path.join(options.runDir, 'haproxy.sock');
  const configFile = path.join(options.runDir, 'haproxy.cfg');
  const instances = options.instancePorts.map((port, index) => ({ name: `i${index + 1}`, port }));
  writeFileSync(
    configFile,
    haproxyConfig({ port: options.port, host: options.host, instances, runtimeSocket, maxconn: options.maxconn }),
  );
  const check = spawnSync(options.haproxy, ['-c', '-q', '-f', configFile], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`HAProxy refused its configuration:\n${check.stdout}${check.stderr}`);

  let stopping = false;
  const started: ChildProcess[] = [];
  let haproxyProcess: ChildProcess | undefined;
  const launch = (who: string, args: string[], env: NodeJS.ProcessEnv, command = process.execPath) => {
    // Its own process group: a Ctrl-C reaches the cluster, which stops each part in its order.
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    // While it all stops, HAProxy seeing its instances go is no news.
    forwardLines(child, who, (from, line) => {
      if (!(stopping && from === 'haproxy')) log(from, line);
    });
    started.push(child);
    void exitOf(child).then(() => started.splice(started.indexOf(child), 1));
    return child;
  };

  class RunningInstance implements Instance {
    process: ChildProcess;
    /** Set while the cluster itself stops or restarts it: its exit is expected. */
    replacing = false;
    private crashes = 0;

    constructor(
      readonly name: string,
      readonly port: number,
    ) {
      this.process = this.spawn();
    }

    pid = () => this.process.pid ?? 0;

    spawn(): ChildProcess {
      const child = launch(this.name, [options.serveFile, 'site'], { ...options.instanceEnv, PORT: String(this.port) });
      void exitOf(child).then((exit) => this.exited(child, exit));
      return child;
    }

    async ready(timeoutMs = START_TIMEOUT_MS): Promise<void> {
      await waitFor(
        `${this.name} on port ${this.port}`,
        () => answers(`http://127.0.0.1:${this.port}/api/ready`),
        timeoutMs,
        exitOf(this.process),
      );
    }

    /** An exit nobody asked for: start it again, later each time it dies again before it is ready. */
    private exited(child: ChildProcess, exit: number | NodeJS.Signals) {
      if (stopping || this.replacing || child !== this.process) return;
      const delay = RESPAWN_DELAYS_MS[Math.min(this.crashes, RESPAWN_DELAYS_MS.length - 1)] ?? 0;
      this.crashes += 1;
      log('cluster', `${this.name} exited (${exit}) without being asked: starting it again in ${delay} ms`);
      setTimeout(() => {
        if (stopping || this.replacing) return;
        this.process = this.spawn();
        this.ready().then(
          () => {
            this.crashes = 0;
            log('cluster', `${this.name} is back (pid ${this.pid()})`);
          },
          () => undefined,
        );
      }, delay);
    }
  }

  const stop = async () => {
    stopping = true;
    const others = started.filter((child) => child !== haproxyProcess);
    await Promise.all(others.map((child) => stopProcess(child, 'SIGINT', EXIT_TIMEOUT_MS)));
    if (haproxyProcess !== undefined) await stopProcess(haproxyProcess, 'SIGTERM', EXIT_TIMEOUT_MS);
  };

  try {
    const remotes = launch('remotes', [options.serveFile, 'remotes'], options.remotesEnv);
    await Promise.all(
      options.remotePorts.map((port) =>
        waitFor(
          `the remotes' files on port ${port}`,
          () => answers(`http://127.0.0.1:${port}/mf-manifest.json`),
          START_TIMEOUT_MS,
          exitOf(remotes),
        ),
      ),
    );
    const running = instances.map(({ name, port }) => new RunningInstance(name, port));
    await Promise.all(running.map((instance) => instance.ready()));
    const haproxy = launch('haproxy', ['-db', '-f', configFile], process.env, options.haproxy);
    haproxyProcess = haproxy;

    const inRotation = async (name: string) => {
      try {
        return (await serverStates(runtimeSocket)).some((server) => server.name === name && server.status === 'UP');
      } catch {
        return false;
      }
    };
    const allInRotation = async (timeoutMs = START_TIMEOUT_MS) => {
      for (const { name } of running) {
        await waitFor(`HAProxy sending ${name} requests`, () => inRotation(name), timeoutMs, exitOf(haproxy));
      }
    };
    await allInRotation();

    let restarting = false;
    const restart = async (progress: (line: string) => void): Promise<string[]> => {
      if (restarting) return ['a restart is already under way'];
      restarting = true;
      const problems: string[] = [];
      try {
        for (const instance of running) {
          const since = Date.now();
          const old = instance.process;
          progress(`${instance.name}: stopping (pid ${old.pid}), SIGTERM…`);
          instance.replacing = true;
          const exit = await stopProcess(old, 'SIGTERM', EXIT_TIMEOUT_MS);
          if (exit !== 0) problems.push(`${instance.name}'s process ${old.pid} exited ${exit}, not 0`);
          progress(
            `${instance.name}: exited ${exit} after ${((Date.now() - since) / 1000).toFixed(1)} s; starting it again…`,
          );
          instance.process = instance.spawn();
          instance.replacing = false;
          try {
            await instance.ready();
            await waitFor(
              `HAProxy sending ${instance.name} requests`,
              () => inRotation(instance.name),
              START_TIMEOUT_MS,
            );
          } catch (error) {
            problems.push(error instanceof Error ? error.message : String(error));
            progress(`${instance.name}: did not come back; the restart stops here`);
            break;
          }
          progress(
            `${instance.name}: back in rotation (pid ${instance.pid()}), ${((Date.now() - since) / 1000).toFixed(1)} s in all`,
          );
        }
      } finally {
        restarting = false;
      }
      return problems;
    };

    return {
      instances: running,
      runtimeSocket,
      haproxyPid: () => haproxy.pid ?? 0,
      restart,
      signal: (name, signal) => {
        running.find((instance) => instance.name === name)?.process.kill(signal);
      },
      allInRotation,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
