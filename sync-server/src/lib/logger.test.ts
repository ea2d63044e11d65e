import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@tournament/shared';
import { users } from '../db/schema.ts';
import { captureLogs } from '../testing/log-capture.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { serializeError } from './logger.ts';
import { english } from '../testing/english.ts';

// A database error names what failed (SQLSTATE, constraint, table) and never the values: the
// query's parameters held e-mails, addresses, phones and password hashes.

const ada = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada.secret@example.com',
  password: 'analytical engine',
  confirmPassword: 'analytical engine',
  addressLine1: '12 Hidden Lane',
  addressLine2: '',
  city: 'Refusalville',
  province: 'ON',
  postalCode: 'P5A 1A1',
  phoneNumber: '7055559876',
};

/** The values of `ada` no log may hold, and the start of any argon2 hash. */
const SECRETS = [ada.email, ada.phoneNumber, ada.addressLine1, 'Lovelace', '$argon2'];

let t: TestApp;
let logs: ReturnType<typeof captureLogs> | undefined;
beforeAll(async () => {
  t = await createTestApp();
  // A rule only the database knows: the schema lets this city through, the table refuses it.
  await t.database.execScript(
    `alter table users add constraint users_city_test check (city <> 'Refusalville')`,
  );
});
afterAll(() => t.close());
afterEach(() => {
  logs?.restore();
  logs = undefined;
});

describe('the log of a database error', () => {
  it('a sign-up the database refuses answers 500, and no log line carries its e-mail, phone, address or password hash', async () => {
    logs = captureLogs();
    const res = await t.call('POST', `/api/users/register?from=${encodeURIComponent(ada.email)}`, ada);
    expect(res.status).toBe(500);
    expect(res.json).toEqual({ message: english(MESSAGES.somethingWrong(500)) });

    const text = logs.text();
    for (const secret of SECRETS) expect(text).not.toContain(secret);
    // What an operator needs is there: which rule failed, on which table, and the request.
    const entries = logs.entries();
    const failure = entries.find((e) => e.msg === 'unhandled error');
    const err = failure?.err as Record<string, unknown> | undefined;
    expect(JSON.stringify(err)).toContain('"code":"23514"');
    expect(JSON.stringify(err)).toContain('"constraint":"users_city_test"');
    expect(JSON.stringify(err)).toContain('"table":"users"');
    expect(String(err?.stack)).toMatch(/\n\s+at /);
    const request = entries.find((e) => e.msg === 'request');
    expect(request).toMatchObject({ method: 'POST', path: '/api/users/register', status: 500 });
    expect(request?.requestId).toBe(failure?.requestId);
  });

  it('keeps the code, constraint and table of a driver error and drops its parameters, query and detail', async () => {
    const failed = await t.db
      .insert(users)
      .values({ email: ada.email, city: 'Refusalville', phoneNumber: ada.phoneNumber })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(failed).toBeInstanceOf(Error);
    const logged = JSON.stringify(serializeError(failed));
    for (const secret of [ada.email, ada.phoneNumber]) expect(logged).not.toContain(secret);
    expect(logged).not.toContain('Failing row');
    expect(logged).toContain('23514');
    expect(logged).toContain('users_city_test');
    // The statement (placeholders only) says which query failed.
    expect(logged).toContain('insert into \\"users\\"');
  });

  it('blanks the value a data exception quotes in its message', async () => {
    const failed = await t.db.execute(sql`select ${'ada.secret@example.com'}::integer`).then(
      () => undefined,
      (e: unknown) => e,
    );
    const logged = serializeError(failed);
    expect(JSON.stringify(logged)).not.toContain(ada.email);
    expect((logged.cause as Record<string, unknown>).code).toBe('22P02');
    expect((logged.cause as Record<string, unknown>).message).toBe(
      'invalid input syntax for type integer: "[value]"',
    );
  });

  it('writes an ordinary error whole: message, code and stack', () => {
    const e = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
      syscall: 'connect',
    });
    expect(serializeError(e)).toMatchObject({
      type: 'Error',
      message: 'connect ECONNREFUSED 127.0.0.1:5432',
      code: 'ECONNREFUSED',
      syscall: 'connect',
      stack: expect.stringMatching(/^Error: connect ECONNREFUSED 127\.0\.0\.1:5432\n\s+at /),
    });
  });
});
