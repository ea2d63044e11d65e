import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PullResponse, PushRequest, PushResponse, SyncCompetitor } from '@shared/contract/sync.ts';
import { syncCompetitor, syncRegistration } from '@shared/testing/sync-rows.ts';
import { setSession } from '../lib/session.ts';
import { DeviceDb, META, setDeviceDbForTests } from './db.ts';
import { checkInCompetitor } from '@shared/domain/mutators/index.ts';
import { backoffDelay, SyncEngine } from './engine.ts';
import { checkInView } from './overlay.ts';
import { SyncIndicator } from './sync-indicator.tsx';

const registration = syncRegistration({ competitorCount: 2, cost: 0 });
const comp = (id: number) => syncCompetitor({ id, firstName: `Kid${id}` });

let db: DeviceDb;
let n = 0;
beforeEach(() => {
  db = new DeviceDb(`test-${++n}`);
  setDeviceDbForTests(db);
  setSession({
    user: { personId: 7, roles: ['CheckInAdmin'], userDisplayName: 'Dana Door' },
    token: 'tok-1',
  });
});
afterEach(async () => {
  setDeviceDbForTests(null);
  await db.delete();
});

/** A stand-in server: applies pushed check-ins to its rows and answers pulls with them. */
function fakeServer() {
  const rows = new Map<number, SyncCompetitor>([
    [10, comp(10)],
    [11, comp(11)],
  ]);
  let lastMutationId = 0;
  const applied: number[] = [];
  const server = {
    applied,
    rows,
    failNextPushes: 0,
    /** Pushes answered 503, as the server answers while its database is away. */
    unavailableNextPushes: 0,
    /** Pushes whose answer is lost after the server applied them. */
    loseNextAnswers: 0,
    rejections: [] as PullResponse['rejections'],
    answer401: false,
    pushes: 0,
    fetch: async (url: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
      if (server.answer401) return new Response('{}', { status: 401 });
      const body = JSON.parse(String(init?.body));
      if (String(url) === '/sync/push') {
        server.pushes++;
        if (server.failNextPushes > 0) {
          server.failNextPushes--;
          throw new TypeError('Failed to fetch');
        }
        if (server.unavailableNextPushes > 0) {
          server.unavailableNextPushes--;
          return Response.json({ message: 'The service is briefly unavailable.' }, { status: 503 });
        }
        const req = body as PushRequest;
        const results: PushResponse['results'] = [];
        for (const m of req.mutations) {
          if (m.id <= lastMutationId) continue;
          lastMutationId = m.id;
          const id = (m.args as { competitorId: number }).competitorId;
          const row = rows.get(id);
          if (!row) {
            const rejected = {
              code: 'competitor_not_found',
              message: 'This competitor is not registered for the next tournament.',
            };
            results.push({ id: m.id, status: 'rejected', ...rejected });
            server.rejections.push({
              mutationId: m.id,
              name: m.name,
              at: '2026-11-21T14:00:00.000Z',
              ...rejected,
            });
            continue;
          }
          applied.push(id);
          if (!row.checkedInAt)
            rows.set(id, {
              ...row,
              checkedInAt: '2026-11-21T14:00:00.000Z',
              checkedInBy: 7,
              checkedInByName: 'Dana Door',
              version: row.version + 1,
            });
          results.push({ id: m.id, status: 'applied', code: null, message: null });
        }
        if (server.loseNextAnswers > 0) {
          server.loseNextAnswers--;
          throw new TypeError('Failed to fetch');
        }
        return Response.json({ lastMutationId, results } satisfies PushResponse);
      }
      const res: PullResponse = {
        cookie: 'c1',
        patch: [
          { op: 'clear' },
          { op: 'put', entity: 'registrations', rows: [registration] },
          { op: 'put', entity: 'competitors', rows: [...rows.values()] },
        ],
        lastMutationIds: { [body.clientId as string]: lastMutationId },
        rejections: server.rejections,
      };
      return Response.json(res);
    },
  };
  return server;
}

