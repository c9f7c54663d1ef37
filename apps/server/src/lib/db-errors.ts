/** Whether a database error is a unique-constraint violation (PostgreSQL or SQLite). */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const code = error.code;
  // 23505: PostgreSQL unique_violation; SQLite reports a primary key the same way.
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

// SQLSTATE classes 08 (connection exception) and 57P0x (operator intervention: the backend was
// terminated, the server is shutting down or starting).
const UNAVAILABLE_SQLSTATE = /^(08\d{3}|57P0[1-3])$/;
const UNAVAILABLE_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);

/**
 * What node-postgres (client and pool) says, by message only, when a connection was lost or
 * never came: a socket closed under a query, a client reused after its connection failed (the
 * rollback of a transaction whose backend died), a checkout that timed out, a pool shut down.
 */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
  /^timeout exceeded when trying to connect/,
  /^Cannot use a pool after calling end on the pool/,
];

/**
 * Whether an error means the database could not be reached or dropped the connection (rather
 * than refusing the statement): the request may simply be retried, so the API answers 503.
 * SQLITE_BUSY counts too: it only reaches here once busy_timeout has run out.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = 'code' in error ? error.code : undefined;
  if (typeof code === 'string') {
    if (UNAVAILABLE_SQLSTATE.test(code)) return true;
    // Only a socket error (it has a syscall): a client that aborts its request is ECONNRESET too.
    if (UNAVAILABLE_NODE_CODES.has(code) && 'syscall' in error) return true;
    if (code === 'SQLITE_BUSY' || code === 'SQLITE_BUSY_SNAPSHOT') return true;
  }
  // Node reports a host with several addresses, all refused, as one AggregateError.
  if (error instanceof AggregateError && error.errors.some(isDatabaseUnavailable)) return true;
  const message = error instanceof Error ? error.message : '';
  return UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message));
}
