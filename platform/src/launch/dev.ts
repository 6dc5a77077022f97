import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { siteApps } from '../apps';
import { findRepoRoot } from './repo';
import { startPaymentStandIn } from './payment-stand-in';
import { loadSiteConfig } from './site-config';

/**
 * `npm run dev`: the API restarting on change, every app on its dev server with React fast
 * refresh, the payment stand-in; the host's dev server proxies /api to the API (API_PORT, default 3100). The apps' ports
 * and host names are `npm start`'s settings (PORT, CATALOG_PORT, …, HOST_ORIGIN): each dev server
 * reads them (platform/src/build/app-config.ts).
 */
const root = findRepoRoot();
const apiPort = process.env.API_PORT ?? '3100';
const children: ChildProcess[] = [];

function run(name: string, command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}) {
  const child = spawn(process.execPath, [command, ...args], {
    cwd,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  child.on('exit', (code) => {
    if (code !== 0 && code !== null) process.stderr.write(`${name} stopped with code ${code}\n`);
  });
  children.push(child);
}

run('api', path.join(root, 'node_modules/tsx/dist/cli.mjs'), ['watch', 'src/main.ts'], path.join(root, 'api'), {
  PORT: apiPort,
  DATA_DIR: process.env.DATA_DIR ?? path.join(root, 'data'),
});
const apps = siteApps(root);
for (const app of [apps.host, ...apps.remotes]) {
  run(
    app.name,
    path.join(root, 'node_modules/@rspack/cli/bin/rspack.js'),
    ['serve', '--mode', 'development'],
    app.dir,
    {
      NODE_ENV: 'development',
      API_PORT: apiPort,
    },
  );
}
const site = loadSiteConfig(process.env, root);
const { port } = site;
// The payment stand-in, as npm start runs it: its webhooks reach the API through the host's proxy.
startPaymentStandIn(site).catch((error: unknown) =>
  process.stderr.write(
    `The payment stand-in did not start: ${error instanceof Error ? error.message : String(error)}\n`,
  ),
);
process.stdout.write(
  `Rentora (dev) will be at http://localhost:${port} and http://127.0.0.1:${port} once the dev servers are up.\n`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
    process.exit(0);
  });
}
