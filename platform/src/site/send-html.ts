import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { REVALIDATE } from './cache-policy';

/** Brotli at a middling quality: a page of about 20 KB compresses in well under a millisecond. */
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };

/** A page written per request, compressed as the browser accepts and never cached stale. */
export function sendHtml(request: FastifyRequest, reply: FastifyReply, html: string): FastifyReply {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  reply
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Cache-Control', REVALIDATE)
    .header('Vary', 'Accept-Encoding');
  if (/\bbr\b/.test(accepted)) return reply.header('Content-Encoding', 'br').send(brotliCompressSync(html, BROTLI));
  if (/\bgzip\b/.test(accepted)) return reply.header('Content-Encoding', 'gzip').send(gzipSync(html));
  return reply.send(html);
}
