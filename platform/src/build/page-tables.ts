import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Compilation, Compiler } from '@rspack/core';
import { classifyFirstPaintTokens, REMOTE_URL_PLACEHOLDER } from '@rentora/shared/first-paint';
import {
  hasParameters,
  PAGE_TABLE_FILE,
  parametersOf,
  type ModalEntry,
  type PageEntry,
  type RemoteTable,
} from '@rentora/state/page-table';
import type { ModalName } from '@rentora/state';
import { withNodeRender } from './node-render';
import type { PageHtml, renderPageTable } from './render-page-table';

/** A remote declares its pages (and modals) in this file of its own (docs/architecture.md §2). */
export const PAGE_TABLE_SOURCE = 'src/pages.tsx';
const MANIFEST = 'mf-manifest.json';

/**
 * React hoists a preload for an image rendered at high priority to the start of its HTML. In a
 * page's HTML the image itself is as early, and a list item's photo cannot be named outside its
 * item: the preload goes.
 */
const withoutImagePreloads = (html: string) => html.replace(/<link rel="preload" as="image"[^>]*>/g, '');

interface Manifest {
  exposes?: { path?: string; assets?: { css?: { sync?: string[] } } }[];
}

/** A page's name (`PageDeclaration.name`): lower-case words joined by hyphens, `operator-bookings`. */
const PAGE_NAME_PATTERN = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** Why a table cannot be deployed, each reason a line; empty when it can. */
export function tableProblems(table: RemoteTable, exposed: readonly string[]): string[] {
  const problems: string[] = [];
  const named: string[] = [...table.pages.map((page) => page.expose), ...table.modals.map((modal) => modal.expose)];
  for (const expose of named)
    if (!exposed.includes(expose)) problems.push(`${expose} is in the table but not exposed.`);
  for (const expose of exposed)
    if (!named.includes(expose)) problems.push(`${expose} is exposed but not in the table.`);
  const paths = new Set<string>();
  const names = new Set<string>();
  for (const page of table.pages) {
    if (names.has(page.name)) problems.push(`${page.path}'s name ${page.name} is another page's.`);
    names.add(page.name);
    if (!PAGE_NAME_PATTERN.test(page.name)) {
      problems.push(`${page.path}'s name ${JSON.stringify(page.name)} is not lower-case words joined by hyphens.`);
    }
    const key = page.path.toLowerCase();
    if (paths.has(key)) problems.push(`${page.path} is declared twice.`);
    paths.add(key);
    if (!page.path.startsWith('/')) problems.push(`${page.path} must start with a slash.`);
    const keys = new Set(parametersOf(page.path));
    for (const read of page.reads) {
      if (!read.startsWith('/api/')) problems.push(`${page.path} reads ${read}, which is not an API path.`);
      for (const key of parametersOf(read)) {
        if (!keys.has(key)) problems.push(`${page.path} reads ${read}, but its path has no :${key}.`);
      }
    }
    if (page.nav && hasParameters(page.path)) problems.push(`${page.path} has parameters: it cannot be a nav link.`);
    if (page.firstPaint !== undefined && page.access !== 'everyone') {
      problems.push(`${page.path} is for some roles only: its data cannot be painted into a page anyone may get.`);
    }
    if (page.firstPaint !== undefined && page.reads.length === 0) {
      problems.push(`${page.path} paints data first but reads nothing.`);
    }
  }
  return problems;
}

/**
 * Renders the remote's table (`src/pages.tsx`) for Node and writes `pages.json` beside its
 * `mf-manifest.json`: each page with its skeleton and first paint as HTML, and the stylesheets its
 * exposed module loads, with their text. Fails the build when the table and the exposes differ.
 */
async function pageTableOf(appDir: string, federationName: string, compilation: Compilation): Promise<RemoteTable> {
  const manifestAsset = compilation.getAsset(MANIFEST);
  if (!manifestAsset)
    throw new Error(`${federationName}: the build wrote no ${MANIFEST} to check ${PAGE_TABLE_SOURCE} against.`);
  const manifest = JSON.parse(manifestAsset.source.source().toString()) as Manifest;
  const stylesOf = (expose: string) =>
    manifest.exposes?.find((entry) => entry.path === expose)?.assets?.css?.sync ?? [];
  const text = (file: string) => compilation.getAsset(file)?.source.source().toString() ?? '';
  // The remote's table and the platform's renderer, compiled together with the remote's modules.
  const entryDir = mkdtempSync(path.join(tmpdir(), 'rentora-table-'));
  const entry = path.join(entryDir, 'render.ts');
  writeFileSync(
    entry,
    `import table from ${JSON.stringify(path.join(appDir, PAGE_TABLE_SOURCE))};\n` +
      `import { renderPageTable } from ${JSON.stringify(path.join(__dirname, 'render-page-table'))};\n` +
      'export const render = () => renderPageTable(table);\n',
  );
  const rendered = await withNodeRender(
    // The remote's pictures are on its own origin, which only the server knows.
    { appDir, entry, federationName, publicPath: REMOTE_URL_PLACEHOLDER },
    ({ render }: { render: () => ReturnType<typeof renderPageTable> }) => render(),
  ).finally(() => rmSync(entryDir, { recursive: true, force: true }));
  const pages: PageEntry[] = rendered.table.pages.map((page, index) => {
    const html = rendered.pages[index] as PageHtml;
    const styles = stylesOf(page.expose);
    return {
      name: page.name,
      path: page.path,
      title: page.title,
      expose: page.expose,
      reads: [...page.reads],
      what: page.what,
      ...(page.nav && { nav: page.nav }),
      access: page.access,
      skeleton: withoutImagePreloads(html.skeleton),
      ...(html.firstPaint !== undefined && {
        firstPaint: classifyFirstPaintTokens(withoutImagePreloads(html.firstPaint)),
      }),
      styles,
      css: styles.map(text).join('\n'),
    };
  });
  const modals: ModalEntry[] = (Object.keys(rendered.table.modals) as ModalName[]).flatMap((name) => {
    const modal = rendered.table.modals[name];
    return modal ? [{ name, expose: modal.expose, what: modal.what }] : [];
  });
  const table = { pages, modals };
  const problems = tableProblems(
    table,
    (manifest.exposes ?? []).map((entry) => entry.path ?? ''),
  );
  if (problems.length > 0) throw new Error(`${federationName}'s ${PAGE_TABLE_SOURCE}:\n  ${problems.join('\n  ')}`);
  return table;
}

/** Part of every build of a remote, so a remote deployed alone brings its pages with it. */
export class PageTablePlugin {
  constructor(
    private readonly appDir: string,
    private readonly federationName: string,
  ) {}

  apply(compiler: Compiler): void {
    const { Compilation, sources } = compiler.rspack;
    compiler.hooks.thisCompilation.tap(PageTablePlugin.name, (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        { name: PageTablePlugin.name, stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        async () => {
          const table = await pageTableOf(this.appDir, this.federationName, compilation);
          compilation.emitAsset(PAGE_TABLE_FILE, new sources.RawSource(JSON.stringify(table)));
        },
      );
    });
  }
}
