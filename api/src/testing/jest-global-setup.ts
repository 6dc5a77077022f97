import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '@jest/types';
import type { FastifyInstance } from 'fastify';
import { type StandIn, startStandIn } from '@rentora/razorpay-standin';
import { buildApp } from '../app';
import { type BundledMain, bundleMain } from './bundled-main';
import { DEVELOPMENT_KEYS } from '../payments/payments-config';
import { paymentsConfigFor } from './payments';
import { createStaff } from './test-app';
import { testConfig } from './test-config';
import { workerApiVariables } from './worker-test-api';

export interface TestApiHandle {
  app: FastifyInstance;
  dataDir: string;
  standIn: StandIn;
}

declare global {
  var rentoraTestApis: TestApiHandle[] | undefined;
  var rentoraTestApiMain: BundledMain | undefined;
}

/**
 * A real API on a SQLite file of its own, with one admin (who signs in with `adminToken`) and a
 * payment stand-in of its own: online payment stays off unless a test's admin switches it on.
 */
async function startTestApi(): Promise<TestApiHandle & { url: string; adminToken: string }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'rentora-jest-'));
  // jsdom's pages are on http://localhost: the checkout they open is framed from there.
  const standIn = await startStandIn({ port: 0, ...DEVELOPMENT_KEYS, siteOrigins: ['http://localhost'] });
  // Every component test file of a worker opens the pages' live stream from the same address.
  const app = await buildApp(
    testConfig(dataDir, {
      events: { perIp: 1_000, max: 10_000, heartbeatMs: 25_000 },
      payments: paymentsConfigFor(standIn),
    }),
  );
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  standIn.webhooks.url = `${url}/api/payments/webhook`;
  // The operator pages' tests sign in as an admin: nobody can sign up as one.
  const adminToken = (await createStaff(app, 'admin', 'jest-admin@example.com')).token;
  return { app, dataDir, standIn, url, adminToken };
}

/**
 * One real API per Jest worker for the UI component tests (each worker's test files find theirs
 * at RENTORA_TEST_API_URL, with its admin's RENTORA_TEST_ADMIN_TOKEN: ./worker-test-api.ts).
 * The suites book cars on days they pick and watch the live stream: on one API shared by two
 * workers, one worker's bookings landed on the days and in the streams of the other's tests.
 */
export default async function globalSetup(globalConfig: Config.GlobalConfig): Promise<void> {
  const workers = Math.max(1, globalConfig.maxWorkers);
  const [main, ...apis] = await Promise.all([bundleMain(), ...Array.from({ length: workers }, startTestApi)]);
  // The API as a process of its own, for the tests of what only a process shows (./child-api.ts).
  process.env.RENTORA_TEST_API_MAIN = main.file;
  globalThis.rentoraTestApiMain = main;
  apis.forEach(({ url, adminToken }, index) => {
    const names = workerApiVariables(String(index + 1));
    process.env[names.url] = url;
    process.env[names.adminToken] = adminToken;
  });
  globalThis.rentoraTestApis = apis.map(({ app, dataDir, standIn }) => ({ app, dataDir, standIn }));
}
