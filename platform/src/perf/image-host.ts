import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_FLAGS } from '../launch/chromium';

/**
 * What a car photo weighs from the image CDN, per pixel: its `auto=compress` JPEGs of the
 * fleet's photos run at roughly this rate (an 800×500 photo is about 60 KB).
 */
const BYTES_PER_PIXEL = 0.15;
const JPEG_START = 2;
const MAX_SEGMENT = 65_533;

/** The photo at `bytes`, padded with JPEG comment segments: the weight of the real one, same pixels. */
export function paddedJpeg(jpeg: Buffer, bytes: number): Buffer {
  const segments: Buffer[] = [];
  for (let missing = bytes - jpeg.length; missing > 4;) {
    const length = Math.min(MAX_SEGMENT, missing - 4);
    const segment = Buffer.alloc(length + 4, 0x20);
    segment.writeUInt16BE(0xfffe, 0);
    segment.writeUInt16BE(length + 2, 2);
    segments.push(segment);
    missing -= segment.length;
  }
  return Buffer.concat([jpeg.subarray(0, JPEG_START), ...segments, jpeg.subarray(JPEG_START)]);
}

/** A picture the size the page asked for, drawn by Chromium: an upscaled one would shrink its LCP area. */
async function drawPhoto(browser: Browser, width: number, height: number): Promise<Buffer> {
  const page = await browser.newPage({ viewport: { width, height } });
  try {
    await page.setContent(
      '<body style="margin:0;height:100vh;background:linear-gradient(160deg,#1c2233,#b4883e 60%,#0e1014)"></body>',
    );
    const jpeg = await page.screenshot({ type: 'jpeg', quality: 80 });
    return paddedJpeg(jpeg, Math.round(width * height * BYTES_PER_PIXEL));
  } finally {
    await page.close();
  }
}

export interface ImageHost {
  /** For the measured browser: the CDN's hosts resolve here, its certificate is this one. */
  chromeFlags: string[];
  stop(): Promise<void>;
}

/**
 * A stand-in for the photos' CDN, on this machine, so that `npm run perf` measures pages whose
 * photos load, as a shopper's do, even where the CDN cannot be reached: an HTTPS server that
 * answers every host of `imageUrls` with a JPEG of the requested `w`×`h` (and `dpr`) at a real
 * photo's weight. When it cannot start (no `openssl` to make its certificate), says why.
 */
export async function startImageHost(
  imageUrls: readonly string[],
  chromePath: string,
): Promise<ImageHost | { unavailable: string }> {
  const hosts = [...new Set(imageUrls.map((url) => new URL(url).host))];
  const certDir = mkdtempSync(path.join(tmpdir(), 'rentora-images-'));
  const key = path.join(certDir, 'key.pem');
  const cert = path.join(certDir, 'cert.pem');
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '1',
        '-subj',
        '/CN=images',
      ],
      { stdio: 'ignore' },
    );
  } catch {
    rmSync(certDir, { recursive: true, force: true });
    return { unavailable: 'openssl could not make the stand-in image host’s certificate' };
  }

  const browser = await chromium.launch({ executablePath: chromePath, args: CHROMIUM_FLAGS });
  const photos = new Map<string, Promise<Buffer>>();
  const server = createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (request, response) => {
    const query = new URL(request.url ?? '/', 'https://images').searchParams;
    const size = (name: string, fallback: number) => Math.min(4000, Math.max(1, Number(query.get(name)) || fallback));
    const dpr = size('dpr', 1);
    const [width, height] = [Math.round(size('w', 800) * dpr), Math.round(size('h', 500) * dpr)];
    const sizeKey = `${width}x${height}`;
    if (!photos.has(sizeKey)) photos.set(sizeKey, drawPhoto(browser, width, height));
    void photos.get(sizeKey)?.then(
      (photo) => {
        response.writeHead(200, { 'content-type': 'image/jpeg', 'cache-control': 'public, max-age=31536000' });
        response.end(photo);
      },
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    chromeFlags: [
      `--host-resolver-rules=${hosts.map((host) => `MAP ${host} 127.0.0.1:${port}`).join(',')}`,
      '--ignore-certificate-errors',
    ],
    async stop() {
      server.close();
      await browser.close();
      rmSync(certDir, { recursive: true, force: true });
    },
  };
}
