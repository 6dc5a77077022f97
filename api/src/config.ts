import { isIP } from 'node:net';
import path from 'node:path';
import { BUSINESS_TIME_ZONE } from '@rentora/shared/format';
import { DEFAULT_PHOTO_HOSTS, PHOTO_HOST_PATTERN } from '@rentora/shared/rules';
import { PRODUCTION_PASSWORD_COST } from './auth/passwords';
import { JWT_SECRET_MIN_LENGTH } from './auth/secret';
import type { DatabaseLimits } from './db/connect';
import { type PaymentsConfig, readPaymentsConfig } from './payments/payments-config';

export { DEVELOPMENT_KEYS, type PaymentsConfig, checkoutOrigins } from './payments/payments-config';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface RateLimitConfig {
  /** Register and login attempts allowed per client address in one window. */
  perIp: number;
  /** Register attempts and failed logins allowed per account email in one window. */
  perEmail: number;
  /** Bookings and cancellations allowed per signed-in user in one window. */
  writesPerUser: number;
  /** Bookings and cancellations allowed per client address in one window, whoever is signed in. */
  writesPerIp: number;
  /** Quotes per client address in one window; DEFAULT_QUOTES_PER_IP when not set. */
  quotesPerIp?: number;
  /** PDFs of invoices and credit notes per signed-in user in one window; DEFAULT_DOCUMENTS_PER_USER when not set. */
  documentsPerUser?: number;
  windowMs: number;
  /** Namespace of the counters in a shared Redis. */
  keyPrefix?: string;
}

/**
 * Quotes anyone may ask for, per address in one window (RATE_LIMIT_QUOTES_PER_IP): a wizard asks
 * again for each add-on chosen, so far more than the bookings one address may make.
 */
export const DEFAULT_QUOTES_PER_IP = 300;

/**
 * PDFs one user may ask for in one window (RATE_LIMIT_DOCUMENTS_PER_USER): each is rendered once
 * and kept, but a first rendering holds the process for tens of milliseconds, and nobody
 * downloads sixty invoices in a quarter of an hour.
 */
export const DEFAULT_DOCUMENTS_PER_USER = 60;

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  jwtSecret?: string;
  redisUrl?: string;
  businessTimeZone: string;
  logLevel: LogLevel;
  rateLimit: RateLimitConfig;
  /**
   * Which proxies to believe for the client address (Fastify `trustProxy`): none (false), all
   * (true), a number of hops, or a list of addresses/CIDRs. Per-address rate limits depend on it.
   */
  trustProxy: boolean | number | string[];
  /** After SIGTERM, how long in-flight requests get before the process exits anyway. */
  shutdownTimeoutMs: number;
  /** PostgreSQL pool size and timeouts; the defaults of db/connect.ts when absent. */
  databaseLimits?: DatabaseLimits;
  events: EventStreamLimits;
  /** Hosts a car's photo may be on: the stock-photo CDN, and those `PHOTO_HOSTS` adds. */
  photoHosts: readonly string[];
  /**
   * scrypt's cost for new password hashes and the unknown-email decoy: always
   * PRODUCTION_PASSWORD_COST from `loadConfig` (no environment variable sets it); only tests'
   * configs give a lower one (auth/passwords.ts).
   */
  passwordCost: number;
  /** The payment gateway; none (online payment cannot be switched on) when left out. */
  payments?: PaymentsConfig;
}

