import { DomainError } from '../domain-error.ts';
import { describe, expect, it } from 'vitest';
import type { SyncCompetitor, SyncRegistration } from '../../contract/sync.ts';
import { syncCompetitor, syncRegistration } from '../../testing/sync-rows.ts';
import { MemoryStore, runMutation, type MutatorContext } from './index.ts';

// The check-in mutators against an in-memory store, as the device runs them over Dexie.

function memoryStore(regs: SyncRegistration[], comps: SyncCompetitor[]): MemoryStore {
  return new MemoryStore({ registrations: regs, competitors: comps });
}

// Registration 1 has paid its $40 in full.
function makeRegistration(over: Partial<SyncRegistration> = {}): SyncRegistration {
  return syncRegistration({ balanceOwing: 0, competitorCount: 2, amountPaid: 40, ...over });
}

const now = new Date('2026-11-21T14:00:00Z');
const dana: MutatorContext = { now, actor: { personId: 7, displayName: 'Dana Door' }, side: 'device' };
const eli: MutatorContext = { now, actor: { personId: 8, displayName: 'Eli Entry' }, side: 'device' };

describe('check-in mutators', () => {
  it('checks a competitor in once; a second check-in says who did it first and changes nothing', async () => {
    const store = memoryStore([makeRegistration()], [syncCompetitor()]);
    const first = await runMutation(store, 'checkInCompetitor@1', { competitorId: 10 }, dana);
    expect(first).toEqual({
      competitorId: 10,
      checkedInNow: true,
      at: now.toISOString(),
      byName: 'Dana Door',
    });
    const second = await runMutation(store, 'checkInCompetitor@1', { competitorId: 10 }, eli);
    expect(second).toEqual({
      competitorId: 10,
      checkedInNow: false,
      at: now.toISOString(),
      byName: 'Dana Door',
    });
    expect(await store.get('competitors', 10)).toMatchObject({
      checkedInBy: 7,
      checkedInByName: 'Dana Door',
    });
  });

  it('keeps the time of the tap, but never one in the future', async () => {
    const store = memoryStore([], [syncCompetitor(), syncCompetitor({ id: 11 })]);
    await runMutation(
      store,
      'checkInCompetitor@1',
      { competitorId: 10, at: '2026-11-21T09:30:00.000Z' },
      dana,
    );
    await runMutation(
      store,
      'checkInCompetitor@1',
      { competitorId: 11, at: '2030-01-01T00:00:00.000Z' },
      dana,
    );
    expect((await store.get('competitors', 10))?.checkedInAt).toBe('2026-11-21T09:30:00.000Z');
    expect((await store.get('competitors', 11))?.checkedInAt).toBe(now.toISOString());
  });

  it('undo clears a check-in, and undoing one not checked in is no error', async () => {
    const store = memoryStore(
      [],
      [syncCompetitor({ checkedInAt: now.toISOString(), checkedInBy: 7, checkedInByName: 'Dana Door' })],
    );
    expect(await runMutation(store, 'undoCheckIn@1', { competitorId: 10 }, eli)).toEqual({
      competitorId: 10,
      undone: true,
    });
    expect(await store.get('competitors', 10)).toMatchObject({
      checkedInAt: null,
      checkedInBy: null,
      checkedInByName: null,
    });
    expect(await runMutation(store, 'undoCheckIn@1', { competitorId: 10 }, eli)).toEqual({
      competitorId: 10,
      undone: false,
    });
  });

  it('checks in every competitor of a registration not yet in, leaving earlier check-ins as they were', async () => {
    const store = memoryStore(
      [makeRegistration()],
      [
        syncCompetitor({ id: 10 }),
        syncCompetitor({
          id: 11,
          checkedInAt: '2026-11-21T13:00:00.000Z',
          checkedInBy: 8,
          checkedInByName: 'Eli Entry',
        }),
        syncCompetitor({ id: 12, registrationId: 2 }),
      ],
    );
    const out = (await runMutation(store, 'checkInRegistration@1', { registrationId: 1 }, dana)) as {
      checkedInNow: boolean;
      byName: string;
    }[];
    expect(out.map((o) => [o.checkedInNow, o.byName])).toEqual([
      [true, 'Dana Door'],
      [false, 'Eli Entry'],
    ]);
    expect((await store.get('competitors', 12))?.checkedInAt).toBeNull();
  });

  it('refuses unknown competitors, registrations without competitors, unknown mutators and bad arguments', async () => {
    const store = memoryStore([makeRegistration({ id: 3 })], []);
    const refused = async (name: string, args: unknown) => {
      try {
        await runMutation(store, name, args, dana);
        return 'applied';
      } catch (e) {
        return e instanceof DomainError ? e.code : 'crashed';
      }
    };
    expect(await refused('checkInCompetitor@1', { competitorId: 99 })).toBe('competitor_not_found');
    expect(await refused('checkInRegistration@1', { registrationId: 3 })).toBe('no_competitors');
    expect(await refused('checkInRegistration@1', { registrationId: 4 })).toBe('registration_not_found');
    expect(await refused('checkInCompetitor@9', { competitorId: 1 })).toBe('unknown_mutator');
    expect(await refused('toString', {})).toBe('unknown_mutator');
    expect(await refused('checkInCompetitor@1', { competitorId: -1 })).toBe('invalid_args');
  });
});
