import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { APPS, REMOTE_NAMES, type RemoteName } from '@rentora/shared';
import { REMOTE_EXPOSES } from './contract';

const root = path.resolve(__dirname, '../..');

interface Manifest {
  exposes: { path: string }[];
}

function readManifest(file: string): Manifest {
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

/**
 * The remote's manifest as its federation config builds it today. `npm test` runs Jest before
 * the browser suite builds anything, so dist/ may be missing (a clean clone) or older than the
 * config: then the remote is built into a temporary folder (about a second), never into dist/.
 */
function builtManifest(remote: RemoteName): Manifest {
  const dir = path.join(root, APPS[remote].dir);
  const distManifest = path.join(dir, 'dist/mf-manifest.json');
  const config = path.join(dir, 'module-federation.config.ts');
  if (existsSync(distManifest) && statSync(distManifest).mtimeMs >= statSync(config).mtimeMs) {
    return readManifest(distManifest);
  }
  const outputDir = mkdtempSync(path.join(os.tmpdir(), `rentora-${remote}-manifest-`));
  try {
    const rspackCli = path.join(root, 'node_modules/@rspack/cli/bin/rspack.js');
    const build = spawnSync(
      process.execPath,
      [rspackCli, 'build', '--mode', 'production', '--devtool', 'false', '--output-path', outputDir],
      { cwd: dir, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' }, timeout: 120_000 },
    );
    if (build.status !== 0) throw new Error(`The ${remote} build failed:\n${build.stdout}\n${build.stderr}`);
    return readManifest(path.join(outputDir, 'mf-manifest.json'));
  } finally {
    rmSync(outputDir, { recursive: true, force: true });
  }
}

describe('each remote’s built manifest', () => {
  it.each(REMOTE_NAMES)('%s exposes exactly the modules of the contract', (remote) => {
    const built = builtManifest(remote).exposes.map((expose) => expose.path);
    expect(built.sort()).toEqual(Object.keys(REMOTE_EXPOSES[remote]).sort());
  });
});
