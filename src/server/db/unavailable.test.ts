import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
/** As drizzle wraps a driver error. */
const failedQuery = (cause: unknown) => Object.assign(new Error('Failed query: select 1\nparams: '), { name: 'DrizzleQueryError', cause });

describe('isDatabaseUnavailable', () => {
  it('knows a database that is away: refused, cut off, shutting down, starting, full', () => {
    for (const error of [
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      withCode('read ECONNRESET', 'ECONNRESET'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Client has encountered a connection error and is not queryable'),
      withCode('terminating connection due to administrator command', '57P01'),
      withCode('the database system is starting up', '57P03'),
      withCode('connection failure', '08006'),
      withCode('sorry, too many clients already', '53300'),
    ]) {
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(isDatabaseUnavailable(failedQuery(error))).toBe(true);
    }
    expect(isDatabaseUnavailable(new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')]))).toBe(true);
  });

  it('leaves every other failure a fault: the statement, the data, the protocol, an HTTP integration', () => {
    for (const error of [
      withCode('duplicate key value violates unique constraint', '23505'),
      withCode('invalid input syntax for type uuid', '22P02'),
      withCode('invalid message format', '08P01'),
      Object.assign(new TypeError('fetch failed'), { cause: withCode('connect ECONNREFUSED 127.0.0.1:9000', 'ECONNREFUSED') }),
      new Error('boom'),
      'a string',
      null,
    ]) {
      expect(isDatabaseUnavailable(error)).toBe(false);
    }
  });
});
