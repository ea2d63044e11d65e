import { describe, expect, it } from 'vitest';
import { ageOn } from './competitor.ts';
import { coarseBirthDate, deviceKeepExpired, paymentsKeptFrom, purgeDueOn } from './erasure.ts';

// Decision 046: what an erasure or the purge keeps of a birth date, and when the purge is due.

describe('coarseBirthDate', () => {
  const day = '2026-11-28';
  it.each(['2014-03-02', '2014-11-28', '2014-11-29', '2014-12-31', '2014-01-01', '2012-02-29'])(
    'keeps the birth year and the age on the tournament day of %s, not the day',
    (born) => {
      const coarse = coarseBirthDate(born, day);
      expect(coarse.slice(0, 4)).toBe(born.slice(0, 4));
      expect(ageOn(coarse, day)).toBe(ageOn(born, day));
      expect(['01-01', '12-31']).toContain(coarse.slice(5));
    },
  );
  it('gives the same answer again (the purge may run twice)', () => {
    const once = coarseBirthDate('2014-12-15', '2026-11-28');
    expect(once).toBe('2014-12-31');
    expect(coarseBirthDate(once, '2026-11-28')).toBe(once);
  });
});

describe('purgeDueOn', () => {
  it('is the set number of months after the tournament, on the last day of a shorter month', () => {
    expect(purgeDueOn('2026-11-28', 12)).toBe('2027-11-28');
    expect(purgeDueOn('2026-08-31', 6)).toBe('2027-02-28');
    expect(purgeDueOn('2026-01-15', 1)).toBe('2026-02-15');
  });
});

describe('deviceKeepExpired', () => {
  it('is true from the end of the last kept day', () => {
    expect(deviceKeepExpired('2026-11-28', 7, new Date('2026-12-05T23:59:00Z'))).toBe(false);
    expect(deviceKeepExpired('2026-11-28', 7, new Date('2026-12-06T00:00:00Z'))).toBe(true);
  });
});

describe('paymentsKeptFrom', () => {
  it('keeps payment records six years back to the same day, February 29th falling back to the 28th', () => {
    expect(paymentsKeptFrom(new Date('2026-11-27T03:30:00Z'))).toBe('2020-11-27');
    expect(paymentsKeptFrom(new Date('2032-02-29T03:30:00Z'))).toBe('2026-02-28');
  });
});
