import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { createStaff } from './test-app';
import { testConfig } from './test-config';

export interface TestApiHandle {
  app: FastifyInstance;
  dataDir: string;
}

declare global {
  var rentoraTestApi: TestApiHandle | undefined;
}

/** One real API on SQLite for the UI component tests, at RENTORA_TEST_API_URL, with one admin (RENTORA_TEST_ADMIN_TOKEN). */
export default async function globalSetup(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'rentora-jest-'));
  // Every component test file opens the pages' live stream from the same address.
  const app = await buildApp(testConfig(dataDir, { events: { perIp: 1_000, max: 10_000, heartbeatMs: 25_000 } }));
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  process.env.RENTORA_TEST_API_URL = address;
  // The operator pages' tests sign in as an admin: nobody can sign up as one.
  process.env.RENTORA_TEST_ADMIN_TOKEN = (await createStaff(app, 'admin', 'jest-admin@example.com')).token;
  globalThis.rentoraTestApi = { app, dataDir };
}
