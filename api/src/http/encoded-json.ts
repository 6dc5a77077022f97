import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Coding, preferredCoding } from './content-coding';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * A JSON body that rarely changes, with its compressed forms and strong validators, all worked
 * out once per change (off the event loop) instead of per request. Each coding is its own
 * representation, so each has its own ETag (RFC 9110 §8.8.3).
 */
export interface EncodedJson {
  bodies: Readonly<Record<Coding, Buffer>>;
  etags: Readonly<Record<Coding, string>>;
}

export async function encodeJson(json: Buffer): Promise<EncodedJson> {
  const [br, gzip] = await Promise.all([
    brotli(json, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: json.length,
      },
    }),
    gzipped(json, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  const hash = createHash('sha256').update(json).digest('base64url');
  return {
    bodies: { br, gzip, identity: json },
    etags: { br: `"${hash}-br"`, gzip: `"${hash}-gz"`, identity: `"${hash}"` },
  };
}

/**
 * True when If-None-Match names any representation of this content: whichever coding a client
 * stored, it decoded the same JSON, so it may keep using it (a `304`).
 */
function clientHasIt(ifNoneMatch: string | undefined, body: EncodedJson): boolean {
  if (ifNoneMatch === undefined) return false;
  const { br, gzip, identity } = body.etags;
  if (ifNoneMatch === identity || ifNoneMatch === br || ifNoneMatch === gzip) return true;
  // The general form: a list, weak comparison (a W/ prefix is ignored), or `*`.
  return ifNoneMatch.split(',').some((tag) => {
    const opaque = tag.trim().replace(/^W\//, '');
    return opaque === '*' || opaque === identity || opaque === br || opaque === gzip;
  });
}

/**
 * For public answers, in place of the API's default `no-store`: a cache may keep them but must ask
 * the server before each use, with the ETag where there is one. A page's preloaded fetch is reused.
 */
export const PUBLIC_CACHE_CONTROL = 'no-cache';

/** Answers the smallest coding the client accepts, or `304` when it already holds this content. */
export function sendEncodedJson(request: FastifyRequest, reply: FastifyReply, body: EncodedJson): FastifyReply {
  const coding = preferredCoding(request.headers['accept-encoding']);
  reply
    .header('vary', 'Accept-Encoding')
    .header('etag', body.etags[coding])
    .header('cache-control', PUBLIC_CACHE_CONTROL);
  if (clientHasIt(request.headers['if-none-match'], body)) return reply.code(304).send();
  if (coding !== 'identity') reply.header('content-encoding', coding);
  return reply.type('application/json; charset=utf-8').send(body.bodies[coding]);
}

/** Answers JSON that was serialised ahead of time, so no response serialiser runs for it. */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}

/** `sendJsonText` for public content (`PUBLIC_CACHE_CONTROL`). */
export function sendPublicJsonText(reply: FastifyReply, json: string): FastifyReply {
  return sendJsonText(reply.header('cache-control', PUBLIC_CACHE_CONTROL), json);
}