/** How many live availability streams (`GET /api/events`) may be open at once, and how they are kept open. */
export interface EventStreamLimits {
  /** Per client address (IPv6: per /64). */
  perIp: number;
  /** On this instance. */
  max: number;
  /** How often an idle stream gets a comment, so proxies do not close it as idle. */
  heartbeatMs: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the environment once at start-up and fails with every problem at once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const problems: string[] = [];
  const read = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value === '' ? undefined : value;
  };

  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const raw = read(name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}").`);
      return fallback;
    }
    return value;
  };

  const url = (name: string, protocols: readonly string[]): string | undefined => {
    const raw = read(name);
    if (raw === undefined) return undefined;
    let protocol: string | undefined;
    try {
      protocol = new URL(raw).protocol;
    } catch {
      protocol = undefined;
    }
    if (protocol === undefined || !protocols.includes(protocol)) {
      problems.push(`${name} must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}.`);
    }
    return raw;
  };

  const jwtSecret = read('JWT_SECRET');
  if (jwtSecret !== undefined && jwtSecret.length < JWT_SECRET_MIN_LENGTH) {
    problems.push(`JWT_SECRET must be at least ${JWT_SECRET_MIN_LENGTH} characters long.`);
  }
  // A shared database means several instances: each would generate its own secret and refuse the others' tokens.
  if (read('DATABASE_URL') !== undefined && jwtSecret === undefined) {
    problems.push('JWT_SECRET must be set when DATABASE_URL is set, so every instance signs with the same secret.');
  }

  const businessTimeZone = read('BUSINESS_TZ') ?? BUSINESS_TIME_ZONE;
  if (!isTimeZone(businessTimeZone)) problems.push(`BUSINESS_TZ "${businessTimeZone}" is not a known IANA time zone.`);

  if (trustProxy(read('TRUST_PROXY')) === undefined) {
    problems.push('TRUST_PROXY must be true, false, a number of proxy hops, or comma-separated addresses/CIDRs.');
  }

  const addedPhotoHosts = (read('PHOTO_HOSTS') ?? '')
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter((host) => host !== '');
  const badPhotoHosts = addedPhotoHosts.filter((host) => !PHOTO_HOST_PATTERN.test(host));
  if (badPhotoHosts.length > 0) {
    problems.push(
      `PHOTO_HOSTS must be comma-separated host names such as cdn.example.com (got "${badPhotoHosts.join('", "')}").`,
    );
  }

  const logLevel = read('LOG_LEVEL') ?? 'info';
  if (!isLogLevel(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}.`);

  const payments = readPaymentsConfig(read, problems);

  const config: AppConfig = {
    port: integer('PORT', 3000, 0, 65_535),
    host: read('HOST') ?? '0.0.0.0',
    dataDir: path.resolve(read('DATA_DIR') ?? './data'),
    databaseUrl: url('DATABASE_URL', ['postgres:', 'postgresql:']),
    jwtSecret,
    redisUrl: url('REDIS_URL', ['redis:', 'rediss:']),
    businessTimeZone,
    logLevel: isLogLevel(logLevel) ? logLevel : 'info',
    trustProxy: trustProxy(read('TRUST_PROXY')) ?? false,
    shutdownTimeoutMs: integer('SHUTDOWN_TIMEOUT_SECONDS', 10, 1, 300) * 1000,
    rateLimit: {
      perIp: integer('RATE_LIMIT_PER_IP', 60, 1, 1_000_000),
      perEmail: integer('RATE_LIMIT_PER_EMAIL', 10, 1, 1_000_000),
      writesPerUser: integer('RATE_LIMIT_WRITES_PER_USER', 30, 1, 1_000_000),
      writesPerIp: integer('RATE_LIMIT_WRITES_PER_IP', 60, 1, 1_000_000),
      // Left out unless set, so configs written before quotes (tests, the bench) stay whole: rate-limit.ts has the default.
      ...(read('RATE_LIMIT_QUOTES_PER_IP') === undefined
        ? {}
        : { quotesPerIp: integer('RATE_LIMIT_QUOTES_PER_IP', DEFAULT_QUOTES_PER_IP, 1, 1_000_000) }),
      ...(read('RATE_LIMIT_DOCUMENTS_PER_USER') === undefined
        ? {}
        : {
            documentsPerUser: integer('RATE_LIMIT_DOCUMENTS_PER_USER', DEFAULT_DOCUMENTS_PER_USER, 1, 1_000_000),
          }),
      windowMs: integer('RATE_LIMIT_WINDOW_SECONDS', 900, 1, 86_400) * 1000,
    },
    photoHosts: [...new Set([...DEFAULT_PHOTO_HOSTS, ...addedPhotoHosts])],
    passwordCost: PRODUCTION_PASSWORD_COST,
    events: {
      perIp: integer('EVENTS_PER_IP', 6, 1, 1_000_000),
      max: integer('EVENTS_MAX', 10_000, 1, 1_000_000),
      // Below the idle timeouts of common proxies (nginx 60 s, AWS ALB 60 s).
      heartbeatMs: integer('EVENTS_HEARTBEAT_SECONDS', 25, 1, 3_600) * 1000,
    },
    ...(payments === undefined ? {} : { payments }),
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

const HOP_COUNT = /^\d{1,2}$/;

/** TRUST_PROXY: `false`, `true`, a hop count, or comma-separated addresses/CIDRs; undefined when malformed. */
function trustProxy(raw: string | undefined): AppConfig['trustProxy'] | undefined {
  if (raw === undefined || raw === 'false') return false;
  if (raw === 'true') return true;
  if (HOP_COUNT.test(raw)) return Number(raw);
  const entries = raw.split(',').map((entry) => entry.trim());
  return entries.every(isAddressOrCidr) ? entries : undefined;
}

function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (version === 4 ? 32 : 128);
}

function isLogLevel(value: string): value is LogLevel {
  return (LOG_LEVELS as readonly string[]).includes(value);
}

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
