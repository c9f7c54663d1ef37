import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isUniqueViolation } from './db-errors.js';

function withCode(message: string, code: string, extra: object = {}) {
  return Object.assign(new Error(message), { code }, extra);
}

describe('errores de base de datos que son una caída (503)', () => {
  it('counts every way a connection is lost or never comes', () => {
    const outages = [
      withCode('terminating connection due to administrator command', '57P01'),
      withCode('the database system is shutting down', '57P03'),
      withCode('connection failure', '08006'),
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED', { syscall: 'connect' }),
      withCode('read ECONNRESET', 'ECONNRESET', { syscall: 'read' }),
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated due to connection timeout'),
      new Error('Client has encountered a connection error and is not queryable'),
      new Error('Client was closed and is not queryable'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Cannot use a pool after calling end on the pool'),
      new AggregateError(
        [withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED', { syscall: 'connect' })],
        '',
      ),
      withCode('database is locked', 'SQLITE_BUSY'),
    ];
    for (const error of outages) expect(isDatabaseUnavailable(error), error.message).toBe(true);
  });

  it('does not count refused statements, aborted clients or other errors', () => {
    const others = [
      withCode('duplicate key value violates unique constraint', '23505'),
      withCode('invalid byte sequence for encoding "UTF8": 0x00', '22021'),
      // A client that hangs up on its own request: no socket call of ours failed.
      withCode('aborted', 'ECONNRESET'),
      new Error('something else'),
      null,
      'texto',
    ];
    for (const error of others) expect(isDatabaseUnavailable(error)).toBe(false);
    expect(isUniqueViolation(withCode('dup', '23505'))).toBe(true);
  });
});
