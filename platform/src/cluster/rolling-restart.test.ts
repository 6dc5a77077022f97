import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '@rentora/api/app';
import { seedRiders } from '@rentora/api/bench/seed-riders';
import { loadConfig } from '@rentora/api/config';
import { type PostgresDatabase, createPostgresDatabase } from '@rentora/api/testing/postgres-database';
import type { Vehicle } from '@rentora/shared';
import { type Cluster, startCluster } from './cluster';
import { clusterSettings } from './cluster-settings';
import { controlSocket, requestRestart, serveControl } from './control';
import { type WatchedStreams, waitUntilHeard, watchStreams } from './load/live-streams';
import { bookedInTheEnd, checkBookings, describeFailures, failedRequests } from './load/nothing-lost';
import { startTraffic } from './load/site-traffic';

jest.setTimeout(240_000);

/** Ports of their own: the browser suite's sites are on 4000–4014, the pages' bench on 4900 and up. */
const PORT = 4700;
const JWT_SECRET = 'a-rolling-restart-test-secret-of-some-length';
const RIDERS = 40;

const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

/**
 * The CI proof of issue 43 (README: Scaling out): the production builds served as
 * `npm run start:cluster` serves them, two instances on PostgreSQL behind HAProxy, restarted one at
 * a time as `npm run restart:cluster` does while riders book and live streams listen; then not a
 * request failed, every booking answered 201 is held once, and every stream heard of every one.
 */
onPostgres('two instances behind HAProxy, restarted one at a time while bookings run', () => {
  let database: PostgresDatabase;
  let dataDir: string;
  let cluster: Cluster | undefined;
  let closeControl: (() => Promise<void>) | undefined;
  let watched: WatchedStreams | undefined;
  let riders: string[];
  let cars: string[];
  let runDir: string;
  const url = `http://127.0.0.1:${PORT}`;

  beforeAll(async () => {
    database = await createPostgresDatabase(process.env.TEST_DATABASE_URL, 'rentora_cluster');
    dataDir = mkdtempSync(path.join(tmpdir(), 'rentora-cluster-data-'));
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      DATABASE_URL: database.url,
      JWT_SECRET,
      DATA_DIR: dataDir,
      INSTANCES: '2',
      PORT: String(PORT),
      ...Object.fromEntries(
        ['CATALOG', 'BOOKING', 'ACCOUNT', 'OPERATOR'].map((name, index) => [`${name}_PORT`, String(PORT + 1 + index)]),
      ),
      GATEWAY_PORT: String(PORT + 5),
      // Every rider books from this one address.
      RATE_LIMIT_WRITES_PER_IP: '1000000',
      RATE_LIMIT_WRITES_PER_USER: '1000000',
      EVENTS_PER_IP: '1000',
      LOG_LEVEL: 'warn',
    };
    // The riders, written into the database the cluster will use (migrating it first).
    const seeding = await buildApp(loadConfig({ ...env, LOG_LEVEL: 'silent' }));
    try {
      const hash = await seeding.passwords.hash('a rider password');
      riders = (await seedRiders(seeding, RIDERS, hash, 'cluster')).map(({ token }) => token);
    } finally {
      await seeding.close();
    }
    const settings = clusterSettings(env);
    runDir = mkdtempSync(path.join(tmpdir(), 'rentora-cluster-run-'));
    mkdirSync(runDir, { recursive: true });
    cluster = await startCluster({ ...settings, runDir, log: () => undefined });
    closeControl = await serveControl(cluster, controlSocket(runDir));
    const fleet = (await (await fetch(`${url}/api/vehicles`)).json()) as Vehicle[];
    cars = fleet.filter((car) => car.availability).map((car) => car._id);
  });

  afterAll(async () => {
    watched?.close();
    await closeControl?.();
    await cluster?.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(runDir, { recursive: true, force: true });
  });

  it('serves the pages and the API through HAProxy, from both instances', async () => {
    const page = await fetch(`${url}/vehicles`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<html');
    const servedBy = new Set<string | null>();
    for (let attempt = 0; attempt < 20 && servedBy.size < 2; attempt += 1) {
      // Requests at once: leastconn sends the second to the instance not busy with the first.
      const answers = await Promise.all([fetch(`${url}/api/vehicles`), fetch(`${url}/api/vehicles`)]);
      for (const answer of answers) servedBy.add(answer.headers.get('x-served-by'));
    }
    expect([...servedBy].sort()).toEqual(['i1', 'i2']);
  });

  it('loses no request, no booking and no live event while each instance is restarted in turn', async () => {
    watched = watchStreams(url, 4);
    await watched.opened();
    const pidsBefore = cluster?.instances.map(({ pid }) => pid());
    const traffic = startTraffic({ url, riders, cars, workers: 6, bookingShare: 0.5 });

    const progress: string[] = [];
    const problems = await requestRestart(controlSocket(runDir), (line) => progress.push(line));
    // Bookings go on a moment on the restarted cluster.
    const bookingsAtRestartEnd = traffic.sent.filter(({ kind }) => kind === 'booking').length;
    while (traffic.sent.filter(({ kind }) => kind === 'booking').length < bookingsAtRestartEnd + 20) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const sent = await traffic.stop();

    expect(problems).toEqual([]);
    expect(progress.filter((line) => line.includes('back in rotation'))).toHaveLength(2);
    const pidsAfter = cluster?.instances.map(({ pid }) => pid());
    expect(pidsAfter?.every((pid, index) => pid !== pidsBefore?.[index])).toBe(true);

    const failed = failedRequests(sent);
    expect(describeFailures(failed)).toBe('');
    const booked = await bookedInTheEnd(url, riders, sent);
    // Enough bookings went through for the checks to mean something.
    expect(booked.length).toBeGreaterThan(20);
    const ridersWhoBooked = new Set(sent.flatMap(({ booking }) => (booking === undefined ? [] : [booking.rider])));
    expect(await checkBookings(url, riders, booked, ridersWhoBooked)).toEqual({
      lost: [],
      doubled: [],
      unanswered: [],
    });

    // Every stream was moved to another instance at least once, and heard of every booking all the same.
    for (const stream of watched.streams) {
      expect(stream.failed).toBeUndefined();
      expect(stream.servedBy.length).toBeGreaterThan(1);
    }
    expect(await waitUntilHeard(watched.streams, booked, 30_000)).toBe(0);
  });
});