describe('device store and sync engine', () => {
  it('shows a queued check-in at once from the outbox replayed over the confirmed rows, then confirmed after sync', async () => {
    const server = fakeServer();
    const engine = new SyncEngine({ db, fetch: server.fetch, schedule: () => () => {} });
    await engine.syncOnce();
    expect(await db.entity('competitors').count()).toBe(2);

    await engine.replica.mutate(checkInCompetitor, { competitorId: 10 });
    const view = checkInView(engine.replica.getSnapshot());
    expect(view.competitors.find((c) => c.id === 10)).toMatchObject({ checkedInByName: 'Dana Door' });
    expect(view.pendingCompetitorIds).toEqual(new Set([10]));
    // Committed with its optimistic row, not yet as a confirmed one.
    expect(await db.outbox.count()).toBe(1);
    expect((await db.pending.get('competitors:10'))?.row).toMatchObject({ checkedInByName: 'Dana Door' });
    expect((await db.entity('competitors').get(10))?.checkedInAt).toBeNull();

    await engine.syncOnce();
    expect(await db.outbox.count()).toBe(0);
    expect(await db.pending.count()).toBe(0);
    expect((await db.entity('competitors').get(10))?.checkedInByName).toBe('Dana Door');
    expect(checkInView(engine.replica.getSnapshot()).pendingCompetitorIds).toEqual(new Set());
    expect(server.applied).toEqual([10]);
  });

  it('a round with no scope held and nothing queued does not count as having synced', async () => {
    const server = fakeServer();
    const engine = new SyncEngine({ db, scopes: [], fetch: server.fetch, schedule: () => () => {} });
    await engine.syncOnce();
    expect(await db.meta.get(META.lastSynced)).toBeUndefined();
    engine.hold('checkin');
    await engine.syncOnce();
    expect(await db.meta.get(META.lastSynced)).toBeDefined();
  });

  it('gives mutation ids 1, 2, 3 in tap order, also across the first sync that names the device', async () => {
    const server = fakeServer();
    const engine = new SyncEngine({ db, fetch: server.fetch, schedule: () => () => {} });
    server.failNextPushes = 1;
    await engine.replica.mutate(checkInCompetitor, { competitorId: 10 });
    await engine.syncNow(); // names the device, then fails to push
    for (const id of [11, 10]) await engine.replica.mutate(checkInCompetitor, { competitorId: id });
    expect((await db.outbox.toArray()).map((m) => m.id)).toEqual([1, 2, 3]);
    await engine.syncNow();
    expect(server.applied).toEqual([10, 11, 10]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('committed() waits for every tap made so far, also taps made before the device store was read', async () => {
    const engine = new SyncEngine({ db, fetch: fakeServer().fetch, schedule: () => () => {} });
    // Not awaited, as a screen's tap: the first waits for the store to load before it runs.
    const taps = [10, 11, 10].map((id) => engine.replica.mutate(checkInCompetitor, { competitorId: id }));
    await engine.committed();
    expect((await db.outbox.toArray()).map((m) => m.id)).toEqual([1, 2, 3]);
    expect(await Promise.all(taps)).toEqual([1, 2, 3]);
  });

  it('keeps the outbox when a push fails and retries later with backoff, applying each once', async () => {
    const server = fakeServer();
    server.failNextPushes = 1;
    const retries: number[] = [];
    let retry: (() => void) | null = null;
    const engine = new SyncEngine({
      db,
      fetch: server.fetch,
      random: () => 0.5,
      schedule: (fn, ms) => {
        retries.push(ms);
        retry = fn;
        return () => {};
      },
    });
    await engine.replica.mutate(checkInCompetitor, { competitorId: 10 });
    await engine.replica.mutate(checkInCompetitor, { competitorId: 11 });
    engine.start();
    await engine.syncNow();
    expect(await db.outbox.count()).toBe(2);
    expect(engine.getState().status).toBe('offline');
    expect(retries).toEqual([backoffDelay(0, () => 0.5)]);

    (retry as unknown as () => void)();
    await engine.syncNow();
    expect(await db.outbox.count()).toBe(0);
    expect(server.applied).toEqual([10, 11]);
    engine.stop();
  });

  it('a server whose database is away (503) is an outage like no network: working offline, no error, sent later', async () => {
    const server = fakeServer();
    server.unavailableNextPushes = 1;
    let retry: (() => void) | null = null;
    const engine = new SyncEngine({
      db,
      fetch: server.fetch,
      random: () => 0.5,
      schedule: (fn) => {
        retry = fn;
        return () => {};
      },
    });
    await engine.replica.mutate(checkInCompetitor, { competitorId: 10 });
    engine.start();
    await engine.syncNow();
    expect(engine.getState()).toEqual({ status: 'offline', detail: null });
    expect(await db.outbox.count()).toBe(1);

    (retry as unknown as () => void)();
    await engine.syncNow();
    expect(await db.outbox.count()).toBe(0);
    expect(server.applied).toEqual([10]);
    engine.stop();
  });

  it('back from offline, says what the server accepted: refused ones left out, lost answers counted once', async () => {
    const server = fakeServer();
    const engine = new SyncEngine({ db, fetch: server.fetch, schedule: () => () => {} });
    await engine.syncOnce();
    // Online, a tap is sent at once: nothing to report.
    await engine.replica.mutate(checkInCompetitor, { competitorId: 10 });
    await engine.syncNow();
    expect(engine.getSent()).toBeNull();

    // Offline: three check-ins queued, one of them of a competitor the server does not know.
    server.failNextPushes = 1;
    for (const id of [11, 99, 10]) await engine.replica.mutate(checkInCompetitor, { competitorId: id });
    await engine.syncNow();
    expect(engine.getState().status).toBe('offline');
    expect(engine.getSent()).toBeNull();

    // Back: the server applies them but the answer is lost; the retry's answer lists none of
    // them, the pull brings the refusal. Two accepted, said once.
    server.loseNextAnswers = 1;
    await engine.syncNow();
    expect(engine.getSent()).toBeNull();
    await engine.syncNow();
    expect(engine.getSent()?.counts).toEqual({ 'checkInCompetitor@1': 2 });
    expect((await db.rejections.toArray()).map((r) => r.mutationId)).toEqual([3]);

    // The next online tap does not repeat it or add to it.
    await engine.replica.mutate(checkInCompetitor, { competitorId: 11 });
    await engine.syncNow();
    expect(engine.getSent()?.counts).toEqual({ 'checkInCompetitor@1': 2 });
  });

  it('pauses on a 401 without dropping the outbox, and resumes with a new token', async () => {
    const server = fakeServer();
    server.answer401 = true;
    const engine = new SyncEngine({ db, fetch: server.fetch, schedule: () => () => {} });
    await engine.replica.mutate(checkInCompetitor, { competitorId: 10 });
    await engine.syncNow();
    expect(engine.getState().status).toBe('signed-out');
    expect(await db.outbox.count()).toBe(1);

    server.answer401 = false;
    setSession({
      user: { personId: 7, roles: ['CheckInAdmin'], userDisplayName: 'Dana Door' },
      token: 'tok-2',
    });
    await engine.syncNow();
    expect(await db.outbox.count()).toBe(0);
    expect(server.applied).toEqual([10]);
  });

  it('lists a change the server refused, with its reason, in the sync indicator', async () => {
    const server = fakeServer();
    const engine = new SyncEngine({ db, fetch: server.fetch, schedule: () => () => {} });
    await engine.replica.mutate(checkInCompetitor, { competitorId: 99 });
    await engine.syncOnce();
    expect(await db.outbox.count()).toBe(0);
    render(<SyncIndicator />);
    expect(await screen.findByText(/1 change was refused/)).toBeInTheDocument();
    expect(
      screen.getByText(/This competitor is not registered for the next tournament\./),
    ).toBeInTheDocument();
  });

  it('never says "All changes sent" while queued changes have not been read yet', async () => {
    // A change queued in an earlier visit: in IndexedDB, not yet in this tab's replica.
    await db.outbox.add({
      id: 1,
      name: checkInCompetitor.name,
      args: { competitorId: 10 },
      queuedAt: '2026-11-22T09:00:00Z',
    });
    render(<SyncIndicator />);
    // The first render comes before IndexedDB answers: it must not claim the outbox is empty.
    expect(screen.getByTestId('sync-pending')).toHaveTextContent('Checking for unsent changes');
    expect(await screen.findByText('1 change not yet sent')).toBeInTheDocument();
    expect(screen.queryByText('All changes sent')).not.toBeInTheDocument();
  });

  it('says "All changes sent" only beside a "Last synced" time, written with the outbox trim', async () => {
    const server = fakeServer();
    const engine = new SyncEngine({ db, fetch: server.fetch, schedule: () => () => {} });
    render(<SyncIndicator />);
    // Never synced and nothing queued: no claim that anything was sent.
    expect(await screen.findByText('No changes to send')).toBeInTheDocument();
    expect(screen.getByTestId('sync-last')).toHaveTextContent('Not synced yet');
    await engine.replica.mutate(checkInCompetitor, { competitorId: 10 });
    await engine.syncOnce();
    expect(await screen.findByText('All changes sent')).toBeInTheDocument();
    expect(screen.getByTestId('sync-last')).toHaveTextContent(/^Last synced /);
  });

  it('a different person signing in on the tablet starts from an empty store', async () => {
    const server = fakeServer();
    const engine = new SyncEngine({ db, fetch: server.fetch, schedule: () => () => {} });
    await engine.syncOnce();
    const first = (await db.meta.get('clientId'))?.value;
    setSession({
      user: { personId: 8, roles: ['CheckInAdmin'], userDisplayName: 'Eli Entry' },
      token: 'tok-3',
    });
    await engine.syncOnce();
    expect((await db.meta.get('clientId'))?.value).not.toBe(first);
  });
});

describe('the heartbeat a matchday pull carries (decision 048)', () => {
  it('reports the ring and the changes not yet processed, and keeps the devices a director is sent', async () => {
    const server = fakeServer();
    const pulls: Record<string, unknown>[] = [];
    const devices = [
      {
        id: 1,
        ringId: 3,
        personName: 'Olga Official',
        lastHeardAt: '2026-11-21T14:00:00.000Z',
        outboxDepth: 2,
      },
    ];
    const fetchFn = async (url: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
      const res = await server.fetch(url, init);
      if (String(url) !== '/sync/pull') return res;
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      pulls.push(body);
      const answer = (await res.json()) as PullResponse;
      return Response.json(
        body.scope === 'matchday' ? { ...answer, patch: [{ op: 'clear' }], devices } : answer,
      );
    };
    const engine = new SyncEngine({
      db,
      scopes: ['checkin', 'matchday'],
      fetch: fetchFn,
      schedule: () => () => {},
    });
    engine.setDeviceRing(3);
    for (const id of [10, 11]) await engine.replica.mutate(checkInCompetitor, { competitorId: id });
    await engine.syncOnce();
    // Both were processed by the push before the pull: none is unsent, though the outbox still
    // held them until the pull acknowledged them.
    expect(pulls.find((p) => p.scope === 'matchday')).toMatchObject({ outboxDepth: 0, ringId: 3 });
    expect(pulls.find((p) => p.scope === 'checkin')).not.toHaveProperty('outboxDepth');
    expect(await db.meta.get(META.devices)).toEqual({ key: META.devices, value: devices });

    // A change the server did not process (its push answers an older last id): counted as
    // unsent. A new tab's engine has no ring to report yet, so the server keeps the last one.
    await engine.replica.mutate(checkInCompetitor, { competitorId: 10 });
    pulls.length = 0;
    const blocked = async (url: RequestInfo | URL, init?: RequestInit) =>
      String(url) === '/sync/push' ? Response.json({ lastMutationId: 2, results: [] }) : fetchFn(url, init);
    const second = new SyncEngine({ db, scopes: ['matchday'], fetch: blocked, schedule: () => () => {} });
    await second.syncOnce();
    expect(pulls[0]).toMatchObject({ outboxDepth: 1 });
    expect(pulls[0]).not.toHaveProperty('ringId');
    // Two engines on one store tell each other of their writes: stopped, neither reloads after
    // the test (a reload then would read a session from a torn-down page).
    second.stop();
    engine.stop();
  });
});
