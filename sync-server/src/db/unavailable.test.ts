import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { onError, UNAVAILABLE_MESSAGE } from '../lib/errors.ts';
import { isDatabaseUnavailable, outageCode } from './unavailable.ts';
import { english } from '../testing/english.ts';

// A database outage answers 503 with Retry-After (the client tries again); any other failure
// stays a 500 to look into.

const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code });
/** As Drizzle reports a failed query: its own error, the driver's in `cause`. */
const viaDrizzle = (cause: Error) => new Error('Failed query: select 1\nparams: ', { cause });

describe('outageCode', () => {
  it('recognizes a lost or refused connection from either driver, through Drizzle’s wrapper', () => {
    expect(outageCode(viaDrizzle(coded('CONNECTION_CLOSED')))).toBe('CONNECTION_CLOSED');
    expect(outageCode(coded('ECONNREFUSED'))).toBe('ECONNREFUSED');
    expect(
      outageCode(viaDrizzle(coded('57P01', 'terminating connection due to administrator command'))),
    ).toBe('57P01');
    expect(outageCode(coded('57P03', 'the database system is starting up'))).toBe('57P03');
    expect(outageCode(coded('08006'))).toBe('08006');
    expect(outageCode(new Error('Connection terminated unexpectedly'))).toBe('CONNECTION_TERMINATED');
  });

  it('leaves other database errors and bugs alone', () => {
    expect(isDatabaseUnavailable(viaDrizzle(coded('23505', 'duplicate key')))).toBe(false);
    expect(isDatabaseUnavailable(coded('22021', 'invalid byte sequence'))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable('CONNECTION_CLOSED')).toBe(false);
  });
});

describe('the error handler', () => {
  const app = new Hono();
  app.get('/outage', () => {
    throw viaDrizzle(coded('CONNECTION_CLOSED'));
  });
  app.get('/bug', () => {
    throw new TypeError('x is undefined');
  });
  app.onError(onError);

  it('answers a database outage 503 with Retry-After and a message to try again', async () => {
    const res = await app.request('/outage');
    expect(res.status).toBe(503);
    expect(res.headers.get('Retry-After')).toBe('5');
    expect(await res.json()).toEqual({ message: english(UNAVAILABLE_MESSAGE) });
  });

  it('still answers anything else 500', async () => {
    expect((await app.request('/bug')).status).toBe(500);
  });
});
