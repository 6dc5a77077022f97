import { randomBytes } from 'node:crypto';
import { link, mkdir, open, readFile, unlink } from 'node:fs/promises';
import path from 'node:path';

export const SECRET_FILE_NAME = 'jwt-secret';

/**
 * The signing secret: JWT_SECRET when given, else one generated on first start and kept in the
 * data folder (owner-only), so tokens survive restarts. Written to a private file first and
 * linked into place, so two instances starting together agree on one complete secret.
 */
export async function resolveJwtSecret(configured: string | undefined, dataDir: string): Promise<string> {
  if (configured !== undefined) return configured;
  const file = path.join(dataDir, SECRET_FILE_NAME);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeDurably(draft, randomBytes(48).toString('base64url'));
  try {
    await link(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await unlink(draft);
  }
  return (await readFile(file, 'utf8')).trim();
}

/** Owner-only, and on disk before it is linked into place: a crash never leaves an empty secret behind. */
async function writeDurably(file: string, content: string): Promise<void> {
  const handle = await open(file, 'wx', 0o600);
  try {
    await handle.writeFile(content);
    await handle.sync();
  } finally {
    await handle.close();
  }
}
