import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Source maps are left out: no server sends them (site/static-site.ts). */
const COMPRESSIBLE = /\.(js|css|html|json|svg)$/;

/**
 * Writes .br and .gz beside every text file of a build, so the server never compresses per request.
 * Small files too (a shared singleton's chunk can be under 1 KiB, and Brotli halves it), but only a
 * copy smaller than the file: the server sends the original when there is none.
 */
export function precompress(dir: string): void {
  for (const entry of readdirSync(dir)) {
    const file = path.join(dir, entry);
    if (statSync(file).isDirectory()) {
      precompress(file);
      continue;
    }
    if (!COMPRESSIBLE.test(entry)) continue;
    const content = readFileSync(file);
    const copies = {
      br: brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      gz: gzipSync(content, { level: 9 }),
    };
    for (const [extension, copy] of Object.entries(copies)) {
      if (copy.length < content.length) writeFileSync(`${file}.${extension}`, copy);
    }
  }
}
