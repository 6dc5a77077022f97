import { randomBytes } from 'node:crypto';
import { link, open, unlink } from 'node:fs/promises';
import path from 'node:path';
import { makePrivateDir } from '../data-dir';

export const SECRET_FILE_NAME = 'jwt-secret';
export const JWT_SECRET_MIN_LENGTH = 32;

/**
 * The signing secret: JWT_SECRET when given, else one generated on first start and kept in the
 * data folder (owner-only), so tokens survive restarts. Written to a private file first and
 * linked into place, so two instances starting together agree on one complete secret.
 */
export async function resolveJwtSecret(configured: string | undefined, dataDir: string): Promise<string> {
  if (configured !== undefined) return configured;
  const file = path.join(dataDir, SECRET_FILE_NAME);
  makePrivateDir(dataDir);
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeDurably(draft, randomBytes(48).toString('base64url'));
  try {
    await link(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await unlink(draft);
  }
  return readTrustedSecret(file);
}

/**
 * An existing secret is trusted only as this process would have written it: whoever else could
 * read it could sign tokens for any account, and whoever else owns it could swap it.
 */
async function readTrustedSecret(file: string): Promise<string> {
  const handle = await open(file, 'r');
  try {
    const { uid, mode } = await handle.stat();
    const problems: string[] = [];
    const ownUid = process.getuid?.();
    if (ownUid !== undefined && uid !== ownUid)
      problems.push(`it belongs to user ${uid}, not to this process's user ${ownUid}`);
    if ((mode & 0o077) !== 0) {
      problems.push(`other users may use it (mode ${(mode & 0o777).toString(8)}; it must be 600)`);
    }
    const secret = (await handle.readFile('utf8')).trim();
    if (secret.length < JWT_SECRET_MIN_LENGTH) {
      problems.push(`it holds ${secret.length} characters, fewer than ${JWT_SECRET_MIN_LENGTH}`);
    }
    if (problems.length > 0) {
      throw new Error(
        `The JWT secret file ${file} cannot be trusted: ${problems.join('; ')}. Fix it, or delete it to have a new one made (everyone signed in is logged out), or set JWT_SECRET.`,
      );
    }
    return secret;
  } finally {
    await handle.close();
  }
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
