import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Compiler } from '@rspack/core';
import { FIRST_PAINT_FILE, REMOTE_URL_PLACEHOLDER, type FirstPaints } from '../site/first-paint';
import { APPS, type RemoteName } from './federation';
import { withNodeRender } from './node-render';

/** A remote that paints some pages from HTML exports `renderFirstPaints` from this file. */
const FIRST_PAINT_ENTRY = './src/first-paint.tsx';

interface Manifest {
  exposes?: { path?: string; assets?: { css?: { sync?: string[] } } }[];
}

/**
 * After a remote's production build has written its files: writes `first-paint.json`, each
 * listed exposed page's first paint with the CSS its exposed chunk loads (read from the build's
 * own manifest), for the host's server to write into the page (docs/architecture.md §2).
 */
async function writeFirstPaints(remote: RemoteName, remoteDir: string, dist: string): Promise<void> {
  if (!existsSync(path.join(remoteDir, FIRST_PAINT_ENTRY))) return;
  const manifest = JSON.parse(readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8')) as Manifest;
  const render = {
    appDir: remoteDir,
    entry: FIRST_PAINT_ENTRY,
    federationName: APPS[remote].federationName,
    // The remote's pictures are on its own origin, which only the server knows.
    publicPath: REMOTE_URL_PLACEHOLDER,
  };
  const pages = await withNodeRender(
    render,
    ({ renderFirstPaints }: { renderFirstPaints: () => Record<string, string> }) => renderFirstPaints(),
  );
  const firstPaints: FirstPaints = {};
  for (const [expose, html] of Object.entries(pages)) {
    const files = manifest.exposes?.find((entry) => entry.path === expose)?.assets?.css?.sync;
    if (!files) throw new Error(`${remote} paints ${expose} first, but its manifest does not expose it.`);
    const css = files.map((file) => readFileSync(path.join(dist, file), 'utf8')).join('\n');
    firstPaints[expose] = { html, css };
  }
  writeFileSync(path.join(dist, FIRST_PAINT_FILE), JSON.stringify(firstPaints));
}

/** Part of every production build of a remote, so a remote deployed alone brings its first paints. */
export class FirstPaintPlugin {
  constructor(
    private readonly remote: RemoteName,
    private readonly remoteDir: string,
  ) {}

  apply(compiler: Compiler): void {
    compiler.hooks.afterEmit.tapPromise(FirstPaintPlugin.name, () =>
      writeFirstPaints(this.remote, this.remoteDir, compiler.outputPath),
    );
  }
}
