import { describe, expect, it } from 'vitest';
import {
  controlRoom,
  DEFAULT_BEHIND_WARNING_MINUTES,
  divisionProgress,
  estimatedRingEnd,
  previewRebalance,
  scheduleMinutes,
  type ControlDivision,
  type ControlInput,
} from './control-room.ts';
import { DEFAULT_EVENT_TYPE_RULES, type EventTypeRules } from './types.ts';

const FORMS: EventTypeRules = {
  ...DEFAULT_EVENT_TYPE_RULES,
  eventTypeId: 1,
  title: 'Forms',
  decidedBy: 'judged',
  judges: 3,
  minutesPerPerformance: 2,
};
const SPARRING: EventTypeRules = {
  ...DEFAULT_EVENT_TYPE_RULES,
  eventTypeId: 2,
  title: 'Sparring',
  decidedBy: 'bracket',
  minutesPerMatch: 3,
  thirdPlace: 'shared',
};

const at = (hhmm: string) => `2026-11-28T${hhmm}:00.000Z`;

function division(id: number, over: Partial<ControlDivision> = {}): ControlDivision {
  return {
    id,
    title: `Division ${id}`,
    ringId: 1,
    status: 'upcoming',
    startedAt: null,
    completedAt: null,
    queueOrder: id,
    competitorCount: 5,
    eventTypeIds: [FORMS.eventTypeId],
    rules: [FORMS],
    ...over,
  };
}

function input(over: Partial<ControlInput> = {}): ControlInput {
  return {
    rings: [
      { id: 1, name: 'Ring 1', isOpen: true, sortOrder: 1 },
      { id: 2, name: 'Ring 2', isOpen: true, sortOrder: 2 },
    ],
    divisions: [],
    entries: [],
    scores: [],
    matchResults: [],
    results: [],
    checkedIn: new Map(),
    devices: [],
    now: new Date(at('10:00')),
    behindWarningMinutes: DEFAULT_BEHIND_WARNING_MINUTES,
    ...over,
  };
}

const entries = (divisionId: number, ids: number[], noShow: number[] = []) =>
  ids.map((competitorId) => ({ divisionId, competitorId, noShow: noShow.includes(competitorId) }));

describe('progress of the division a ring runs', () => {
  it('counts a competitor as scored once every judge has scored them, leaving no-shows out', () => {
    const d = division(1, { status: 'current' });
    const scores = [1, 2, 3].flatMap((judge) => [
      { divisionId: 1, eventTypeId: 1, competitorId: 10, judge, round: 0, value: 8 },
    ]);
    // Competitor 11 has two of the three judges' scores only.
    scores.push({ divisionId: 1, eventTypeId: 1, competitorId: 11, judge: 1, round: 0, value: 8 });
    scores.push({ divisionId: 1, eventTypeId: 1, competitorId: 11, judge: 2, round: 0, value: 8 });
    const progress = divisionProgress(d, input({ entries: entries(1, [10, 11, 12, 13], [13]), scores }));
    expect(progress).toEqual({ competitors: { done: 1, total: 3 }, matches: null });
  });

  it('counts bracket matches decided of those to fight, byes left out', () => {
    const d = division(1, { status: 'current', rules: [SPARRING], eventTypeIds: [2] });
    // 5 entrants: a bracket of 8 with 3 byes, so 4 matches are fought (third place shared).
    const results = [{ divisionId: 1, eventTypeId: 2, draw: [10, 11, 12, 13, 14] }];
    const before = divisionProgress(d, input({ entries: entries(1, [10, 11, 12, 13, 14]), results }));
    expect(before).toEqual({ competitors: null, matches: { done: 0, total: 4 } });
    // Seed 4 (13) meets seed 5 (14) in the first round.
    const matchResults = [{ divisionId: 1, eventTypeId: 2, matchId: 'r1m2', winnerId: 13 }];
    const after = divisionProgress(
      d,
      input({ entries: entries(1, [10, 11, 12, 13, 14]), results, matchResults }),
    );
    expect(after.matches).toEqual({ done: 1, total: 4 });
  });
});

