import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  PostgresDialect,
  type PostgresDialectConfig,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { CommitOutcomeUnknown, isConnectionDrop, wasNeverSent } from './unavailable';

/**
 * A pooled connection that, when PostgreSQL drops it (a restart, a failover, pg_terminate_backend)
 * under a SELECT outside a transaction, runs that SELECT once more on another connection. A write
 * outside a transaction is not run again: whether it took effect is unknown. Inside a transaction
 * nothing is run again here: `runInTransaction` runs the whole transaction again.
 */
class ReconnectingConnection implements DatabaseConnection {
  inTransaction = false;
  /** `current` failed with a drop: it must not go back to the pool. */
  dropped = false;
  /** Whether `current` is still this connection's to give back (false while a retry waits for another). */
  holding = true;

  constructor(
    private readonly driver: ReconnectingDriver,
    public current: DatabaseConnection,
  ) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    try {
      return await this.run<R>(compiledQuery);
    } catch (error) {
      if (!this.dropped || this.inTransaction || compiledQuery.query.kind !== 'SelectQueryNode') throw error;
    }
    // The dead one goes back first: with every pooled connection dropped under a read, retries
    // each holding its own slot while waiting for a free one would all wait the connect timeout.
    this.driver.discard(this.current);
    this.dropped = false;
    this.holding = false;
    this.current = await this.driver.acquireLive();
    this.holding = true;
    return this.run<R>(compiledQuery);
  }

  streamQuery<R>(compiledQuery: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.current.streamQuery<R>(compiledQuery, chunkSize);
  }

  private async run<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    try {
      return await this.current.executeQuery<R>(compiledQuery);
    } catch (error) {
      if (isConnectionDrop(error)) {
        this.dropped = true;
        this.driver.noteDrop();
      }
      throw error;
    }
  }
}

class ReconnectingDriver implements Driver {
  /** How many drops this instance has seen. */
  #drops = 0;
  /** The value of `#drops` when each pooled connection was last known to be open. */
  readonly #openAt = new WeakMap<DatabaseConnection, number>();

  constructor(
    private readonly inner: Driver,
    private readonly poolSize: number,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new ReconnectingConnection(this, await this.acquireLive());
  }

  noteDrop(): void {
    this.#drops += 1;
  }

  /**
   * A pooled connection, checked with `select 1` when it was opened before the latest drop: a
   * restart or failover ends every connection, and the pool has not necessarily heard of each
   * end yet, so a retry handed one of those would fail again. At most a pool's worth are checked.
   */
  async acquireLive(): Promise<DatabaseConnection> {
    for (let checked = 0; ; checked += 1) {
      const dropsBefore = this.#drops;
      const connection = await this.inner.acquireConnection();
      // A connection the pool opened just now may have been caught by a drop seen meanwhile.
      const openAt = this.#openAt.get(connection) ?? dropsBefore;
      if (openAt !== this.#drops && checked < this.poolSize) {
        try {
          await connection.executeQuery(CompiledQuery.raw('select 1'));
        } catch (error) {
          if (!isConnectionDrop(error)) {
            await this.inner.releaseConnection(connection);
            throw error;
          }
          this.discard(connection);
          continue;
        }
      }
      this.#openAt.set(connection, this.#drops);
      return connection;
    }
  }

  /**
   * Kysely's PostgresDriver never pools again a connection whose ROLLBACK failed; on a dropped
   * connection it fails (at once, or when the socket's end arrives), so the pool cannot hand the
   * dead connection out again before it notices the drop itself. The request does not wait for it.
   */
  discard(connection: DatabaseConnection): void {
    void this.inner
      .rollbackTransaction(connection)
      .catch(() => undefined)
      .then(() => this.inner.releaseConnection(connection))
      .catch(() => undefined);
  }

  // BEGIN and COMMIT go through the reconnecting connection, so a drop under them is noted.
  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    (connection as ReconnectingConnection).inTransaction = true;
    await this.inner.beginTransaction(connection, settings);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await this.inner.commitTransaction(connection);
    } catch (error) {
      // A COMMIT that never left may run again with its transaction; one under way may have landed.
      if (!isConnectionDrop(error) || wasNeverSent(error)) throw error;
      throw new CommitOutcomeUnknown(error);
    } finally {
      (connection as ReconnectingConnection).inTransaction = false;
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const reconnecting = connection as ReconnectingConnection;
    reconnecting.inTransaction = false;
    // PostgreSQL rolled the transaction back when the connection ended; the error that ended it
    // is the one to report, not ROLLBACK's on a dead connection.
    if (reconnecting.dropped) return;
    await this.inner.rollbackTransaction(reconnecting);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const { current, dropped, holding } = connection as ReconnectingConnection;
    // A retry that could not get another connection has given its dead one back already.
    if (!holding) return;
    if (dropped) this.discard(current);
    else await this.inner.releaseConnection(current);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** PostgreSQL through a pg.Pool of `poolSize`, with dropped connections handled as above. */
export class ReconnectingPostgresDialect extends PostgresDialect {
  constructor(
    config: PostgresDialectConfig,
    private readonly poolSize: number,
  ) {
    super(config);
  }

  override createDriver(): Driver {
    return new ReconnectingDriver(super.createDriver(), this.poolSize);
  }
}
