import { spawn } from 'node:child_process';
import path from 'node:path';
import { findRepoRoot } from '../../launch/repo';

export interface SingleBundleSite {
  baseUrl: string;
  stop(): void;
}

/**
 * Serves the built reference (`buildSingleBundle`) on `port` in a process of its own, as the
 * composed site is served, with `/api` passed on to `apiOrigin`; resolves once it answers.
 */
export async function startSingleBundle(port: number, apiOrigin: string): Promise<SingleBundleSite> {
  const tsx = path.join(findRepoRoot(), 'node_modules/tsx/dist/cli.mjs');
  const server = spawn(
    process.execPath,
    [tsx, path.join(__dirname, 'serve-single-bundle.ts'), String(port), apiOrigin],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const baseUrl = `http://localhost:${port}`;
  const stop = () => void server.kill('SIGTERM');
  for (let attempt = 0; attempt < 150; attempt += 1) {
    try {
      if ((await fetch(`${baseUrl}/api/ready`)).ok) return { baseUrl, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  stop();
  throw new Error(`The single-bundle reference did not start at ${baseUrl}.`);
}
