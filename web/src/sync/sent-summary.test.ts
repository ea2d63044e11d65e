import { describe, expect, it } from 'vitest';
import { sentSummary } from './sent-summary.ts';

describe('what a reconnected device says it sent', () => {
  it('counts one kind in its own words, singular and plural', () => {
    expect(sentSummary({ 'checkInCompetitor@1': 3 })).toBe('3 check-ins sent');
    expect(sentSummary({ 'checkInCompetitor@1': 1 })).toBe('1 check-in sent');
  });

  it('lists several kinds in the order they came, and others as changes, last', () => {
    expect(sentSummary({ 'checkInCompetitor@1': 2, 'recordDoorPayment@1': 1 })).toBe(
      '2 check-ins and 1 payment sent',
    );
    expect(
      sentSummary({
        'registerWalkIn@1': 2,
        'startDivision@1': 1,
        'checkInCompetitor@1': 1,
        'recordScore@1': 2,
      }),
    ).toBe('2 walk-ins, 1 check-in and 3 changes sent');
  });

  it('says nothing when nothing was accepted', () => {
    expect(sentSummary({})).toBeNull();
    expect(sentSummary({ 'checkInCompetitor@1': 0 })).toBeNull();
  });
});
