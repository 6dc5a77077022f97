import { DEFAULT_PHOTO_HOSTS } from '@rentora/shared/rules';
import { TEST_PASSWORD_COST } from '../auth/passwords';
import type { AppConfig } from '../config';

/** A fixed secret for tests: tokens are reproducible and never depend on a generated file. */
export const TEST_JWT_SECRET = 'rentora-test-secret-0123456789-abcdefghijklmnop';

export function testConfig(dataDir: string, overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    jwtSecret: TEST_JWT_SECRET,
    businessTimeZone: 'Asia/Kolkata',
    logLevel: 'silent',
    trustProxy: false,
    shutdownTimeoutMs: 10_000,
    events: { perIp: 6, max: 10_000, heartbeatMs: 25_000 },
    photoHosts: DEFAULT_PHOTO_HOSTS,
    passwordCost: TEST_PASSWORD_COST,
    // The UI suites sign up many users from one address; the rate-limit tests set their own limits.
    rateLimit: { perIp: 10_000, perEmail: 1_000, writesPerUser: 10_000, writesPerIp: 10_000, windowMs: 60_000 },
    ...overrides,
  };
}
