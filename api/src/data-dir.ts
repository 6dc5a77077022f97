import { chmodSync, mkdirSync } from 'node:fs';

/**
 * The data folder, owner-only: made so, and tightened if an older version or a person made it
 * wider. It holds the SQLite file and the generated JWT secret.
 */
export function makePrivateDir(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
}
