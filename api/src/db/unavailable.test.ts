import { CommitOutcomeUnknown, isConnectionDrop, isDatabaseUnavailable } from './unavailable';

const pgError = (code: string) => Object.assign(new Error('from PostgreSQL'), { code });

describe('a dropped connection, told from other failures', () => {
  it.each([
    ['admin_shutdown', pgError('57P01')],
    ['crash_shutdown', pgError('57P02')],
    ['cannot_connect_now', pgError('57P03')],
    ['connection_failure', pgError('08006')],
    ['a reset socket', pgError('ECONNRESET')],
    ['a broken pipe', pgError('EPIPE')],
    ['the server closing the socket', new Error('Connection terminated unexpectedly')],
    ['a client that already failed', new Error('Client has encountered a connection error and is not queryable')],
  ])('%s is a drop (retried) and unavailable (503 if it persists)', (_, error) => {
    expect(isConnectionDrop(error)).toBe(true);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a statement timeout', pgError('57014')],
    ['a lock timeout', pgError('55P03')],
    ['too many connections', pgError('53300')],
    ['a deadlock', pgError('40P01')],
    ['a full pool', new Error('timeout exceeded when trying to connect')],
    ['a connect timeout', new Error('Connection terminated due to connection timeout')],
  ])('%s is not a drop: it stays a 503 without a retry', (_, error) => {
    expect(isConnectionDrop(error)).toBe(false);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('a unique violation is neither', () => {
    expect(isConnectionDrop(pgError('23505'))).toBe(false);
    expect(isDatabaseUnavailable(pgError('23505'))).toBe(false);
  });

  it('a drop during COMMIT is not retried, and answers 503', () => {
    const inDoubt = new CommitOutcomeUnknown(new Error('Connection terminated unexpectedly'));
    expect(isConnectionDrop(inDoubt)).toBe(false);
    expect(isDatabaseUnavailable(inDoubt)).toBe(true);
  });
});
