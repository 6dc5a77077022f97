import { rm } from 'node:fs/promises';

export default async function globalTeardown(): Promise<void> {
  const handles = globalThis.rentoraTestApis ?? [];
  globalThis.rentoraTestApis = undefined;
  await globalThis.rentoraTestApiMain?.remove();
  globalThis.rentoraTestApiMain = undefined;
  await Promise.all(
    handles.map(async ({ app, dataDir, standIn }) => {
      await app.close();
      await standIn.close();
      await rm(dataDir, { recursive: true, force: true });
    }),
  );
}
