import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { REVALIDATE } from './cache-policy';

/** Brotli at a middling quality: a page of about 20 KB compresses in well under a millisecond. */
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };

type Coding = 'br' | 'gzip' | 'identity';

interface Encoded {
  /** Of the HTML itself; each coding's is this with a suffix (RFC 9110 §8.8.3: a representation each). */
  hash: string;
  bodies: Partial<Record<Coding, Buffer>>;
}

/** By page: a page the server keeps (host-page.ts) is compressed once per coding. */
const encodedPages = new WeakMap<object, Encoded>();

function encode(html: string, coding: Coding): Buffer {
  if (coding === 'br') return brotliCompressSync(html, BROTLI);
  if (coding === 'gzip') return gzipSync(html);
  return Buffer.from(html);
}

const etagOf = (hash: string, coding: Coding) => `"${hash}${coding === 'identity' ? '' : `-${coding}`}"`;

/**
 * A page, compressed as the browser accepts and never cached stale (`no-cache`), with a strong
 * ETag: a browser or a CDN that has it gets a 304. A page object the server keeps is hashed and
 * compressed once.
 */
export function sendHtml(request: FastifyRequest, reply: FastifyReply, page: { html: string }): FastifyReply {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  const coding: Coding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : 'identity';
  let encoded = encodedPages.get(page);
  if (!encoded) {
    encoded = { hash: createHash('sha256').update(page.html).digest('base64url').slice(0, 27), bodies: {} };
    encodedPages.set(page, encoded);
  }
  const etag = etagOf(encoded.hash, coding);
  reply
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Cache-Control', REVALIDATE)
    .header('Vary', 'Accept-Encoding')
    .header('ETag', etag);
  if (coding !== 'identity') reply.header('Content-Encoding', coding);
  const asked = String(request.headers['if-none-match'] ?? '');
  if (reply.statusCode === 200 && asked.split(/\s*,\s*/).includes(etag)) return reply.code(304).send();
  const body = (encoded.bodies[coding] ??= encode(page.html, coding));
  return reply.send(body);
}
