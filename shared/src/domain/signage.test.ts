import { describe, expect, it } from 'vitest';
import type { RingAssignment, SignageRing } from '../contract/matchday.ts';
import type { SyncDivision, SyncRing } from '../contract/sync-entities.ts';
import {
  estimatesFrom,
  nextScheduleLine,
  parseRingIds,
  ringAssignmentsFromRows,
  clockTextMinutes,
  selectSignage,
  signageBoard,
  signageColumns,
} from './signage.ts';

const assignment = (id: number, order: number, over: Partial<RingAssignment> = {}): RingAssignment => ({
  ringAssignmentId: id,
  title: `Division ${id}`,
  eventTypes: ['Forms'],
  order,
  isCompleted: false,
  ...over,
});

const ring = (ringId: number, over: Partial<SignageRing> = {}): SignageRing => ({
  ringId,
  name: `Ring ${ringId}`,
  isOpen: true,
  current: null,
  upcoming: [],
  ...over,
});

const makeRing = (id: number, over: Partial<SyncRing> = {}): SyncRing => ({
  id,
  tournamentId: 1,
  name: `Ring ${id}`,
  isOpen: true,
  sortOrder: id,
  version: 1,
  ...over,
});

const makeDivision = (id: number, over: Partial<SyncDivision> = {}): SyncDivision => ({
  id,
  tournamentId: 1,
  title: `Division ${id}`,
  eventTypeIds: [1],
  eventTypes: ['Forms'],
  rules: [],
  competitorCount: 4,
  ringId: 1,
  queueOrder: id,
  status: 'upcoming',
  startedAt: null,
  completedAt: null,
  version: 1,
  ...over,
});

describe('signage selection', () => {
  it('shows only open rings, in the order given', () => {
    const cards = selectSignage([ring(3), ring(1, { isOpen: false }), ring(2)]);
    expect(cards.map((c) => c.name)).toEqual(['Ring 3', 'Ring 2']);
  });

  it('lists at most three upcoming divisions, by order, without completed ones or the current one', () => {
    const current = assignment(10, 2);
    const cards = selectSignage([
      ring(1, {
        current,
        upcoming: [
          assignment(15, 7),
          assignment(11, 1, { isCompleted: true }),
          current,
          assignment(13, 4),
          assignment(12, 3),
          assignment(14, 5),
        ],
      }),
    ]);
    expect(cards[0]!.current?.ringAssignmentId).toBe(10);
    expect(cards[0]!.upcoming.map((a) => a.ringAssignmentId)).toEqual([12, 13, 14]);
  });

  it('a ring with nothing upcoming has an empty list (the screen says so)', () => {
    const cards = selectSignage([ring(1, { upcoming: [assignment(1, 1, { isCompleted: true })] })]);
    expect(cards[0]!.upcoming).toEqual([]);
  });

  it('the ?rings= option keeps only the named rings; none named keeps all', () => {
    const rings = [ring(1), ring(2), ring(3)];
    expect(selectSignage(rings, [3, 1]).map((c) => c.ringId)).toEqual([1, 3]);
    expect(selectSignage(rings, []).length).toBe(3);
    expect(selectSignage(rings, null).length).toBe(3);
  });

  it('parses ?rings=1,2 and ignores what is not a ring id', () => {
    expect(parseRingIds('1,2')).toEqual([1, 2]);
    expect(parseRingIds(' 4 , x, 4,-1')).toEqual([4]);
    expect(parseRingIds('')).toBeNull();
    expect(parseRingIds(null)).toBeNull();
    expect(parseRingIds('abc')).toBeNull();
  });
});

describe('ring assignments from synced rows', () => {
  it('each ring in its order with its current division and the rest in queue order, completed flagged', () => {
    const rings = [
      makeRing(2, { sortOrder: 0, name: 'Ring B' }),
      makeRing(1, { sortOrder: 1, isOpen: false }),
    ];
    const divisions = [
      makeDivision(21, { ringId: 2, queueOrder: 2 }),
      makeDivision(20, { ringId: 2, queueOrder: 0, status: 'completed' }),
      makeDivision(22, { ringId: 2, queueOrder: 1, status: 'current', startedAt: '2026-06-01T14:00:00Z' }),
      makeDivision(23, { ringId: 2, queueOrder: 1 }),
      makeDivision(30, { ringId: null }),
    ];
    const out = ringAssignmentsFromRows(rings, divisions);
    expect(out.map((r) => [r.ringId, r.name, r.isOpen])).toEqual([
      [2, 'Ring B', true],
      [1, 'Ring 1', false],
    ]);
    expect(out[0]!.current).toMatchObject({ ringAssignmentId: 22, isCompleted: false });
    expect(out[0]!.upcoming.map((a) => [a.ringAssignmentId, a.isCompleted])).toEqual([
      [20, true],
      [23, false],
      [21, false],
    ]);
    expect(out[1]!.current).toBeNull();
    expect(out[1]!.upcoming).toEqual([]);
  });

  it('feeds the selection: the TV shows the current division and the next upcoming ones', () => {
    const cards = selectSignage(
      ringAssignmentsFromRows(
        [makeRing(1)],
        [
          makeDivision(1, { status: 'completed', queueOrder: 1 }),
          makeDivision(2, { status: 'current', queueOrder: 2 }),
          makeDivision(3, { queueOrder: 3 }),
        ],
      ),
    );
    expect(cards[0]!.current?.title).toBe('Division 2');
    expect(cards[0]!.upcoming.map((a) => a.title)).toEqual(['Division 3']);
  });
});

