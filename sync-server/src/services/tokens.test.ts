import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../db/schema.ts';
import { CACHE_CHANNEL, createCache, type Cache } from '../lib/cache.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { currentCaller, forgetCaller, type AccountSource } from './tokens.ts';

// The sign-in check (decision 057): every request with a token asks whether the account still
// stands and what its roles are. Each server keeps the answer until the account changes; the
// database tells every server when it does.

let t: TestApp;
/** A second server on the same database: its own cache, fed by the same NOTIFY channel. */
let other: AccountSource & { cache: Cache };
let unlisten: () => Promise<void>;

beforeAll(async () => {
  t = await createTestApp();
  const cache = createCache((key) => t.database.notify(CACHE_CHANNEL, key));
  unlisten = await t.database.listen(CACHE_CHANNEL, (key) => cache.drop(key));
  other = { database: t.database, cache };
});
afterAll(async () => {
  await unlisten();
  await t.close();
});

describe('the sign-in check', () => {
  it('reads an account once per server, not at every request', async () => {
    const official = await t.createUser('RingOfficial');
    const selectsOfOneRequest = async () => {
      const select = vi.spyOn(t.deps.database.db, 'select');
      try {
        expect((await t.call('GET', '/api/users/privacy-policy', undefined, official.token)).status).toBe(
          200,
        );
        return select.mock.calls.length;
      } finally {
        select.mockRestore();
      }
    };
    const first = await selectsOfOneRequest();
    expect(await selectsOfOneRequest()).toBe(first - 1);
    expect(await selectsOfOneRequest()).toBe(first - 1);
    forgetCaller(t.deps.cache, official.user.id);
    expect(await selectsOfOneRequest()).toBe(first);
  });

  it('refuses a revoked account on this server at its very next request', async () => {
    const superAdmin = await t.createUser('SuperAdmin');
    const official = await t.createUser('RingOfficial');
    expect((await t.call('GET', '/api/users/privacy-policy', undefined, official.token)).status).toBe(200);
    const revoke = await t.call(
      'POST',
      `/api/admin/staff/${official.user.id}/revoke`,
      undefined,
      superAdmin.token,
    );
    expect(revoke.status).toBe(200);
    expect((await t.call('GET', '/api/users/privacy-policy', undefined, official.token)).status).toBe(401);
  });

  it('on every other server, drops the account when it changes, however it was changed', async () => {
    const superAdmin = await t.createUser('SuperAdmin');
    const director = await t.createUser('TournamentDirector');
    const tv = 0;
    expect((await currentCaller(other, director.user.id, tv))?.roles).toEqual(['TournamentDirector']);

    // Through the Staff page on this server: the other server follows.
    const res = await t.call(
      'PUT',
      `/api/admin/staff/${director.user.id}/role`,
      { role: 'CheckInAdmin' },
      superAdmin.token,
    );
    expect(res.status).toBe(200);
    await expect
      .poll(async () => (await currentCaller(other, director.user.id, tv))?.roles)
      .toEqual(['CheckInAdmin']);

    // Written outside the services (the admin CLI is another process): both servers follow.
    expect((await currentCaller(t.deps, director.user.id, tv))?.roles).toEqual(['CheckInAdmin']);
    await t.db
      .update(users)
      .set({ roles: ['TournamentDirector'], lastName: 'Renamed' })
      .where(eq(users.id, director.user.id));
    for (const server of [t.deps, other]) {
      await expect
        .poll(async () => {
          const caller = await currentCaller(server, director.user.id, tv);
          return [caller?.roles, caller?.displayName];
        })
        .toEqual([['TournamentDirector'], 'TournamentDirector Renamed']);
    }

    // Its tokens revoked (a password reset, a sign-out everywhere): refused everywhere.
    await t.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, director.user.id));
    for (const server of [t.deps, other]) {
      await expect.poll(() => currentCaller(server, director.user.id, tv)).toBeNull();
    }

    // Deleted: refused, and nothing kept for it.
    const guest = await t.createUser('Customer');
    expect(await currentCaller(other, guest.user.id, 0)).not.toBeNull();
    await t.db.delete(users).where(eq(users.id, guest.user.id));
    await expect.poll(() => currentCaller(other, guest.user.id, 0)).toBeNull();
    expect(other.cache.peek(`caller:${guest.user.id}`)).toBeUndefined();
  });

  it('changes nothing it is not told about: a sign-in or a language change keeps the copy', async () => {
    const parent = await t.createUser('Customer');
    expect(await currentCaller(other, parent.user.id, 0)).not.toBeNull();
    const kept = other.cache.peek(`caller:${parent.user.id}`);
    expect(kept).toBeDefined();
    await t.db
      .update(users)
      .set({ language: 'fr', lastActiveAt: new Date(), lastSignInAt: new Date() })
      .where(eq(users.id, parent.user.id));
    // A later change's NOTIFY arriving proves the earlier update's would have arrived by then.
    const marker = await t.createUser('Customer');
    await currentCaller(other, marker.user.id, 0);
    await t.db.update(users).set({ firstName: 'Marker' }).where(eq(users.id, marker.user.id));
    await expect.poll(() => other.cache.peek(`caller:${marker.user.id}`)).toBeUndefined();
    expect(other.cache.peek(`caller:${parent.user.id}`)).toBe(kept);
  });
});
