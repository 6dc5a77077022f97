import { workerApiVariables } from './worker-test-api';

// A setup file of the component suites: this worker's API becomes the one every test file reads,
// at RENTORA_TEST_API_URL, with its admin at RENTORA_TEST_ADMIN_TOKEN (both apply to this file only).
const workerId = process.env.JEST_WORKER_ID ?? '1';
const names = workerApiVariables(workerId);
const url = process.env[names.url];
const adminToken = process.env[names.adminToken];
if (!url || !adminToken) {
  throw new Error(`Jest’s global setup started no test API for worker ${workerId} (${names.url}).`);
}
process.env.RENTORA_TEST_API_URL = url;
process.env.RENTORA_TEST_ADMIN_TOKEN = adminToken;
