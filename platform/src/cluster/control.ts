import { existsSync, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { Cluster } from './cluster';

/** The last line of a restart's answer: `ok`, or `failed: …` naming each problem. */
export const RESTART_OK = 'ok';
const FAILED = 'failed: ';

/** The cluster's control socket, in its run folder: `restart:cluster` talks to `start:cluster` through it. */
export function controlSocket(runDir: string): string {
  return path.join(runDir, 'control.sock');
}

/** Whether something answers on the control socket: a cluster is running there. */
export function controlAnswers(socketPath: string): Promise<boolean> {
  if (!existsSync(socketPath)) return Promise.resolve(false);
  return new Promise((resolve) => {
    const request = http.get({ socketPath, path: '/status', timeout: 2_000 }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.once('error', () => resolve(false));
    request.once('timeout', () => request.destroy());
  });
}

/**
 * Serves the control socket: `POST /restart` restarts the instances one at a time, answering each
 * step as a line as it happens and `ok` or `failed: …` last; `GET /status` answers the instances.
 * A socket left by a cluster that died is replaced.
 */
export async function serveControl(cluster: Cluster, socketPath: string): Promise<() => Promise<void>> {
  if (await controlAnswers(socketPath)) throw new Error(`A cluster is already running here (${socketPath}).`);
  rmSync(socketPath, { force: true });
  const server = http.createServer((request, response) => {
    if (request.method === 'GET' && request.url === '/status') {
      const instances = cluster.instances.map(({ name, port, pid }) => ({ name, port, pid: pid() }));
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ instances }));
      return;
    }
    if (request.method !== 'POST' || request.url !== '/restart') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
    const say = (line: string) => response.write(`${line}\n`);
    void cluster.restart(say).then(
      (problems) => response.end(problems.length === 0 ? `${RESTART_OK}\n` : `${FAILED}${problems.join('; ')}\n`),
      (error: unknown) => response.end(`${FAILED}${error instanceof Error ? error.message : String(error)}\n`),
    );
  });
  // A restart takes as long as the instances take: no timeout cuts its answer short.
  server.requestTimeout = 0;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, resolve);
  });
  return () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
}

/**
 * Asks the cluster on `socketPath` to restart its instances, passing each line of progress to
 * `progress`; resolves with the problems (none: every instance is back).
 */
export function requestRestart(socketPath: string, progress: (line: string) => void): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const request = http.request({ socketPath, path: '/restart', method: 'POST' }, (response) => {
      let partial = '';
      let last = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        const lines = (partial + chunk).split('\n');
        partial = lines.pop() ?? '';
        for (const line of lines) {
          last = line;
          if (line !== RESTART_OK && !line.startsWith(FAILED)) progress(line);
        }
      });
      response.once('end', () => {
        if (last === RESTART_OK) resolve([]);
        else if (last.startsWith(FAILED)) resolve(last.slice(FAILED.length).split('; '));
        else resolve(['the cluster stopped answering before the restart ended']);
      });
      response.once('error', reject);
    });
    request.once('error', reject);
    request.end();
  });
}
