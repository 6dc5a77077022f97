import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { testConfig } from './test-config';

export interface TestApiHandle {
  app: FastifyInstance;
  dataDir: string;
}

declare global {
  var rentoraTestApi: TestApiHandle | undefined;
}

/** One real API on SQLite for the UI component tests, at RENTORA_TEST_API_URL. */
export default async function globalSetup(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'rentora-jest-'));
  const app = await buildApp(testConfig(dataDir));
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  process.env.RENTORA_TEST_API_URL = address;
  globalThis.rentoraTestApi = { app, dataDir };
}
