import { sqlState } from './retry.ts';

/**
 * Whether the database refused a statement for the values it was given: a data exception
 * (SQLSTATE class 22: a NUL in text, a number out of range for its column) or an integrity
 * constraint violation (class 23: a check, a unique key, a foreign key). Such a failure is
 * about the request's own data, so running it again fails the same way; a lost connection, a
 * deadlock or a fault of the server is none of these.
 */
export function isRefusedData(err: unknown): boolean {
  const code = sqlState(err);
  return code !== undefined && (code.startsWith('22') || code.startsWith('23'));
}
