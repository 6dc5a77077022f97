import { type ChildProcess } from 'node:child_process';
import { type IncomingHttpHeaders, type OutgoingHttpHeaders, request as httpRequest } from 'node:http';
import autocannon, { type Request, type Result } from 'autocannon';
import type { BenchRow, RowContext } from './bench-row';
import { type BenchSettings, answerCount, answersByStatus, failureCount, roundLength } from './each-row';
import { type HostedApi, type RowData, ask, cpuOf } from './servers';

/**
 * A row that loads one request on the row's API, then on a bare node:http server answering the
 * same bytes (bench/bare-server.ts), in alternated rounds, so a neighbour's burst of load hits
 * both alike: the ratio is what Fastify, validation, the database and our code cost over doing
 * nothing. Beside throughput it prints each server's CPU time per answer: on a shared machine the
 * load generator and the neighbours move req/s by a fifth from one round to the next, while the
 * CPU an answer costs hardly moves, so it is the figure to compare two versions of the code by.
 */
export interface AgainstBare {
  name: string;
  /** What the row's fresh database holds besides the fleet (nothing unless given). */
  data?: Partial<RowData>;
  /** The request, made from the row's own API (its riders' tokens, its cars). */
  request(api: HostedApi): LoadRequest | Promise<LoadRequest>;
  /** Other than CONNECTIONS. */
  connections?: number;
  /** The lowest acceptable ratio against the bare server, printed beside the measured one. */
  target?: number;
  /** The highest acceptable p99 latency in ms, printed beside the measured one. */
  maxP99Ms?: number;
  /** The fewest answers a second the API must give, printed beside the measured throughput. */
  minRps?: number;
}

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Varies each request (booking mix, varied searches); the bare server answers the first one's answer. */
  setupRequest?: SetupRequest;
}

export type SetupRequest = (request: Request) => Request;

export const CONNECTIONS = 50;

export const TABLE_HEADER = `${'scenario'.padEnd(30)}   req/s   p50   p99   cpu  bare r/s   p50   p99   cpu   ratio   target  errs`;

/**
 * Node's own server writes these per answer itself; the bare server replays every other header of
 * the API's answer, security headers and request id included, so both write the same bytes.
 */
const WRITTEN_BY_NODE = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

interface Sample {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

/** The request's first instance (as its setupRequest makes it) answered by the API, as it went over the wire. */
function sample(url: string, request: LoadRequest): Promise<Sample> {
  const { method, path: requestPath, headers, body } = request.setupRequest?.({ ...request }) ?? request;
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(`${url}${requestPath}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: replayed(response.headers), body: Buffer.concat(chunks) }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

function replayed(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !WRITTEN_BY_NODE.has(name)));
}

interface Load {
  result: Result;
  /** The server's CPU time (user + system) per answer, in µs. */
  cpuPerAnswer: number;
}

interface Round {
  measured: Load;
  baseline: Load;
}

async function measuredLoad(
  server: ChildProcess,
  url: string,
  request: LoadRequest,
  connections: number,
  settings: BenchSettings,
): Promise<Load> {
  const before = await cpuOf(server);
  const result = await autocannon({
    url,
    connections,
    ...roundLength(settings),
    requests: [
      {
        method: request.method,
        path: request.path,
        ...(request.headers && { headers: request.headers }),
        ...(request.body !== undefined && { body: request.body }),
        ...(request.setupRequest && { setupRequest: request.setupRequest }),
      },
    ],
  });
  const after = await cpuOf(server);
  return { result, cpuPerAnswer: (after - before) / Math.max(1, answerCount(result)) };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

function line(definition: AgainstBare, rounds: Round[]): string {
  const pick = (get: (round: Round) => number) => median(rounds.map(get));
  const ratio = pick((round) => round.measured.result.requests.average / round.baseline.result.requests.average);
  const p99 = pick((round) => round.measured.result.latency.p99);
  const rps = pick((round) => round.measured.result.requests.average);
  const target =
    definition.minRps !== undefined
      ? `${rps >= definition.minRps ? '≥' : '<'}${definition.minRps}/s`
      : definition.maxP99Ms !== undefined
        ? `p99${p99 < definition.maxP99Ms ? '<' : '≥'}${definition.maxP99Ms}`
        : definition.target === undefined
          ? ''
          : `${ratio >= definition.target ? '≥' : '<'} ${definition.target.toFixed(2)}×`;
  return [
    definition.name.padEnd(30),
    `${Math.round(pick((round) => round.measured.result.requests.average))}`.padStart(7),
    `${pick((round) => round.measured.result.latency.p50)}`.padStart(5),
    `${p99}`.padStart(5),
    `${Math.round(pick((round) => round.measured.cpuPerAnswer))}`.padStart(5),
    `${Math.round(pick((round) => round.baseline.result.requests.average))}`.padStart(8),
    `${pick((round) => round.baseline.result.latency.p50)}`.padStart(5),
    `${pick((round) => round.baseline.result.latency.p99)}`.padStart(5),
    `${Math.round(pick((round) => round.baseline.cpuPerAnswer))}`.padStart(5),
    `${ratio.toFixed(2)}×`.padStart(7),
    target.padStart(8),
    `${rounds.reduce((sum, { measured }) => sum + failureCount(measured.result, '500'), 0)}`.padStart(5),
    statuses(rounds),
  ].join(' ');
}

/** The status codes answered, when not all 2xx: e.g. `201 55% 409 45%`. */
function statuses(rounds: Round[]): string {
  const counts = new Map<string, number>();
  for (const { measured } of rounds) {
    for (const [code, count] of answersByStatus(measured.result)) counts.set(code, (counts.get(code) ?? 0) + count);
  }
  const total = [...counts.values()].reduce((sum, count) => sum + count, 0);
  if ([...counts.keys()].every((code) => code.startsWith('2'))) return '';
  return [...counts].map(([code, count]) => `${code} ${Math.round((100 * count) / total)}%`).join(' ');
}

/**
 * Fails when the API's first answer is a client or server error (the row would measure the wrong
 * thing), and in smoke mode when any answer of the load was a socket error or a 5xx.
 */
async function measure(definition: AgainstBare, { api, apiProcess, servers, settings }: RowContext): Promise<string> {
  const request = await definition.request(api);
  const answer = await sample(api.url, request);
  if (answer.status >= 400) {
    throw new Error(`the API answered ${answer.status} to the row's request: ${answer.body.toString('utf8', 0, 300)}`);
  }
  const bare = await servers.server<string>('bare-server.ts');
  const body = answer.body.toString('base64');
  await ask(bare.child, { answer: { status: answer.status, headers: answer.headers, body } }, 'answering');
  const connections = definition.connections ?? CONNECTIONS;
  const rounds: Round[] = [];
  for (let round = 0; round < settings.rounds; round += 1) {
    rounds.push({
      measured: await measuredLoad(apiProcess, api.url, request, connections, settings),
      baseline: await measuredLoad(bare.child, bare.ready, request, connections, settings),
    });
  }
  const failed = rounds.reduce((sum, { measured }) => sum + failureCount(measured.result, '500'), 0);
  if (settings.smoke && failed > 0) throw new Error(`${failed} answers were socket errors or 5xx: ${statuses(rounds)}`);
  return line(definition, rounds);
}

export function againstBare(definition: AgainstBare): BenchRow {
  return { name: definition.name, data: definition.data, measure: (context) => measure(definition, context) };
}
