import { describe, expect, it } from 'vitest';
import { isRefusedData } from './data-errors.ts';

// A push rejects a mutation alone when the database refused its data; anything else fails the push.

/** As Drizzle reports a driver's error: its own error, the driver's (with the SQLSTATE) as the cause. */
const failedQuery = (code: string) =>
  new Error('Failed query', { cause: Object.assign(new Error('refused'), { code }) });

describe('isRefusedData', () => {
  it('holds for data exceptions and integrity constraint violations', () => {
    for (const code of ['22021', '22003', '22001', '22P02', '23505', '23503', '23514', '23502'])
      expect(isRefusedData(failedQuery(code)), code).toBe(true);
  });

  it('does not hold for a lost connection, a deadlock, a shutdown, a server fault or a plain error', () => {
    for (const code of ['08006', '08001', '40P01', '40001', '57P01', '53300', 'XX000', '42P01'])
      expect(isRefusedData(failedQuery(code)), code).toBe(false);
    expect(isRefusedData(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe(
      false,
    );
    expect(isRefusedData(Object.assign(new Error('closed'), { code: 'CONNECTION_CLOSED' }))).toBe(false);
    expect(isRefusedData(new TypeError('x is undefined'))).toBe(false);
  });
});
