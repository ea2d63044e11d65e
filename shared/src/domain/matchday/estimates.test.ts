import { describe, expect, it } from 'vitest';
import {
  estimateRing,
  estimatedMinutes,
  estimatedStarts,
  type QueueItem,
  type RingDivision,
} from './estimates.ts';
import { DEFAULT_EVENT_TYPE_RULES, type EventTypeRules } from './types.ts';

const FORMS = 1;
const SPARRING = 2;
const rules = new Map<number, EventTypeRules>([
  [
    FORMS,
    {
      ...DEFAULT_EVENT_TYPE_RULES,
      eventTypeId: FORMS,
      title: 'Forms',
      decidedBy: 'judged',
      minutesPerPerformance: 2,
    },
  ],
  [
    SPARRING,
    {
      ...DEFAULT_EVENT_TYPE_RULES,
      eventTypeId: SPARRING,
      title: 'Sparring',
      decidedBy: 'bracket',
      minutesPerMatch: 3,
      thirdPlace: 'match',
    },
  ],
]);

const at = (hhmm: string) => `2026-11-28T${hhmm}:00.000Z`;
let nextDivision = 1;
function makeItem(over: Partial<QueueItem> = {}): QueueItem {
  return {
    divisionId: nextDivision++,
    status: 'upcoming',
    startedAt: null,
    completedAt: null,
    estimatedMinutes: 10,
    ...over,
  };
}

describe('estimated minutes of a division', () => {
  it('judged events take a performance per competitor; bracket events a match per fought match', () => {
    expect(estimatedMinutes({ competitorCount: 5, eventTypeIds: [FORMS] }, rules)).toBe(10);
    // 5 entrants: 4 fought matches and a third-place match.
    expect(estimatedMinutes({ competitorCount: 5, eventTypeIds: [SPARRING] }, rules)).toBe(15);
    expect(estimatedMinutes({ competitorCount: 5, eventTypeIds: [FORMS, SPARRING] }, rules)).toBe(25);
  });

  it('an unknown event type uses the default minutes', () => {
    expect(estimatedMinutes({ competitorCount: 4, eventTypeIds: [99] }, rules)).toBe(
      4 * DEFAULT_EVENT_TYPE_RULES.minutesPerPerformance,
    );
  });
});

describe('estimated start times on a ring', () => {
  it('upcoming divisions follow the current one back to back', () => {
    const current = makeItem({ status: 'current', startedAt: at('09:00'), estimatedMinutes: 20 });
    const next = makeItem({ estimatedMinutes: 10 });
    const after = makeItem({ estimatedMinutes: 5 });
    const { pace, items } = estimateRing([current, next, after], new Date(at('09:05')));
    expect(pace).toBe(1);
    expect(items.map((i) => [i.estimatedStart, i.estimatedEnd])).toEqual([
      [at('09:00'), at('09:20')],
      [at('09:20'), at('09:30')],
      [at('09:30'), at('09:35')],
    ]);
  });

  it('actual durations on the ring correct the estimate', () => {
    // The first division took 30 minutes for an estimated 20: pace 1.5.
    const done = makeItem({
      status: 'completed',
      startedAt: at('09:00'),
      completedAt: at('09:30'),
      estimatedMinutes: 20,
    });
    const next = makeItem({ estimatedMinutes: 10 });
    const { pace, items } = estimateRing([done, next], new Date(at('09:30')));
    expect(pace).toBe(1.5);
    expect(items).toEqual([
      { divisionId: done.divisionId, estimatedStart: null, estimatedEnd: null },
      { divisionId: next.divisionId, estimatedStart: at('09:30'), estimatedEnd: at('09:45') },
    ]);
  });

  it('a current division running over its estimate ends now at the earliest', () => {
    const current = makeItem({ status: 'current', startedAt: at('09:00'), estimatedMinutes: 10 });
    const next = makeItem({ estimatedMinutes: 10 });
    const { items } = estimateRing([current, next], new Date(at('09:40')));
    expect(items[0]!.estimatedEnd).toBe(at('09:40'));
    expect(items[1]!.estimatedStart).toBe(at('09:40'));
  });

  it('nothing starts before now on an idle ring', () => {
    const { items } = estimateRing([makeItem()], new Date(at('11:00')));
    expect(items[0]!.estimatedStart).toBe(at('11:00'));
  });

  it('an implausible pace is clamped', () => {
    const crawl = makeItem({
      status: 'completed',
      startedAt: at('09:00'),
      completedAt: at('12:00'),
      estimatedMinutes: 10,
    });
    const dash = makeItem({
      status: 'completed',
      startedAt: at('09:00'),
      completedAt: at('09:01'),
      estimatedMinutes: 10,
    });
    expect(estimateRing([crawl], new Date(at('12:00'))).pace).toBe(3);
    expect(estimateRing([dash], new Date(at('12:00'))).pace).toBe(0.5);
  });
});

describe('estimated starts of every ring', () => {
  const formsRules: EventTypeRules = {
    ...DEFAULT_EVENT_TYPE_RULES,
    eventTypeId: FORMS,
    title: 'Forms',
    decidedBy: 'judged',
  };
  const division = (over: Partial<RingDivision>): RingDivision => ({
    id: 1,
    ringId: 1,
    status: 'upcoming',
    startedAt: null,
    completedAt: null,
    queueOrder: 1,
    competitorCount: 5,
    eventTypeIds: [FORMS],
    rules: [formsRules],
    ...over,
  });

  it('runs each ring on its own, and a completed division placed later in the queue sets the pace, not the order', () => {
    const now = new Date(at('10:00'));
    const starts = estimatedStarts(
      [
        // Ring 1: finished at 10:00 exactly as estimated (10 minutes), though reordered to the end.
        division({
          id: 1,
          status: 'completed',
          queueOrder: 9,
          startedAt: at('09:50'),
          completedAt: at('10:00'),
        }),
        division({ id: 2, queueOrder: 1 }),
        division({ id: 3, queueOrder: 2 }),
        // Ring 2 and a division on no ring.
        division({ id: 4, ringId: 2, queueOrder: 1 }),
        division({ id: 5, ringId: null }),
      ],
      now,
    );
    expect(starts.get(2)).toBe(at('10:00'));
    expect(starts.get(3)).toBe(at('10:10'));
    expect(starts.get(4)).toBe(at('10:00'));
    expect(starts.has(1)).toBe(false);
    expect(starts.has(5)).toBe(false);
  });
});
