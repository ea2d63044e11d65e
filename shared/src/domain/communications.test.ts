import { describe, expect, it } from 'vitest';
import {
  fitsUnderCap,
  inAudience,
  mergeValues,
  normalizeAddress,
  NOT_YET_SCHEDULED,
  renderMerge,
  smsSegments,
  toE164,
  unknownMergeFields,
  type AudienceCandidate,
} from './communications.ts';
import { translatorFor } from '../i18n/translators.ts';
import { LEVELS, makeRule } from '../testing/matchmaking.ts';
import { divisionTitle } from './matchmaking/titles.ts';

const family = (over: Partial<AudienceCandidate>): AudienceCandidate => ({
  registrationId: 1,
  isCompleted: true,
  competitorCount: 1,
  checkedInCount: 0,
  divisionIds: [],
  ...over,
});

describe('merge fields', () => {
  const values = mergeValues({
    firstName: 'Sam',
    competitors: ['Maya Lee', 'Leo Lee', 'Maya Lee'],
    divisions: ['Forms 8-9', 'Sparring 8-9'],
    rings: ['Ring 3'],
    estimatedStart: '2026-05-02T14:45:00Z',
  });

  it('fill each field with the family’s values, the time in Ontario', () => {
    expect(
      renderMerge(
        'Hi {{firstName}}: {{ competitors }} in {{divisions}}, {{ring}} at {{estimatedTime}}.',
        values,
      ),
    ).toBe('Hi Sam: Maya Lee and Leo Lee in Forms 8-9 and Sparring 8-9, Ring 3 at 10:45 a.m..');
  });

  it('read a generated division title in the recipient’s language', () => {
    const generated = divisionTitle(
      makeRule({ gender: 1, minAge: 8, maxAge: 9, competitorLevelIds: [1] }),
      LEVELS,
    );
    const ctx = {
      firstName: 'Sam',
      competitors: [],
      divisions: [generated, 'Les petits'],
      rings: [],
      estimatedStart: null,
    };
    expect(mergeValues(ctx, undefined, translatorFor('fr')).divisions).toBe(
      'Garçons 8-9 ans Beginner et Les petits',
    );
    expect(mergeValues(ctx, undefined, translatorFor('en')).divisions).toBe(
      'Boys 8-9 Beginner and Les petits',
    );
  });

  it('say "to be announced" for what is not known yet', () => {
    const empty = mergeValues({
      firstName: '',
      competitors: [],
      divisions: [],
      rings: [],
      estimatedStart: null,
    });
    expect(renderMerge('{{firstName}} {{ring}} {{estimatedTime}}', empty)).toBe(
      `there ${NOT_YET_SCHEDULED} ${NOT_YET_SCHEDULED}`,
    );
  });

  it('leave an unknown tag as written and name it', () => {
    expect(renderMerge('Hi {{firstname}}', values)).toBe('Hi {{firstname}}');
    expect(unknownMergeFields('{{firstname}} {{ring}} {{time}}')).toEqual(['firstname', 'time']);
  });
});

describe('audiences', () => {
  it('incomplete: only registrations not completed', () => {
    expect(inAudience(family({ isCompleted: false }), { kind: 'incomplete' })).toBe(true);
    expect(inAudience(family({ isCompleted: true }), { kind: 'incomplete' })).toBe(false);
  });

  it("a division's families: those with a competitor in it", () => {
    expect(inAudience(family({ divisionIds: [4, 7] }), { kind: 'division', divisionId: 7 })).toBe(true);
    expect(inAudience(family({ divisionIds: [4] }), { kind: 'division', divisionId: 7 })).toBe(false);
  });

  it('checked in: a competitor checked in; not checked in: competitors and none checked in', () => {
    expect(inAudience(family({ checkedInCount: 1, competitorCount: 2 }), { kind: 'checked-in' })).toBe(true);
    expect(inAudience(family({ checkedInCount: 1, competitorCount: 2 }), { kind: 'not-checked-in' })).toBe(
      false,
    );
    expect(inAudience(family({ checkedInCount: 0 }), { kind: 'not-checked-in' })).toBe(true);
    expect(inAudience(family({ competitorCount: 0 }), { kind: 'not-checked-in' })).toBe(false);
    expect(inAudience(family({ isCompleted: false }), { kind: 'not-checked-in' })).toBe(false);
  });

  it('all, and those picked by hand', () => {
    expect(inAudience(family({ isCompleted: false }), { kind: 'all' })).toBe(true);
    expect(inAudience(family({ registrationId: 5 }), { kind: 'selected', registrationIds: [5] })).toBe(true);
    expect(inAudience(family({ registrationId: 6 }), { kind: 'selected', registrationIds: [5] })).toBe(false);
  });
});

describe('SMS cost and cap', () => {
  it('count segments as the provider bills them', () => {
    expect(smsSegments('a'.repeat(160))).toBe(1);
    expect(smsSegments('a'.repeat(161))).toBe(2);
    expect(smsSegments('a'.repeat(306))).toBe(2);
    expect(smsSegments('€'.repeat(80))).toBe(1); // two septets each: 160
    expect(smsSegments('é'.repeat(160))).toBe(1); // in the GSM set
    expect(smsSegments('ł'.repeat(70))).toBe(1); // not: UCS-2, 70 to a segment
    expect(smsSegments('ł'.repeat(71))).toBe(2);
  });

  it('stop at the cap: the SMS that would pass it is not sent', () => {
    expect(fitsUnderCap(null, 10_000, 5)).toBe(true);
    expect(fitsUnderCap(100, 95, 5)).toBe(true);
    expect(fitsUnderCap(100, 96, 5)).toBe(false);
    expect(fitsUnderCap(0, 0, 1)).toBe(false);
  });

  it('write Canadian numbers in E.164', () => {
    expect(toE164('705-555-0101')).toBe('+17055550101');
    expect(toE164('17055550101')).toBe('+17055550101');
    expect(toE164('+447911123456')).toBe('+447911123456');
    expect(toE164('555-0101')).toBeUndefined();
  });
});

describe('addresses', () => {
  it('an e-mail address is kept trimmed and lower case; a placeholder (.invalid) is no address at all', () => {
    expect(normalizeAddress('email', ' Pat@Example.com ')).toBe('pat@example.com');
    expect(normalizeAddress('email', 'walk-in-5b1e@guest.invalid')).toBeUndefined();
    expect(normalizeAddress('email', 'WALK-IN-5B1E@GUEST.INVALID')).toBeUndefined();
    expect(normalizeAddress('email', 'pat@invalid.example.com')).toBe('pat@invalid.example.com');
  });
});
