import net from 'node:net';
import { BACKEND } from './haproxy-config';

const ANSWER_TIMEOUT_MS = 5_000;

/** One command to HAProxy's runtime API (its stats socket), and its whole answer. */
export function runtimeCommand(socketPath: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    let answer = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`HAProxy did not answer '${command}' within ${ANSWER_TIMEOUT_MS / 1000} s`));
    }, ANSWER_TIMEOUT_MS);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.once('end', () => {
      clearTimeout(timer);
      resolve(answer);
    });
    socket.end(`${command}\n`);
  });
}

/** An instance as HAProxy sees it. */
export interface ServerState {
  name: string;
  /** `UP`, `DOWN`, `MAINT`, or a transition such as `UP 1/2` (going down) or `DOWN 1/2` (coming up). */
  status: string;
  /** Connections open to it now (requests in flight and live streams). */
  current: number;
  /** Requests it has been sent since HAProxy started. */
  total: number;
}

/** The instances' states from `show stat`. */
export async function serverStates(socketPath: string): Promise<ServerState[]> {
  const csv = await runtimeCommand(socketPath, 'show stat');
  const [header = '', ...rows] = csv.split('\n').filter((line) => line.length > 0);
  const columns = header.replace(/^# /, '').split(',');
  const at = (name: string) => columns.indexOf(name);
  return rows
    .map((row) => row.split(','))
    .filter((cells) => cells[at('pxname')] === BACKEND && !['BACKEND', 'FRONTEND'].includes(cells[at('svname')] ?? ''))
    .map((cells) => ({
      name: cells[at('svname')] ?? '',
      status: cells[at('status')] ?? '',
      current: Number(cells[at('scur')]),
      total: Number(cells[at('stot')]),
    }));
}

/** HAProxy's `show info` as name → value (`Maxconn`, `CurrConns`, `Ulimit-n`…). */
export async function haproxyInfo(socketPath: string): Promise<Record<string, string>> {
  const text = await runtimeCommand(socketPath, 'show info');
  return Object.fromEntries(
    text
      .split('\n')
      .map((line) => line.split(': '))
      .filter((pair): pair is [string, string] => pair.length === 2),
  );
}
