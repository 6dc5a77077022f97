import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { build, stop } from 'esbuild';
import { dependencies } from '../../package.json';

const API_DIR = path.join(__dirname, '..', '..');
/** Inside the repository's node_modules, so the bundle finds the npm packages left out of it. */
const CACHE_DIR = path.join(API_DIR, '..', 'node_modules', '.cache');

export interface BundledMain {
  file: string;
  remove(): Promise<void>;
}

/**
 * `api/src/main.ts` as the production build bundles it (`platform/src/launch/build.ts`): one
 * CommonJS file with our workspaces inside and the API's npm dependencies left to node_modules.
 * The tests that run the API or its `create-admin` command as a process of its own start this
 * with plain `node`: through tsx, each start compiled and loaded every module again, about a
 * second of a core, and under load past the tests' limits.
 */
export async function bundleMain(): Promise<BundledMain> {
  await mkdir(CACHE_DIR, { recursive: true });
  const outdir = await mkdtemp(path.join(CACHE_DIR, 'rentora-api-main-'));
  await build({
    entryPoints: { main: path.join(API_DIR, 'src', 'main.ts') },
    outdir,
    outExtension: { '.js': '.cjs' },
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    external: Object.keys(dependencies).filter((name) => !name.startsWith('@rentora/')),
    logLevel: 'warning',
  });
  // esbuild's service would otherwise live on in Jest's process for the whole run.
  await stop();
  return { file: path.join(outdir, 'main.cjs'), remove: () => rm(outdir, { recursive: true, force: true }) };
}
