import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface PostgresDatabase {
  url: string;
  /** Drops the database, ending its sessions first. */
  drop(): Promise<void>;
}

async function withAdmin<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, empty database on the PostgreSQL server of `serverUrl` (TEST_DATABASE_URL unless
 * given), named `<prefix>_<random>`. The database `serverUrl` names is only connected to.
 */
export async function createPostgresDatabase(
  serverUrl = process.env.TEST_DATABASE_URL ?? '',
  prefix = 'rentora_test',
): Promise<PostgresDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await withAdmin(serverUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      withAdmin(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`)).then(
        () => undefined,
      ),
  };
}
