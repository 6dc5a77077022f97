import { siteApps } from '../apps';
import { findRepoRoot } from './repo';

export interface SiteConfig {
  /** The API and host origin's port. */
  port: number;
  host: string;
  /** By remote name: where its files are served from locally. */
  remotePorts: Record<string, number>;
  /** Where the host's page finds each remote (written to remotes.json). */
  remoteUrls: Record<string, string>;
  /** Origins whose pages may fetch the remotes' files. */
  hostOrigins: string[];
}

/** A remote's settings are named after it: `CATALOG_PORT`, `REMOTE_CATALOG_URL`. */
const portVariable = (remote: string) => `${remote.toUpperCase()}_PORT`;
const urlVariable = (remote: string) => `REMOTE_${remote.toUpperCase()}_URL`;

function port(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = Number(env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1 || value > 65535) throw new Error(`${name} must be a port number.`);
  return value;
}

/** The composed site's ports and URLs, from the environment (README: Configuration). */
export function loadSiteConfig(env: NodeJS.ProcessEnv = process.env, root = findRepoRoot()): SiteConfig {
  const apps = siteApps(root);
  const sitePort = port(env, 'PORT', apps.host.port);
  const remotePorts = Object.fromEntries(
    apps.remotes.map(({ name, port: localPort }) => [name, port(env, portVariable(name), localPort)]),
  );
  const remoteUrls = Object.fromEntries(
    apps.remotes.map(({ name }) => [name, env[urlVariable(name)] ?? `http://localhost:${remotePorts[name]}`]),
  );
  const hostOrigins = env.HOST_ORIGIN
    ? env.HOST_ORIGIN.split(',').map((origin) => origin.trim())
    : [`http://localhost:${sitePort}`, `http://127.0.0.1:${sitePort}`];
  return { port: sitePort, host: env.HOST ?? '0.0.0.0', remotePorts, remoteUrls, hostOrigins };
}

/**
 * A whole site on consecutive ports (host on `base`, the remotes on base+1, base+2, …, the payment
 * stand-in after them): the environment for serve.ts and the URLs a browser uses. The browser
 * suite and the reports use it.
 */
export function siteAtPortBase(base: number, root = findRepoRoot()) {
  const { remotes: apps } = siteApps(root);
  const remotes = Object.fromEntries(apps.map(({ name }, index) => [name, `http://localhost:${base + index + 1}`]));
  const gatewayPort = base + apps.length + 1;
  const env: Record<string, string> = {
    PORT: String(base),
    GATEWAY_PORT: String(gatewayPort),
    GATEWAY_URL: `http://localhost:${gatewayPort}`,
  };
  apps.forEach(({ name }, index) => {
    env[portVariable(name)] = String(base + index + 1);
    env[urlVariable(name)] = remotes[name] ?? '';
  });
  return { baseUrl: `http://localhost:${base}`, remotes, gatewayUrl: `http://localhost:${gatewayPort}`, env };
}
