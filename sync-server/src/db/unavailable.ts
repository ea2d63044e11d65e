// When the database is away (restarted, connections terminated, unreachable), a request cannot
// be served, but nothing is wrong with the request or the server: it answers 503 with
// Retry-After, and the client tries again (a device's push is idempotent by mutation id, an
// /api write by its Idempotency-Key). The driver reconnects on the next query by itself.

/** postgres.js's own codes for a connection it lost or could not make. */
const DRIVER_CODES = new Set(['CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED', 'CONNECT_TIMEOUT']);
/** Node's socket errors on the way to the database. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/**
 * SQLSTATEs of a server going away or refusing connections: class 08 (connection exception),
 * 57P01-57P03 (terminated by an administrator, a crash, or not yet accepting connections),
 * 53300 (too many connections).
 */
const SQLSTATES = /^(08...|57P0[1-3]|53300)$/;

/** The codes found on an error and its causes (Drizzle keeps the driver's error in `cause`). */
function codesOf(err: unknown): string[] {
  const codes: string[] = [];
  let e: unknown = err;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
    e = (e as { cause?: unknown }).cause;
  }
  return codes;
}

/** node-postgres (pg-boss's driver on PostgreSQL) says a lost connection in words only. */
const PG_LOST = /^Connection terminated (unexpectedly|due to connection timeout)$/;

/** The code that makes `err` a database outage, or undefined when it is some other failure. */
export function outageCode(err: unknown): string | undefined {
  const code = codesOf(err).find((c) => DRIVER_CODES.has(c) || SOCKET_CODES.has(c) || SQLSTATES.test(c));
  if (code) return code;
  return err instanceof Error && PG_LOST.test(err.message) ? 'CONNECTION_TERMINATED' : undefined;
}

export function isDatabaseUnavailable(err: unknown): boolean {
  return outageCode(err) !== undefined;
}
