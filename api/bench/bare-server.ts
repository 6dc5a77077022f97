import { type OutgoingHttpHeaders, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerCpuQueries } from './cpu-queries';

/**
 * The bench's baseline: a bare node:http server on a free port, sending `{ ready: url }`. It
 * answers every request with the status, headers and bytes (base64) of the API answer last sent
 * as `{ answer: { status, headers, body } }`, acknowledged with `{ answering: true }`.
 * Started by bench/servers.ts.
 */
interface Answer {
  status: number;
  headers: OutgoingHttpHeaders;
  bytes: Buffer;
}

let answer: Answer = { status: 503, headers: {}, bytes: Buffer.alloc(0) };

const server = createServer((request, response) => {
  const { status, headers, bytes } = answer;
  request.resume();
  request.on('end', () => {
    response.writeHead(status, headers);
    response.end(bytes);
  });
});

process.on('message', (message: unknown) => {
  if (typeof message !== 'object' || message === null || !('answer' in message)) return;
  const { status, headers, body } = message.answer as { status: number; headers: OutgoingHttpHeaders; body: string };
  const bytes = Buffer.from(body, 'base64');
  answer = { status, headers: { ...headers, 'content-length': bytes.length }, bytes };
  process.send?.({ answering: true });
});
answerCpuQueries();
server.listen(0, '127.0.0.1', () => {
  process.send?.({ ready: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
});
process.once('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
