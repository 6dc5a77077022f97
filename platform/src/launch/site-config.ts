import { APPS, REMOTE_NAMES, type RemoteName } from '@rentora/shared/apps';

export interface SiteConfig {
  /** The API and host origin's port. */
  port: number;
  host: string;
  remotePorts: Record<RemoteName, number>;
  /** Where the host's page finds each remote (written to remotes.json). */
  remoteUrls: Record<RemoteName, string>;
  /** Origins whose pages may fetch the remotes' files. */
  hostOrigins: string[];
}

const PORT_VARIABLES: Record<RemoteName, string> = {
  catalog: 'CATALOG_PORT',
  booking: 'BOOKING_PORT',
  account: 'ACCOUNT_PORT',
};

const URL_VARIABLES: Record<RemoteName, string> = {
  catalog: 'REMOTE_CATALOG_URL',
  booking: 'REMOTE_BOOKING_URL',
  account: 'REMOTE_ACCOUNT_URL',
};

function port(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = Number(env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1 || value > 65535) throw new Error(`${name} must be a port number.`);
  return value;
}

/** The composed site's ports and URLs, from the environment (README: Configuration). */
export function loadSiteConfig(env: NodeJS.ProcessEnv = process.env): SiteConfig {
  const sitePort = port(env, 'PORT', APPS.host.port);
  const remotePorts = Object.fromEntries(
    REMOTE_NAMES.map((name) => [name, port(env, PORT_VARIABLES[name], APPS[name].port)]),
  ) as Record<RemoteName, number>;
  const remoteUrls = Object.fromEntries(
    REMOTE_NAMES.map((name) => [name, env[URL_VARIABLES[name]] ?? `http://localhost:${remotePorts[name]}`]),
  ) as Record<RemoteName, string>;
  const hostOrigins = env.HOST_ORIGIN
    ? env.HOST_ORIGIN.split(',').map((origin) => origin.trim())
    : [`http://localhost:${sitePort}`, `http://127.0.0.1:${sitePort}`];
  return { port: sitePort, host: env.HOST ?? '0.0.0.0', remotePorts, remoteUrls, hostOrigins };
}

/**
 * A whole site on consecutive ports (host on `base`, remotes on base+1..3): the environment
 * for serve.ts and the URLs a browser uses. The browser suite and the build report use it.
 */
export function siteAtPortBase(base: number) {
  const remotes = Object.fromEntries(
    REMOTE_NAMES.map((name, index) => [name, `http://localhost:${base + index + 1}`]),
  ) as Record<RemoteName, string>;
  const env: Record<string, string> = { PORT: String(base) };
  REMOTE_NAMES.forEach((name, index) => {
    env[PORT_VARIABLES[name]] = String(base + index + 1);
    env[URL_VARIABLES[name]] = remotes[name];
  });
  return { baseUrl: `http://localhost:${base}`, remotes, env };
}
