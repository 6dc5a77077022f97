/** The backend of the site's instances, as HAProxy's runtime API and statistics name it. */
export const BACKEND = 'instances';

/** The response header naming the instance that answered (its name in the cluster). */
export const SERVED_BY_HEADER = 'x-served-by';

export interface HaproxySettings {
  /** Where the site is: the port browsers use (`PORT`) and the interface (`HOST`). */
  port: number;
  host: string;
  /** The site's instances, each listening on 127.0.0.1. */
  instances: readonly { name: string; port: number }[];
  /** HAProxy's runtime API (a Unix socket): server states for `restart:cluster` and the bench. */
  runtimeSocket: string;
  /** Connections HAProxy holds at once; unset, HAProxy works it out from `ulimit -n`. */
  maxconn?: number;
}

/**
 * Timings of the health checks: a probe every half second, two answers in a row to change a
 * server's state. An instance that starts to shut down (its probe answers 503) is out of the
 * rotation within a second; a new one is in a second after it answers 200.
 */
const CHECK = 'inter 500ms fall 2 rise 2';

/**
 * HAProxy's configuration for the cluster (docs/decisions/0028-rolling-restarts.md): HTTP mode,
 * `balance leastconn` over the instances, health checks on `GET /api/ready`, and timeouts that keep
 * the live streams open (their heartbeat comes every 25 s: docs/architecture.md §6).
 *
 * Retries: a connection an instance refuses (it has stopped listening, or died) is retried on
 * another instance for every request; a request sent and answered by nothing (the instance died, or
 * closed a kept-alive connection as the request went out) is retried elsewhere only when a replay
 * is harmless: a GET or HEAD, or a request with an `Idempotency-Key` (a booking resent with its key
 * gets the first answer).
 */
export function haproxyConfig(settings: HaproxySettings): string {
  const servers = settings.instances.map(({ name, port }) => `  server ${name} 127.0.0.1:${port} check`);
  return `${[
    '# Written by npm run start:cluster (platform/src/cluster/haproxy-config.ts); not for editing.',
    'global',
    ...(settings.maxconn === undefined ? [] : [`  maxconn ${settings.maxconn}`]),
    `  stats socket ${settings.runtimeSocket} mode 600 level admin`,
    '',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout http-request 10s',
    '  timeout http-keep-alive 10s',
    '  timeout queue 5s',
    // Above the API's own bound on a request (30 s) and over two of the live streams' heartbeats.
    '  timeout client 65s',
    '  timeout server 65s',
    '  timeout client-fin 5s',
    '  timeout server-fin 5s',
    '  retries 3',
    '  option redispatch 1',
    '  retry-on conn-failure empty-response',
    '',
    'frontend site',
    `  bind ${settings.host}:${settings.port}`,
    // Appended to what the client sent: the instances trust one hop (TRUST_PROXY), this one.
    '  option forwardfor',
    '  acl replay_is_harmless method GET HEAD',
    '  acl has_idempotency_key req.hdr(idempotency-key) -m found',
    '  http-request disable-l7-retry unless replay_is_harmless || has_idempotency_key',
    `  default_backend ${BACKEND}`,
    '',
    `backend ${BACKEND}`,
    '  balance leastconn',
    '  option httpchk GET /api/ready',
    '  http-check expect status 200',
    // The API answers its probe within 900 ms whatever its database does; on a machine busy enough
    // to delay that answer, a tighter bound would take healthy instances out of rotation.
    '  timeout check 2s',
    `  default-server ${CHECK}`,
    `  http-response set-header ${SERVED_BY_HEADER} %[srv_name]`,
    ...servers,
  ].join('\n')}\n`;
}
