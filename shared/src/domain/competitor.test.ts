import { describe, expect, it } from 'vitest';
import { countedCompetitors } from './competitor.ts';

describe('the competitors a tournament counts (dashboard and check-in alike)', () => {
  it('counts those of completed registrations only', () => {
    const registrations = [
      { id: 1, isCompleted: true },
      { id: 2, isCompleted: false },
    ];
    const competitors = [
      { id: 10, registrationId: 1 },
      { id: 11, registrationId: 2 },
      { id: 12, registrationId: 1 },
      // A competitor whose registration the device does not hold is not counted either.
      { id: 13, registrationId: 3 },
    ];
    expect(countedCompetitors(competitors, registrations).map((c) => c.id)).toEqual([10, 12]);
  });
});