describe('ahead of or behind schedule', () => {
  it('is null before the ring starts', () => {
    expect(scheduleMinutes([division(1)], new Date(at('10:00')))).toBeNull();
  });

  it('counts a current division over its estimate as behind, and one within it as on time', () => {
    // 5 competitors x 2 minutes: estimated 10 minutes.
    const d = division(1, { status: 'current', startedAt: at('09:40') });
    expect(scheduleMinutes([d], new Date(at('09:45')))).toBe(0);
    expect(scheduleMinutes([d], new Date(at('10:00')))).toBe(10);
  });

  it('counts divisions finished faster than estimated as ahead', () => {
    const done = division(1, { status: 'completed', startedAt: at('09:00'), completedAt: at('09:04') });
    const next = division(2, { status: 'current', startedAt: at('09:04') });
    expect(scheduleMinutes([done, next], new Date(at('09:06')))).toBe(-6);
  });
});

describe('the estimated end of a ring', () => {
  it('follows the current division with the queue, back to back', () => {
    const current = division(1, { status: 'current', startedAt: at('10:00') });
    const next = division(2);
    expect(estimatedRingEnd([current, next], new Date(at('10:05')))).toBe(at('10:20'));
    expect(estimatedRingEnd([], new Date(at('10:05')))).toBeNull();
  });
});

