import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { rateLimits } from '../db/schema.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import * as passwords from './passwords.ts';

type Passwords = typeof passwords;

// "Similar timing for known and unknown e-mails" (decision 006) without timing anything: an
// unknown address costs the same password-hash work as a known one.
vi.mock('./passwords.ts', async (importOriginal) => {
  const real = await importOriginal<Passwords>();
  return { ...real, hashPassword: vi.fn(real.hashPassword), verifyPassword: vi.fn(real.verifyPassword) };
});

describe('known and unknown e-mails cost the same work', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: '2026-11-22T12:00:00Z' });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.delete(rateLimits);
    vi.mocked(passwords.verifyPassword).mockClear();
    vi.mocked(passwords.hashPassword).mockClear();
  });

  it('sign-in with an unknown e-mail still verifies a real argon2id hash', async () => {
    await t.call('POST', '/api/users/authenticate', { username: 'nobody@example.com', password: 'guess' });
    const { user, password } = await t.createUser('Customer');
    await t.call('POST', '/api/users/authenticate', { username: user.email, password: `${password}x` });
    const calls = vi.mocked(passwords.verifyPassword).mock.calls;
    expect(calls).toHaveLength(2);
    for (const [hash] of calls) expect(hash).toMatch(/^\$argon2id\$/);
  });

  it('sign-up with a taken e-mail hashes the password as a new sign-up does', async () => {
    const { user } = await t.createUser('Customer');
    const body = {
      firstName: 'A',
      lastName: 'B',
      password: 'long enough',
      confirmPassword: 'long enough',
      addressLine1: '1 Main',
      city: 'Elliot Lake',
      province: 'ON',
      postalCode: 'P5A 1A1',
      phoneNumber: '7055550100',
    };
    await t.call('POST', '/api/users/register', { ...body, email: user.email });
    await t.call('POST', '/api/users/register', { ...body, email: 'fresh@example.com' });
    expect(vi.mocked(passwords.hashPassword)).toHaveBeenCalledTimes(2);
  });
});
