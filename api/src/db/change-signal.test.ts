import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { type DatabaseHandle, SQLITE_FILE_NAME, openDatabase } from './connect';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('the SQLite change signal', () => {
  let dataDir: string;
  let handle: DatabaseHandle;

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'rentora-change-signal-'));
    handle = openDatabase({ dataDir, onConnectionError: () => undefined });
    await sql`create table notes (text text)`.execute(handle.db);
  });
  afterEach(async () => {
    await handle.db.destroy();
    await rm(dataDir, { recursive: true, force: true });
  });

  const generation = () => handle.changes?.generation();

  it('stays put for reads', async () => {
    const before = generation();
    await sql`select count(*) from notes`.execute(handle.db);
    await nextTurn();
    expect(generation()).toBe(before);
  });

  it('moves at once when this process writes, also through INSERT … RETURNING', async () => {
    const start = generation();
    await sql`insert into notes values ('one')`.execute(handle.db);
    const afterInsert = generation();
    expect(afterInsert).not.toBe(start);
    await sql`insert into notes values ('two') returning text`.execute(handle.db);
    expect(generation()).not.toBe(afterInsert);
  });

  it('moves by the next turn when another connection to the file commits', async () => {
    const before = generation();
    const other = new SqliteDatabase(path.join(dataDir, SQLITE_FILE_NAME));
    try {
      other.prepare("insert into notes values ('from elsewhere')").run();
    } finally {
      other.close();
    }
    await nextTurn();
    expect(generation()).not.toBe(before);
  });
});
