import { describe, expect, it } from 'vitest';
import { inUseMessage, tournamentDeleteRefusal } from './in-use.ts';

describe('in-use messages', () => {
  it('says nothing when nothing uses the setting', () => {
    expect(inUseMessage('the event type "Forms"', [{ count: 0, noun: ['event', 'events'] }])).toBeNull();
  });

  it('lists every kind of use with its count', () => {
    expect(
      inUseMessage('the competitor level "Beginner"', [
        { count: 12, noun: ['competitor', 'competitors'] },
        { count: 1, noun: ['division', 'divisions'] },
      ]),
    ).toBe(
      'Cannot remove the competitor level "Beginner": it is used by 12 competitors and 1 division. Change or remove those first.',
    );
  });

  it('refuses to delete a tournament with registrations, counting them', () => {
    expect(tournamentDeleteRefusal(0)).toBeNull();
    expect(tournamentDeleteRefusal(1)).toBe('This tournament cannot be deleted: it has 1 registration.');
  });
});
