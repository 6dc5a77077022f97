import { Writable } from 'node:stream';
import pino from 'pino';
import { RequestLogger } from './request-logger';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: pino({ level: 'info', base: undefined, timestamp: false }, stream) };
}

describe('RequestLogger', () => {
  it('writes what a pino child bound to the request would write', () => {
    const { lines, logger } = capture();
    const requestLogger = new RequestLogger(logger, { reqId: 'r-1' }, {});
    requestLogger.error({ statusCode: 503 }, 'database unavailable');
    logger.child({ reqId: 'r-1' }).error({ statusCode: 503 }, 'database unavailable');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toEqual(lines[1]);
    expect(lines[0]).toEqual({ level: 50, reqId: 'r-1', statusCode: 503, msg: 'database unavailable' });
  });

  it('keeps to the level of its parent, or the one it was given', () => {
    const { lines, logger } = capture();
    expect(new RequestLogger(logger, { reqId: 'r-2' }, {}).level).toBe('info');
    new RequestLogger(logger, { reqId: 'r-2' }, {}).debug('not written');
    const quiet = new RequestLogger(logger, { reqId: 'r-3' }, { level: 'error' });
    expect(quiet.level).toBe('error');
    quiet.warn('not written either');
    quiet.level = 'warn';
    quiet.warn('written');
    expect(lines).toEqual([{ level: 40, reqId: 'r-3', msg: 'written' }]);
  });

  it('makes children that carry the request id too', () => {
    const { lines, logger } = capture();
    new RequestLogger(logger, { reqId: 'r-4' }, {}).child({ step: 'payment' }).info('nested');
    expect(lines).toEqual([{ level: 30, reqId: 'r-4', step: 'payment', msg: 'nested' }]);
  });
});
