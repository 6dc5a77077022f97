import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

export interface StreamEvent {
  id?: string;
  event?: string;
  data: string;
}

export interface OpenedStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body of an answer that is not a stream. */
  body: string;
  /** Every event so far, comments (heartbeats) left out. */
  events: StreamEvent[];
  /** Every comment so far (a heartbeat is `:`), each as its whole block. */
  comments: string[];
  /** Every `retry:` hint so far, in milliseconds. */
  retries: number[];
  /** The first event from index `from` on that `accept` takes; fails after `timeoutMs`. */
  next(accept: (event: StreamEvent) => boolean, options?: { from?: number; timeoutMs?: number }): Promise<StreamEvent>;
  /** The first `count` comments, once they have come; fails after `timeoutMs`. */
  firstComments(count: number, options?: { timeoutMs?: number }): Promise<string[]>;
  /** Resolves once the server has ended or dropped the stream. */
  ended: Promise<void>;
  close(): void;
  /** Stops reading: what the server sends piles up in the socket's buffers. */
  pause(): void;
}

export function baseUrlOf(app: FastifyInstance): string {
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

function parseEvent(block: string): StreamEvent | undefined {
  const event: StreamEvent = { data: '' };
  let fields = 0;
  for (const line of block.split('\n')) {
    const colon = line.indexOf(':');
    if (colon === 0) continue;
    const name = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (name === 'id') event.id = value;
    else if (name === 'event') event.event = value;
    else if (name === 'data') event.data = event.data === '' ? value : `${event.data}\n${value}`;
    else continue;
    fields += 1;
  }
  return fields > 0 && (event.event !== undefined || event.data !== '') ? event : undefined;
}

function retriesIn(block: string): number[] {
  return block
    .split('\n')
    .filter((line) => line.startsWith('retry:'))
    .map((line) => Number(line.slice('retry:'.length).trim()));
}

function isComment(block: string): boolean {
  return block.split('\n').every((line) => line.startsWith(':'));
}

/** `GET url` read as Server-Sent Events, from a socket of its own (optionally from another loopback address). */
export function openEventStream(
  url: string,
  options: { headers?: Record<string, string>; localAddress?: string } = {},
): Promise<OpenedStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: options.headers, agent: false, localAddress: options.localAddress });
    request.once('error', reject);
    request.once('response', (response) => {
      const events: StreamEvent[] = [];
      const comments: string[] = [];
      const retries: number[] = [];
      const waiters = new Set<() => void>();
      let buffered = '';
      let body = '';
      const ended = new Promise<void>((done) => response.once('close', done));
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        if (response.statusCode !== 200) {
          body += chunk;
          return;
        }
        buffered += chunk;
        let end = buffered.indexOf('\n\n');
        while (end !== -1) {
          const block = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          retries.push(...retriesIn(block));
          const event = parseEvent(block);
          if (event !== undefined) events.push(event);
          else if (isComment(block)) comments.push(block);
          end = buffered.indexOf('\n\n');
        }
        for (const wake of waiters) wake();
      });
      /** Resolves with what `look` finds, looking again after each chunk; fails after `timeoutMs`. */
      const waitFor = <T>(look: () => T | undefined, timeoutMs: number, failure: () => string) =>
        new Promise<T>((found, fail) => {
          const wake = () => {
            const result = look();
            if (result === undefined) return false;
            waiters.delete(wake);
            clearTimeout(timer);
            found(result);
            return true;
          };
          const timer = setTimeout(() => {
            waiters.delete(wake);
            fail(new Error(failure()));
          }, timeoutMs);
          if (!wake()) waiters.add(wake);
        });
      request.on('error', () => undefined);
      const stream: OpenedStream = {
        status: response.statusCode ?? 0,
        headers: response.headers,
        get body() {
          return body;
        },
        events,
        ended,
        close: () => request.destroy(),
        pause: () => response.pause(),
        comments,
        retries,
        next: (accept, { from = 0, timeoutMs = 5_000 } = {}) =>
          waitFor(
            () => events.slice(from).find(accept),
            timeoutMs,
            () => `no such event within ${timeoutMs} ms; got ${JSON.stringify(events)}`,
          ),
        firstComments: (count, { timeoutMs = 5_000 } = {}) =>
          waitFor(
            () => (comments.length >= count ? comments.slice(0, count) : undefined),
            timeoutMs,
            () => `${count} comments not within ${timeoutMs} ms; got ${JSON.stringify(comments)}`,
          ),
      };
      if (response.statusCode === 200) resolve(stream);
      else response.once('end', () => resolve(stream));
    });
  });
}
