import { logger } from '../lib/logger.ts';

// PostgreSQL may abort a transaction to let another proceed: a deadlock (40P01, e.g. an /api
// edit of a registration racing a check-in push that locks the same rows in another order)
// or a serialization failure (40001). Nothing of the aborted transaction was written, so
// running it again is safe and is what the caller wants; the user must never see a 500 for
// it. One place: every top-level `db.transaction` of the app retries (savepoints inside a
// transaction do not: the whole transaction is what must run again). Transaction callbacks
// therefore only touch the database (mail and other effects happen after commit).

/** SQLSTATEs after which the same transaction may simply run again. */
const RETRYABLE = new Set(['40001', '40P01']);
export const TRANSACTION_ATTEMPTS = 5;

/** The SQLSTATE of a database error, looking through wrappers (Drizzle puts the driver's error in `cause`). */
export function sqlState(err: unknown): string | undefined {
  let e: unknown = err;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export function isRetryableTransactionError(err: unknown): boolean {
  const code = sqlState(err);
  return code !== undefined && RETRYABLE.has(code);
}

type Transactional = { transaction: (...args: never[]) => Promise<unknown> };

/**
 * Makes `db.transaction` run the transaction again (up to TRANSACTION_ATTEMPTS times, after a
 * short random pause) when PostgreSQL aborted it for a deadlock or a serialization failure.
 */
export function retryTransactions<T extends Transactional>(
  db: T,
  pause: (attempt: number) => Promise<void> = (attempt) =>
    new Promise((resolve) => setTimeout(resolve, Math.round(Math.random() * 20 * attempt))),
): T {
  const once = db.transaction.bind(db) as (...args: unknown[]) => Promise<unknown>;
  const retrying = async (...args: unknown[]): Promise<unknown> => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await once(...args);
      } catch (err) {
        if (attempt >= TRANSACTION_ATTEMPTS || !isRetryableTransactionError(err)) throw err;
        logger.warn(
          { attempt, code: sqlState(err) },
          'transaction aborted by the database; running it again',
        );
        await pause(attempt);
      }
    }
  };
  (db as { transaction: unknown }).transaction = retrying;
  return db;
}
