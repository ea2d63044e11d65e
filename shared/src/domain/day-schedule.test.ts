import { describe, expect, it } from 'vitest';
import { ringDay } from './day-schedule.ts';
import { estimatedStarts, type RingDivision } from './matchday/estimates.ts';
import { formatAbout } from './time.ts';
import { DEFAULT_EVENT_TYPE_RULES } from './matchday/types.ts';

// Estimated starts from the tournament's schedule (decision 052): the rings' start, not now, and
// the lunch break skipped; read as the venue's clock with a.m./p.m.

const DAY = '2026-11-28';
const ZONE = 'America/Toronto';
const SCHEDULE = [
  { order: 1, line1: 'Doors open', line2: '7:30 a.m.' },
  { order: 2, line1: 'Rings start', line2: '9:00 a.m.' },
  { order: 3, line1: 'Lunch break', line2: '12:00 – 12:45 p.m.' },
  { order: 4, line1: 'Black belt finals', line2: '3:00 p.m.' },
];
const twentyMinutes = (id: number, queueOrder: number): RingDivision => ({
  id,
  ringId: 1,
  status: 'upcoming',
  startedAt: null,
  completedAt: null,
  queueOrder,
  competitorCount: 10,
  eventTypeIds: [1],
  rules: [
    {
      ...DEFAULT_EVENT_TYPE_RULES,
      eventTypeId: 1,
      title: 'Forms',
      decidedBy: 'judged',
      minutesPerPerformance: 2,
    },
  ],
});
const about = (starts: Map<number, string>) => [...starts.values()].map((iso) => formatAbout(iso, ZONE));

describe('estimates from the tournament’s schedule', () => {
  it('reads the rings’ start and the lunch break from the schedule’s text', () => {
    const day = ringDay(SCHEDULE, DAY, ZONE);
    expect(new Date(day.opensAt!).toISOString()).toBe('2026-11-28T14:00:00.000Z');
    expect(
      day.lunch && [new Date(day.lunch.start).toISOString(), new Date(day.lunch.end).toISOString()],
    ).toEqual(['2026-11-28T17:00:00.000Z', '2026-11-28T17:45:00.000Z']);
  });

  it('counts from the rings’ start the evening before, not from now', () => {
    const queue = [1, 2].map((id) => twentyMinutes(id, id));
    const eveningBefore = new Date('2026-11-27T23:00:00Z');
    expect(about(estimatedStarts(queue, eveningBefore, ringDay(SCHEDULE, DAY, ZONE)))).toEqual([
      'about 9:00 a.m.',
      'about 9:20 a.m.',
    ]);
    // Without the schedule it counted from now: 6:00 p.m. the day before.
    expect(about(estimatedStarts(queue, eveningBefore))[0]).toBe('about 6:00 p.m.');
  });

  it('starts nothing during lunch: the next division waits for its end', () => {
    const queue = [1, 2, 3, 4].map((id) => twentyMinutes(id, id));
    const lateMorning = new Date('2026-11-28T16:20:00Z'); // 11:20 a.m.
    expect(about(estimatedStarts(queue, lateMorning, ringDay(SCHEDULE, DAY, ZONE)))).toEqual([
      'about 11:20 a.m.',
      'about 11:40 a.m.',
      'about 12:45 p.m.',
      'about 1:05 p.m.',
    ]);
  });

  it('without a lunch line or any time, keeps the day’s usual opening and no break', () => {
    const none = ringDay([{ order: 1, line1: 'Awards', line2: 'after the finals' }], DAY, ZONE);
    expect(new Date(none.opensAt!).toISOString()).toBe('2026-11-28T13:30:00.000Z');
    expect(none.lunch).toBeNull();
    const lunchAlone = ringDay(
      [
        { order: 1, line1: 'Competition', line2: '8 h 30' },
        { order: 2, line1: 'Dîner', line2: '12 h' },
        { order: 3, line1: 'Finales', line2: '13 h 30' },
      ],
      DAY,
      ZONE,
    );
    expect(lunchAlone.lunch && (lunchAlone.lunch.end - lunchAlone.lunch.start) / 60_000).toBe(90);
  });
});
