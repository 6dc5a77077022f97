import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { REMOTE_SHELL, SHELLS_DIR, SHELLS_INDEX, type ShellsIndex } from './shell-files';
import { cspHashOf } from './site-headers';

/** One prerendered shell of the host, with the CSP sources of its inline styles and scripts. */
export interface Shell {
  html: string;
  styleHashes: string[];
  scriptHashes: string[];
}

export interface HostShells {
  /** Changes whenever the host is deployed. */
  version: number;
  index: ShellsIndex;
  shell: (name: string) => Shell;
}

/** CSP hashes of the elements written as `<tag>…</tag>` (no attributes: data blocks are not run). */
export function inlineHashes(html: string, tag: 'style' | 'script'): string[] {
  return [...html.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)<\\/${tag}>`, 'g'))].map(([, text]) =>
    cspHashOf(text ?? ''),
  );
}

function readShell(file: string): Shell {
  const html = readFileSync(file, 'utf8');
  return { html, styleHashes: inlineHashes(html, 'style'), scriptHashes: inlineHashes(html, 'script') };
}

/** A host build from before page tables, or none: index.html is every page's shell. */
const FALLBACK_INDEX: ShellsIndex = {
  fonts: [],
  pages: [],
  notFound: { name: REMOTE_SHELL, title: 'Rentora' },
  nav: {},
};

/**
 * The host's shells as its build wrote them (dist/pages/), read again once its index changes
 * (checked at most every `freshForMs`): a host deployed while the server runs serves its new
 * pages, which name its new chunks, at once.
 */
export function createShellReader(root: string, freshForMs: number): () => HostShells {
  const indexFile = path.join(root, SHELLS_DIR, SHELLS_INDEX);
  let current: { modified: number; shells: HostShells } | undefined;
  let checkedAt = -Infinity;

  const load = (): HostShells => {
    const files = new Map<string, Shell>();
    // A host built before its index named the fonts preloads them in every shell itself.
    const index = existsSync(indexFile)
      ? { fonts: [], ...(JSON.parse(readFileSync(indexFile, 'utf8')) as Omit<ShellsIndex, 'fonts'>) }
      : FALLBACK_INDEX;
    return {
      version: (current?.shells.version ?? 0) + 1,
      index,
      shell: (name) => {
        let shell = files.get(name);
        if (!shell) {
          const file = path.join(root, SHELLS_DIR, `${name}.html`);
          shell = readShell(existsSync(file) ? file : path.join(root, 'index.html'));
          files.set(name, shell);
        }
        return shell;
      },
    };
  };

  return () => {
    const now = performance.now();
    if (current && now - checkedAt < freshForMs) return current.shells;
    checkedAt = now;
    const modified = existsSync(indexFile)
      ? statSync(indexFile).mtimeMs
      : statSync(path.join(root, 'index.html')).mtimeMs;
    if (!current || current.modified !== modified) current = { modified, shells: load() };
    return current.shells;
  };
}
