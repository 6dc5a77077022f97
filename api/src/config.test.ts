import path from 'node:path';
import { PRODUCTION_PASSWORD_COST } from './auth/passwords';
import { ConfigError, DEVELOPMENT_KEYS, loadConfig } from './config';

describe('loadConfig', () => {
  it('applies the defaults', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      jwtSecret: undefined,
      redisUrl: undefined,
      businessTimeZone: 'Asia/Kolkata',
      logLevel: 'info',
      trustProxy: false,
      shutdownTimeoutMs: 10_000,
      rateLimit: { perIp: 60, perEmail: 10, writesPerUser: 30, writesPerIp: 60, windowMs: 900_000 },
      events: { perIp: 6, max: 10_000, heartbeatMs: 25_000 },
      photoHosts: ['images.pexels.com'],
      passwordCost: PRODUCTION_PASSWORD_COST,
      // The local stand-in, with development keys: never Razorpay's.
      payments: {
        gateway: 'standin',
        ...DEVELOPMENT_KEYS,
        apiUrl: 'http://localhost:3005',
        checkoutScript: 'http://localhost:3005/v1/checkout.js',
        timeoutMs: 8_000,
      },
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/rentora',
      DATABASE_URL: 'postgres://rentora@db/rentora',
      JWT_SECRET: 's'.repeat(40),
      REDIS_URL: 'redis://cache:6379',
      BUSINESS_TZ: 'Europe/London',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '10.0.0.0/8',
      RATE_LIMIT_PER_IP: '120',
      RATE_LIMIT_PER_EMAIL: '5',
      RATE_LIMIT_WINDOW_SECONDS: '300',
      RATE_LIMIT_WRITES_PER_USER: '12',
      RATE_LIMIT_WRITES_PER_IP: '40',
      SHUTDOWN_TIMEOUT_SECONDS: '4',
      EVENTS_PER_IP: '3',
      EVENTS_MAX: '500',
      EVENTS_HEARTBEAT_SECONDS: '50',
      PHOTO_HOSTS: ' CDN.example.com, img.rentora.in,images.pexels.com',
      PAYMENT_GATEWAY: 'razorpay',
      RAZORPAY_KEY_ID: 'rzp_test_abc123',
      RAZORPAY_KEY_SECRET: 'key-secret',
      RAZORPAY_WEBHOOK_SECRET: 'webhook-secret',
    });
    // toEqual, not toMatchObject: a setting this test does not set would show up as a default.
    expect(config).toEqual({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/var/lib/rentora',
      databaseUrl: 'postgres://rentora@db/rentora',
      jwtSecret: 's'.repeat(40),
      redisUrl: 'redis://cache:6379',
      businessTimeZone: 'Europe/London',
      logLevel: 'warn',
      trustProxy: ['10.0.0.0/8'],
      rateLimit: { perIp: 120, perEmail: 5, writesPerUser: 12, writesPerIp: 40, windowMs: 300_000 },
      shutdownTimeoutMs: 4_000,
      events: { perIp: 3, max: 500, heartbeatMs: 50_000 },
      photoHosts: ['images.pexels.com', 'cdn.example.com', 'img.rentora.in'],
      passwordCost: PRODUCTION_PASSWORD_COST,
      payments: {
        gateway: 'razorpay',
        keyId: 'rzp_test_abc123',
        keySecret: 'key-secret',
        webhookSecret: 'webhook-secret',
        apiUrl: 'https://api.razorpay.com',
        checkoutScript: 'https://checkout.razorpay.com/v1/checkout.js',
        timeoutMs: 8_000,
      },
    });
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  });

  it('takes payments through the stand-in (its own keys if given), Razorpay with its three keys, and no gateway in production', () => {
    expect(loadConfig({ GATEWAY_PORT: '4005', RAZORPAY_KEY_SECRET: 'mine' }).payments).toMatchObject({
      gateway: 'standin',
      keyId: DEVELOPMENT_KEYS.keyId,
      keySecret: 'mine',
      apiUrl: 'http://localhost:4005',
    });
    expect(loadConfig({ GATEWAY_URL: 'http://gateway.test:9000/' }).payments?.checkoutScript).toBe(
      'http://gateway.test:9000/v1/checkout.js',
    );
    expect(loadConfig({ NODE_ENV: 'production' }).payments).toBeUndefined();
    expect(() => loadConfig({ PAYMENT_GATEWAY: 'razorpay', RAZORPAY_KEY_ID: 'rzp_test_abc123' })).toThrow(
      new ConfigError(['PAYMENT_GATEWAY=razorpay needs RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET.']),
    );
    expect(() => loadConfig({ PAYMENT_GATEWAY: 'paypal' })).toThrow(
      new ConfigError(['PAYMENT_GATEWAY must be razorpay or standin.']),
    );
  });

  it('reads TRUST_PROXY as a hop count or a list of addresses and CIDRs', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,2001:db8::/32' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      '2001:db8::/32',
    ]);
    for (const wrong of ['yes', '10.0.0.0/33', 'proxy.example.com', '10.0.0.1/8/9', '2001:db8::/129']) {
      expect(() => loadConfig({ TRUST_PROXY: wrong })).toThrow(ConfigError);
    }
  });

  it('reads PHOTO_HOSTS as host names only, beside the stock-photo CDN', () => {
    expect(loadConfig({ PHOTO_HOSTS: 'photos.example.com' }).photoHosts).toEqual([
      'images.pexels.com',
      'photos.example.com',
    ]);
    for (const wrong of [
      '127.0.0.1',
      'https://cdn.example.com',
      'cdn.example.com:8443',
      'localhost',
      '*.example.com',
    ]) {
      expect(() => loadConfig({ PHOTO_HOSTS: `cdn.example.com,${wrong}` })).toThrow(
        new ConfigError([`PHOTO_HOSTS must be comma-separated host names such as cdn.example.com (got "${wrong}").`]),
      );
    }
  });

  it('refuses a shared database without a shared JWT secret', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://rentora@db/rentora' })).toThrow(
      new ConfigError([
        'JWT_SECRET must be set when DATABASE_URL is set, so every instance signs with the same secret.',
      ]),
    );
    expect(loadConfig({ DATABASE_URL: 'postgres://rentora@db/rentora', JWT_SECRET: 's'.repeat(40) }).databaseUrl).toBe(
      'postgres://rentora@db/rentora',
    );
  });

  it('fails listing every invalid variable at once', () => {
    const attempt = () =>
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://db',
        JWT_SECRET: 'short',
        REDIS_URL: 'nope',
        BUSINESS_TZ: 'Mars/Olympus',
        LOG_LEVEL: 'loud',
      });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      expect((error as ConfigError).problems).toHaveLength(6);
    }
  });
});
