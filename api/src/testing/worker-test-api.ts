/**
 * Where a Jest worker finds its own test API: Jest's global setup starts one per worker and
 * names it by the worker's number (JEST_WORKER_ID: 1, 2, …; 1 when Jest runs the files in its
 * own process).
 */
export function workerApiVariables(workerId: string): { url: string; adminToken: string } {
  return { url: `RENTORA_TEST_API_URL_${workerId}`, adminToken: `RENTORA_TEST_ADMIN_TOKEN_${workerId}` };
}
