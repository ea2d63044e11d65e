import { describe, expect, it } from 'vitest';
import type { CompetitorScheduleEntry } from '../contract/matchday.ts';
import type { SyncDivision } from '../contract/sync-entities.ts';
import { syncDivision, syncRing } from '../testing/matchday-rows.ts';
import { completedKey, familyDay, ringsOf } from './family-day.ts';

const NOW = new Date('2026-11-28T15:00:00Z');
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000).toISOString();

const ring = (id: number, name: string, isOpen = true) => syncRing({ id, name, isOpen, sortOrder: id });

/** Five competitors at 2 minutes a performance: a 10-minute division, on Ring 1 in its id's place. */
const division = (id: number, over: Partial<SyncDivision> = {}): SyncDivision =>
  syncDivision({ id, title: `Division ${id}`, competitorCount: 5, ringId: 1, queueOrder: id, ...over });

function entry(divisionId: number, over: Partial<CompetitorScheduleEntry> = {}): CompetitorScheduleEntry {
  return {
    competitorId: 7,
    firstName: 'Ava',
    divisionId,
    title: `Division ${divisionId}`,
    eventTypes: ['Forms'],
    ringName: 'Ring 1',
    status: 'upcoming',
    estimatedStart: null,
    placings: [],
    publicName: 'Ava S.',
    ...over,
  };
}

const RINGS = [ring(1, 'Ring 1'), ring(2, 'Ring 2')];

/** The one line of Ava's division `id`. */
function lineOf(id: number, divisions: SyncDivision[], more: Partial<Parameters<typeof familyDay>[0]> = {}) {
  const entries = more.entries ?? [entry(id)];
  const day = familyDay({ entries, rings: RINGS, divisions, now: NOW, ...more });
  return day[0]!.divisions.find((d) => d.divisionId === id)!;
}

describe("a family's day", () => {
  it('queues a division behind the next one on its ring, with its estimated start ahead of now', () => {
    // Division 1 runs since now (5 x 2 min), division 2 follows, then ours (3).
    const divisions = [
      division(1, { status: 'current', startedAt: NOW.toISOString() }),
      division(2),
      division(3),
    ];
    const line = lineOf(3, divisions);
    expect(line).toMatchObject({ status: 'queued', ringName: 'Ring 1', movedFrom: null, ringClosed: false });
    expect(line.startsAt).toBe(minutes(20));
  });

  it('says "up next" for the first division waiting on its ring', () => {
    const divisions = [
      division(1, { status: 'current', startedAt: NOW.toISOString() }),
      division(2),
      division(3),
    ];
    expect(lineOf(2, divisions)).toMatchObject({ status: 'upNext', startsAt: minutes(10) });
  });

  it('says "happening now" while its ring runs it', () => {
    const divisions = [division(1, { status: 'current', startedAt: NOW.toISOString() }), division(2)];
    expect(lineOf(1, divisions)).toMatchObject({ status: 'now', ringName: 'Ring 1', startsAt: null });
  });

  it('says "paused", as the TV does, while its ring is closed in the middle of it', () => {
    const divisions = [division(1, { status: 'current', startedAt: NOW.toISOString() })];
    const rings = [ring(1, 'Ring 1', false), ring(2, 'Ring 2')];
    expect(lineOf(1, divisions, { rings })).toMatchObject({
      status: 'paused',
      ringName: 'Ring 1',
      startsAt: null,
    });
  });

  it('gives the child its placings once completed', () => {
    const divisions = [division(1, { status: 'completed', completedAt: NOW.toISOString() })];
    const placings = [{ eventTypeId: 1, eventType: 'Forms', place: 2 }];
    const line = lineOf(1, divisions, { entries: [entry(1, { status: 'completed', placings })] });
    expect(line).toMatchObject({ status: 'completed', placings, placingsKnown: true });
    // Completed on the ring before the family's schedule was read again: placings not known yet.
    expect(lineOf(1, divisions)).toMatchObject({ status: 'completed', placings: [], placingsKnown: false });
  });

  it('says where a division moved, from the ring the family first saw it on', () => {
    const seenRings = ringsOf([division(3, { ringId: 1 })]);
    const line = lineOf(3, [division(3, { ringId: 2 })], { seenRings });
    expect(line).toMatchObject({ status: 'upNext', ringName: 'Ring 2', movedFrom: 'Ring 1' });
    expect(lineOf(3, [division(3, { ringId: 1 })], { seenRings }).movedFrom).toBeNull();
  });

  it('says "to be announced" when its ring closes before it runs, or it has no ring', () => {
    const rings = [ring(1, 'Ring 1', false), ring(2, 'Ring 2')];
    const closed = familyDay({ entries: [entry(3)], rings, divisions: [division(3)], now: NOW });
    expect(closed[0]!.divisions[0]).toMatchObject({
      status: 'toBeAnnounced',
      ringClosed: true,
      ringName: 'Ring 1',
      startsAt: null,
    });
    expect(lineOf(3, [division(3, { ringId: null })])).toMatchObject({
      status: 'toBeAnnounced',
      ringName: null,
    });
  });

  it('never shows a time already past as a future estimate', () => {
    // Estimates counted from a stale moment (the device last heard from the server 30 min ago).
    const divisions = [division(1, { status: 'current', startedAt: minutes(-40) }), division(2)];
    const line = lineOf(2, divisions, { estimatesAt: new Date(NOW.getTime() - 30 * 60_000) });
    expect(line.status).toBe('upNext');
    expect(line.startsAt).toBeNull();
    // The schedule's own estimate, for a division the public data do not hold, likewise.
    const past = lineOf(9, [], { entries: [entry(9, { estimatedStart: minutes(-5) })] });
    expect(past).toMatchObject({ status: 'queued', startsAt: null });
  });

  it('groups each child with all their divisions, and keys the completed ones', () => {
    const entries = [entry(1), entry(2), entry(2, { competitorId: 8, firstName: 'Bea' })];
    const divisions = [division(1, { status: 'completed' }), division(2)];
    const day = familyDay({ entries, rings: RINGS, divisions, now: NOW });
    expect(day.map((c) => [c.firstName, c.divisions.map((d) => d.divisionId)])).toEqual([
      ['Ava', [1, 2]],
      ['Bea', [2]],
    ]);
    expect(completedKey(entries, divisions)).toBe('1');
  });
});
