import { rm } from 'node:fs/promises';

export default async function globalTeardown(): Promise<void> {
  const handle = globalThis.rentoraTestApi;
  if (handle === undefined) return;
  globalThis.rentoraTestApi = undefined;
  await handle.app.close();
  await rm(handle.dataDir, { recursive: true, force: true });
}
