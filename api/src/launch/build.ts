import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { build as esbuild } from 'esbuild';
import { APPS, type AppName } from '@rentora/shared/apps';
import { findRepoRoot } from './repo';
import { precompress } from './precompress';
import { isStale, markBuilt } from './staleness';

const root = findRepoRoot();
const shared = path.join(root, 'shared');
const lockfile = path.join(root, 'package-lock.json');

function buildFrontEnd(app: AppName): void {
  const dir = path.join(root, APPS[app].dir);
  const rspackCli = path.join(root, 'node_modules/@rspack/cli/bin/rspack.js');
  const result = spawnSync(process.execPath, [rspackCli, 'build', '--mode', 'production'], {
    cwd: dir,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error(`The ${app} build failed.`);
  precompress(path.join(dir, 'dist'));
  markBuilt(path.join(dir, 'dist'));
}

/** The API and the site server as two self-contained CommonJS files; npm packages stay external. */
async function buildApi(): Promise<void> {
  const apiDir = path.join(root, 'api');
  const { dependencies = {} } = (await import(path.join(apiDir, 'package.json'))) as {
    dependencies?: Record<string, string>;
  };
  await esbuild({
    entryPoints: { main: path.join(apiDir, 'src/main.ts'), serve: path.join(apiDir, 'src/launch/serve.ts') },
    outdir: path.join(apiDir, 'dist'),
    outExtension: { '.js': '.cjs' },
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    sourcemap: true,
    external: Object.keys(dependencies).filter((name) => name !== '@rentora/shared'),
    logLevel: 'warning',
  });
  markBuilt(path.join(apiDir, 'dist'));
}

/** Builds what changed since its last build (everything with `--all`). */
export async function buildStale(options: { all?: boolean } = {}): Promise<void> {
  const apiDir = path.join(root, 'api');
  if (options.all || isStale(path.join(apiDir, 'dist'), [path.join(apiDir, 'src'), shared, lockfile])) {
    process.stdout.write('Building api…\n');
    await buildApi();
  }
  for (const app of Object.keys(APPS) as AppName[]) {
    const dir = path.join(root, APPS[app].dir);
    if (options.all || isStale(path.join(dir, 'dist'), [dir, shared, lockfile])) {
      process.stdout.write(`Building ${app}…\n`);
      buildFrontEnd(app);
    }
  }
}

if (require.main === module) {
  buildStale({ all: process.argv.includes('--all') }).catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