describe('the control room', () => {
  it("shows each ring's current division, queue, estimated end and tablet", () => {
    const device = {
      id: 7,
      ringId: 1,
      personName: 'Ring 1 official',
      lastHeardAt: at('09:59'),
      outboxDepth: 2,
    };
    const room = controlRoom(
      input({
        divisions: [
          division(1, { status: 'current', startedAt: at('09:55') }),
          division(2),
          division(3, { ringId: 2 }),
        ],
        devices: [device],
      }),
    );
    expect(room.rings.map((r) => r.ring.name)).toEqual(['Ring 1', 'Ring 2']);
    const [one, two] = room.rings;
    expect(one).toMatchObject({
      current: { divisionId: 1, title: 'Division 1', elapsedMinutes: 5, estimatedMinutes: 10 },
      queued: 1,
      estimatedEnd: at('10:15'),
      behindMinutes: 0,
      devices: [device],
      unsent: 2,
    });
    expect(two).toMatchObject({ current: null, queued: 1, behindMinutes: null, devices: [], unsent: 0 });
  });

  it('warns of a ring behind by more than the threshold, and not at it', () => {
    const late = (now: string) =>
      controlRoom(
        input({
          divisions: [division(1, { status: 'current', startedAt: at('09:00') })],
          now: new Date(now),
        }),
      ).warnings.filter((w) => w.kind === 'behind');
    // Estimated 10 minutes: 25 minutes in is 15 behind, 26 minutes in is 16.
    expect(late(at('09:25'))).toEqual([]);
    expect(late(at('09:26'))).toEqual([{ kind: 'behind', ringId: 1, minutes: 16 }]);
  });

  it('warns of a closed ring that still has divisions queued', () => {
    const room = controlRoom(
      input({
        rings: [{ id: 1, name: 'Ring 1', isOpen: false, sortOrder: 1 }],
        divisions: [division(1), division(2)],
      }),
    );
    expect(room.warnings).toEqual([{ kind: 'closedWithQueue', ringId: 1, queued: 2 }]);
  });

  it('warns of a division whose present competitors are not all checked in', () => {
    const room = controlRoom(
      input({
        divisions: [division(1), division(2, { status: 'completed' })],
        entries: [...entries(1, [10, 11, 12], [12]), ...entries(2, [13])],
        checkedIn: new Map([[10, true]]),
      }),
    );
    expect(room.warnings).toEqual([{ kind: 'notCheckedIn', ringId: 1, divisionId: 1, missing: 1 }]);
  });

  it('warns of a tablet silent for two minutes while its ring runs, and not while the ring waits', () => {
    const device = { id: 7, ringId: 1, personName: 'Official', lastHeardAt: at('09:58'), outboxDepth: 0 };
    const silent = (status: 'current' | 'upcoming', now: string) =>
      controlRoom(
        input({
          divisions: [division(1, { status, startedAt: status === 'current' ? at('09:55') : null })],
          devices: [device],
          now: new Date(now),
        }),
      ).warnings.filter((w) => w.kind === 'silentTablet');
    expect(silent('current', '2026-11-28T09:59:59.000Z')).toEqual([]);
    expect(silent('current', at('10:00'))).toEqual([
      { kind: 'silentTablet', ringId: 1, deviceId: 7, personName: 'Official', lastHeardAt: at('09:58') },
    ]);
    expect(silent('upcoming', at('10:30'))).toEqual([]);
  });

  it('counts every device on a ring: a fresher second one hides neither the unsent changes nor the silence of another', () => {
    const official = {
      id: 7,
      ringId: 1,
      personName: 'Olga Official',
      lastHeardAt: at('09:56'),
      outboxDepth: 3,
    };
    const directorTablet = {
      id: 8,
      ringId: 1,
      personName: 'Tara Director',
      lastHeardAt: at('09:59'),
      outboxDepth: 1,
    };
    const elsewhere = {
      id: 9,
      ringId: 2,
      personName: 'Omar Official',
      lastHeardAt: at('09:50'),
      outboxDepth: 5,
    };
    const room = controlRoom(
      input({
        divisions: [division(1, { status: 'current', startedAt: at('09:55') })],
        devices: [official, directorTablet, elsewhere],
      }),
    );
    expect(room.rings[0]).toMatchObject({ devices: [directorTablet, official], unsent: 4 });
    expect(room.rings[1]).toMatchObject({ devices: [elsewhere], unsent: 5 });
    // The official's tablet is silent though the director's, on the same ring, was heard a minute
    // ago; Ring 2's silent device raises nothing, its ring running nothing.
    expect(room.warnings).toEqual([
      { kind: 'silentTablet', ringId: 1, deviceId: 7, personName: 'Olga Official', lastHeardAt: at('09:56') },
    ]);
  });

  it('warns of every silent device on a running ring, the longest silent first', () => {
    const a = { id: 7, ringId: 1, personName: 'A', lastHeardAt: at('09:50'), outboxDepth: 0 };
    const b = { id: 8, ringId: 1, personName: 'B', lastHeardAt: at('09:40'), outboxDepth: 0 };
    const room = controlRoom(
      input({ divisions: [division(1, { status: 'current', startedAt: at('09:55') })], devices: [a, b] }),
    );
    expect(room.warnings.map((w) => (w.kind === 'silentTablet' ? w.deviceId : null))).toEqual([8, 7]);
  });

  it('warns of a running ring no device has reported, once the list of devices has been heard', () => {
    const rows = {
      divisions: [division(1, { status: 'current', startedAt: at('09:55') }), division(2, { ringId: 2 })],
    };
    // Ring 2 waits: no warning for it.
    expect(controlRoom(input(rows)).warnings).toEqual([{ kind: 'noTablet', ringId: 1 }]);
    expect(controlRoom(input({ ...rows, devicesHeard: false })).warnings).toEqual([]);
    // A device with no ring (the director's own control room) is no ring's tablet.
    const room = { id: 3, ringId: null, personName: 'Director', lastHeardAt: at('09:59'), outboxDepth: 0 };
    expect(controlRoom(input({ ...rows, devices: [room] })).warnings).toEqual([
      { kind: 'noTablet', ringId: 1 },
    ]);
  });

  it('measures a tablet’s silence up to when the control room last heard the devices, not while it is offline itself', () => {
    const device = { id: 7, ringId: 1, personName: 'Official', lastHeardAt: at('09:58'), outboxDepth: 0 };
    const room = (devicesAsOf: string) =>
      controlRoom(
        input({
          divisions: [division(1, { status: 'current', startedAt: at('09:55') })],
          devices: [device],
          now: new Date(at('10:30')),
          devicesAsOf: new Date(devicesAsOf),
        }),
      ).warnings.filter((w) => w.kind === 'silentTablet');
    expect(room(at('09:59'))).toEqual([]);
    expect(room(at('10:00'))).toHaveLength(1);
  });
});

describe('a rebalance preview', () => {
  it('lists the divisions that change ring and each ring’s end before and after', () => {
    const divisions = [
      division(1, { status: 'current', startedAt: at('10:00') }),
      division(2),
      division(3),
      division(4, { ringId: null }),
    ];
    const preview = previewRebalance(divisions, [1, 2], new Date(at('10:00')));
    // Ring 1 has 10 minutes running; the three queued ones of 10 minutes go 2, 1, 2.
    expect(preview.moves).toEqual([
      { divisionId: 2, fromRingId: 1, toRingId: 2 },
      { divisionId: 4, fromRingId: null, toRingId: 2 },
    ]);
    expect(preview.ends).toEqual([
      { ringId: 1, before: at('10:30'), after: at('10:20') },
      { ringId: 2, before: null, after: at('10:20') },
    ]);
    // The queues it proposes, each ring's upcoming divisions in order, before anyone applies it.
    expect(preview.queues).toEqual([
      { ringId: 1, divisionIds: [3] },
      { ringId: 2, divisionIds: [2, 4] },
    ]);
  });
});