describe('what a TV tells between runs', () => {
  it('keeps a ring closed in the middle of a division, marked paused; a closed ring with nothing running is left out', () => {
    const cards = selectSignage([
      ring(1, { isOpen: false, current: assignment(10, 1) }),
      ring(2, { isOpen: false, upcoming: [assignment(11, 1)] }),
      ring(3),
    ]);
    expect(cards.map((c) => [c.name, c.paused])).toEqual([
      ['Ring 1', true],
      ['Ring 3', false],
    ]);
  });

  it('with no ring at all, says so; with rings but nothing current or upcoming on them, the board is idle', () => {
    expect(signageBoard([])).toEqual({ kind: 'noRings' });
    // Open rings with nothing running and nothing queued (before the first division, over lunch).
    expect(signageBoard([ring(1), ring(2, { isOpen: false, upcoming: [assignment(20, 1)] })])).toEqual({
      kind: 'idle',
      dayOver: false,
    });
    // One ring with a division queued: the rings show, the empty one beside it too.
    const board = signageBoard([ring(1), ring(2, { upcoming: [assignment(20, 1)] })]);
    expect(board.kind === 'rings' && board.cards.map((c) => c.name)).toEqual(['Ring 1', 'Ring 2']);
  });

  it('keeps a ring closed mid-division on the board: paused is a current division, not idle', () => {
    const board = signageBoard([ring(1, { isOpen: false, current: assignment(10, 1) }), ring(2)]);
    expect(board.kind === 'rings' && board.cards.map((c) => [c.name, c.paused])).toEqual([
      ['Ring 1', true],
      ['Ring 2', false],
    ]);
  });

  it('a one-ring TV is idle when its own ring has nothing ahead, while others run', () => {
    const rings = [
      ring(1, { upcoming: [assignment(10, 1, { isCompleted: true })] }),
      ring(2, { current: assignment(20, 1) }),
    ];
    expect(signageBoard(rings, [1])).toEqual({ kind: 'idle', dayOver: false });
    expect(signageBoard(rings, [2]).kind).toBe('rings');
  });

  it('the day is over once every division on every ring has completed', () => {
    const done = (id: number) => assignment(id, id, { isCompleted: true });
    expect(
      signageBoard([ring(1, { upcoming: [done(10), done(11)] }), ring(2, { upcoming: [done(20)] })]),
    ).toEqual({
      kind: 'idle',
      dayOver: true,
    });
    // No division anywhere yet: the day has not started, it is not over.
    expect(signageBoard([ring(1), ring(2)])).toEqual({ kind: 'idle', dayOver: false });
  });

  it('never puts an empty division on a ring’s screen', () => {
    const [board] = ringAssignmentsFromRows(
      [makeRing(1)],
      [makeDivision(1, { competitorCount: 0 }), makeDivision(2)],
    );
    expect(board?.upcoming.map((a) => a.ringAssignmentId)).toEqual([2]);
  });

  it('uses as many columns as rings, four at most', () => {
    expect([0, 1, 3, 4, 7].map(signageColumns)).toEqual([1, 1, 3, 4, 4]);
  });

  it('counts estimates from now while fresh, and from the last update once stale', () => {
    const now = new Date('2027-02-27T15:00:00Z');
    expect(estimatesFrom(now, '2027-02-27T14:59:50Z')).toBe(now);
    expect(estimatesFrom(now, '2027-02-27T14:58:00Z').toISOString()).toBe('2027-02-27T14:58:00.000Z');
    expect(estimatesFrom(now, null)).toBe(now);
  });

  it('reads the times organizers write on the schedule', () => {
    expect(
      ['10:30AM', '1:00PM', '1:00 p.m.', '12:15 am', '13:30', '13 h 30', '9 h', 'Saturday'].map(
        clockTextMinutes,
      ),
    ).toEqual([630, 780, 780, 15, 810, 810, 540, null]);
    expect(clockTextMinutes('Ages 8 here')).toBeNull();
  });

  it('names the next timed line of the schedule: the first before the day, the next one on it, none after', () => {
    const schedule = [
      { order: 2, line1: 'Opening ceremony and eliminations', line2: '10:30AM' },
      { order: 1, line1: 'In-person registration and check-in', line2: '8:30AM to 10:00AM' },
      { order: 3, line1: 'Sparring divisions', line2: '1:00PM' },
      { order: 4, line1: 'Thank you', line2: '' },
    ];
    const day = '2027-02-27';
    expect(nextScheduleLine(schedule, day, '2027-02-26', 20 * 60)?.line1).toBe(
      'In-person registration and check-in',
    );
    expect(nextScheduleLine(schedule, day, day, 12 * 60)?.line1).toBe('Sparring divisions');
    expect(nextScheduleLine(schedule, day, day, 14 * 60)).toBeNull();
    expect(nextScheduleLine(schedule, day, '2027-02-28', 8 * 60)).toBeNull();
  });
});
