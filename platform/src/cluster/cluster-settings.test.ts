import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ClusterRefused, clusterSettings, findHaproxy, instanceTrustProxy } from './cluster-settings';
import { haproxyConfig } from './haproxy-config';

// HAPROXY named: these settings hold whether or not HAProxy is installed here.
const POSTGRES = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/rentora',
  JWT_SECRET: 'x'.repeat(40),
  HAPROXY: 'haproxy',
};

describe('the cluster’s settings', () => {
  it('refuses to start without PostgreSQL, saying why', () => {
    expect(() => clusterSettings({ PATH: process.env.PATH })).toThrow(ClusterRefused);
    expect(() => clusterSettings({ PATH: process.env.PATH })).toThrow(/needs PostgreSQL.*SQLite is one process/);
  });

  it('refuses what the API would refuse, with its messages', () => {
    expect(() => clusterSettings({ PATH: process.env.PATH, DATABASE_URL: POSTGRES.DATABASE_URL })).toThrow(
      /JWT_SECRET/,
    );
  });

  it('puts the instances on 127.0.0.1 from PORT + 10, writing the public URLs into their pages', () => {
    const settings = clusterSettings({ PATH: process.env.PATH, ...POSTGRES, PORT: '4100', INSTANCES: '3' });
    expect(settings.instancePorts).toEqual([4110, 4111, 4112]);
    expect(settings.instanceEnv).toMatchObject({
      HOST: '127.0.0.1',
      HOST_ORIGIN: 'http://localhost:4100,http://127.0.0.1:4100',
      REMOTE_CATALOG_URL: 'http://localhost:3001',
      TRUST_PROXY: '1',
    });
    expect(settings.warnings.join()).toMatch(/REDIS_URL is not set/);
  });

  it('refuses an instance on one of the site’s own ports', () => {
    expect(() =>
      clusterSettings({ PATH: process.env.PATH, ...POSTGRES, PORT: '3000', INSTANCE_PORT_BASE: '2999' }),
    ).toThrow(/port 3000/);
  });

  it('makes the instances believe HAProxy as one more proxy', () => {
    expect(instanceTrustProxy(undefined)).toBe('1');
    expect(instanceTrustProxy('false')).toBe('1');
    expect(instanceTrustProxy('2')).toBe('3');
    expect(instanceTrustProxy('true')).toBe('true');
    expect(instanceTrustProxy('10.0.0.0/8')).toBe('10.0.0.0/8,127.0.0.1');
  });
});

describe('the HAProxy configuration', () => {
  it('is one HAProxy itself accepts', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'rentora-haproxy-'));
    try {
      const file = path.join(dir, 'haproxy.cfg');
      writeFileSync(
        file,
        haproxyConfig({
          port: 4100,
          host: '0.0.0.0',
          instances: [
            { name: 'i1', port: 4110 },
            { name: 'i2', port: 4111 },
          ],
          runtimeSocket: path.join(dir, 'haproxy.sock'),
          maxconn: 20_000,
        }),
      );
      const check = spawnSync(findHaproxy(), ['-c', '-f', file], { encoding: 'utf8' });
      expect(`${check.stdout}${check.stderr}`).toContain('Configuration file is valid');
      expect(check.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
