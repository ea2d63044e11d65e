import { describe, expect, it } from 'vitest';
import { pendingIdsOf } from './overlay.ts';

describe('which rows carry a "not yet sent" mark', () => {
  const pending = new Set([
    'scores:100:1:3:2:0',
    'matchResults:100:2:r1m1',
    'competitors:12',
    'scores:100:1:4:1:0',
  ]);

  it('lists the ids of one entity, as the keys spell them (score and match ids hold colons)', () => {
    expect([...pendingIdsOf(pending, 'scores')]).toEqual(['100:1:3:2:0', '100:1:4:1:0']);
    expect([...pendingIdsOf(pending, 'matchResults')]).toEqual(['100:2:r1m1']);
    expect([...pendingIdsOf(pending, 'competitors')]).toEqual(['12']);
  });

  it('marks nothing when nothing waits to be sent, or nothing of that entity', () => {
    expect(pendingIdsOf(new Set(), 'scores').size).toBe(0);
    expect(pendingIdsOf(pending, 'divisions').size).toBe(0);
  });
});
