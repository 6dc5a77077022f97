import type { OwnPage } from '@rentora/state/page-table';

/**
 * What the host's build writes for the server (platform/src/build/prerender.ts), in its
 * `dist/pages/`: one prerendered shell per page of its own, one that a remote's page is written
 * into, and this index of them.
 */
export const SHELLS_DIR = 'pages';
export const SHELLS_INDEX = 'host.json';
/** The shell a remote's page goes into. */
export const REMOTE_SHELL = 'remote';

export interface ShellsIndex {
  /** The web fonts' files, as the shells' CSS names them: a page whose text waits for them preloads them. */
  fonts: string[];
  /** The host's own pages. */
  pages: OwnPage[];
  notFound: Pick<OwnPage, 'name' | 'title'>;
  /** Each navigation list's link as a template with NAV_HREF_TOKEN and NAV_LABEL_TOKEN: `current` for the page it is on. */
  nav: Record<string, { link: string; current: string }>;
}
