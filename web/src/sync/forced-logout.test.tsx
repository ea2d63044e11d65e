import { render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PushRequest } from '@shared/contract/sync.ts';
import { api } from '../lib/api-client.ts';
import { getSession, setSession } from '../lib/session.ts';
import { DeviceDb, getMeta, META, setDeviceDbForTests } from './db.ts';
import { checkInCompetitor } from '@shared/domain/mutators/index.ts';
import { OtherPersonsChangesError, SyncEngine } from './engine.ts';
import { guardLogout, UNSENT_KEY, UnsentChangesNotice } from './pwa.tsx';

// docs/product.md §4 (a 401 or 403 while signed in forces logout) against docs/design.md §4
// (a device never drops its outbox on 401): the forced logout wipes the device store only
// when nothing is queued.

const dana = { personId: 7, roles: ['CheckInAdmin'], userDisplayName: 'Dana Door' };
const eli = { personId: 8, roles: ['CheckInAdmin'], userDisplayName: 'Eli Entry' };

let db: DeviceDb;
let n = 0;
beforeAll(() => guardLogout());
beforeEach(() => {
  db = new DeviceDb(`forced-${++n}`);
  setDeviceDbForTests(db);
  localStorage.removeItem(UNSENT_KEY);
  setSession({ user: dana, token: 'tok-dana' });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  setDeviceDbForTests(null);
  await db.delete();
});

/** A server that answers /api with 401 and records pushes. */
function server() {
  const pushes: PushRequest[] = [];
  const fetchFn = vi.fn(async (url: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const path = String(url);
    if (path.startsWith('/api/')) return new Response('{"message":"Unauthorized"}', { status: 401 });
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    if (path === '/sync/push') {
      const req = body as unknown as PushRequest;
      pushes.push(req);
      return Response.json({
        lastMutationId: req.mutations.at(-1)?.id ?? 0,
        results: req.mutations.map((m) => ({ id: m.id, status: 'applied', code: null, message: null })),
      });
    }
    return Response.json({ cookie: 'c1', patch: [], lastMutationIds: {}, rejections: [] });
  });
  return { pushes, fetch: fetchFn };
}

/** An /api call answered 401: the forced logout, and its hooks finished. */
async function forcedLogoutByApi(s: ReturnType<typeof server>) {
  vi.stubGlobal('fetch', s.fetch);
  await expect(api.get('/api/registration/list')).rejects.toThrow();
  expect(getSession()).toBeNull();
  // The hooks run after the session is cleared: each test waits for their outcome.
}

describe('forced logout (401/403 from /api)', () => {
  it('with nothing queued, wipes the device store as any logout does', async () => {
    const engine = new SyncEngine({ db, fetch: server().fetch, schedule: () => () => {} });
    await engine.syncOnce();
    expect(await getMeta(db, META.personId)).toBe(7);
    await forcedLogoutByApi(server());
    await vi.waitFor(async () => expect(await db.meta.count()).toBe(0));
    render(<UnsentChangesNotice />);
    expect(screen.queryByText(/not yet sent/)).not.toBeInTheDocument();
  });

  it('with changes queued, keeps them and asks to sign in again; the same person signing in sends them once', async () => {
    const s = server();
    const engine = new SyncEngine({ db, fetch: s.fetch, schedule: () => () => {} });
    await engine.syncOnce();
    const clientId = await getMeta<string>(db, META.clientId);
    await engine.replica.mutate(checkInCompetitor, { competitorId: 10 });
    await engine.replica.mutate(checkInCompetitor, { competitorId: 11 });

    await forcedLogoutByApi(s);
    await vi.waitFor(() => expect(localStorage.getItem(UNSENT_KEY)).not.toBeNull());
    expect(await db.outbox.count()).toBe(2);
    render(<UnsentChangesNotice />);
    expect(
      screen.getByText('Changes made on this device are not yet sent. Sign in again to send them.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/user/login');

    setSession({ user: dana, token: 'tok-dana-2' });
    await vi.waitFor(() => expect(screen.queryByText(/not yet sent/)).not.toBeInTheDocument());
    await engine.syncOnce();
    expect(s.pushes).toHaveLength(1);
    expect(s.pushes[0]).toMatchObject({ clientId, mutations: [{ id: 1 }, { id: 2 }] });
  });

  it('another person signing in never sends the first one’s changes under their name, nor drops them', async () => {
    const s = server();
    const engine = new SyncEngine({ db, fetch: s.fetch, schedule: () => () => {} });
    await engine.syncOnce();
    await engine.replica.mutate(checkInCompetitor, { competitorId: 10 });
    await forcedLogoutByApi(s);
    await vi.waitFor(() => expect(localStorage.getItem(UNSENT_KEY)).not.toBeNull());

    setSession({ user: eli, token: 'tok-eli' });
    await expect(engine.syncOnce()).rejects.toBeInstanceOf(OtherPersonsChangesError);
    expect(s.pushes).toHaveLength(0);
    expect(await db.outbox.count()).toBe(1);
    expect(await getMeta(db, META.personId)).toBe(7);

    // Dana signs in again on the tablet: her change goes out.
    setSession({ user: dana, token: 'tok-dana-3' });
    await engine.syncOnce();
    expect(s.pushes.map((p) => p.mutations.map((m) => m.id))).toEqual([[1]]);
  });
});
