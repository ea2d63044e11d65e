import { describe, expect, it } from 'vitest';
import { translatorFor } from '../i18n/translators.ts';
import { FAMILY_TEXTS, type ChildDivision } from './family-notices.ts';
import { noticeRecipients, type NoticeContact } from './notices.ts';
import {
  nextRingNotice,
  planRingNotices,
  publicationSubject,
  ringLayout,
  RING_NOTICE_SETTLE_MINUTES,
  type FamilyRingDivision,
} from './ring-notices.ts';

const NOW = new Date('2026-11-28T13:00:00.000Z');
const ago = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();
const SETTLED = ago(RING_NOTICE_SETTLE_MINUTES);
const division = (divisionId: number, over: Partial<FamilyRingDivision> = {}): FamilyRingDivision => ({
  divisionId,
  ringId: 1,
  status: 'upcoming',
  changedAt: SETTLED,
  ...over,
});
const none = new Set<number>();

describe('the ring layout a message told', () => {
  it('names each division and its ring, in id order, whatever the times', () => {
    expect(ringLayout([division(15, { ringId: null }), division(12, { ringId: 3 })])).toBe('12@3.15@');
    expect(publicationSubject(7, '12@3.15@')).toBe('pub-7#12@3.15@');
  });
});

describe('when a family hears where and when', () => {
  it('rings laid out after a publication that said "to be announced": one notice, once settled', () => {
    const sent = [publicationSubject(1, '12@.15@')];
    const laidOut = [division(12, { ringId: 2 }), division(15, { ringId: 3 })];
    expect(nextRingNotice(laidOut, sent, none, NOW)).toEqual({ subject: '1#12@2.15@3' });
    // Still being laid out a minute ago: not yet.
    const moving = [division(12, { ringId: 2 }), division(15, { ringId: 3, changedAt: ago(1) })];
    expect(nextRingNotice(moving, sent, none, NOW)).toBeNull();
  });

  it('told once: the same layout again is no news, nor are estimated times', () => {
    const laidOut = [division(12, { ringId: 2 }), division(15, { ringId: 3 })];
    expect(nextRingNotice(laidOut, ['pub-1#12@.15@', '1#12@2.15@3'], none, NOW)).toBeNull();
  });

  it('a move to another ring is news; moved and moved back before it settled is not', () => {
    const sent = ['pub-1#12@.15@', '1#12@2.15@3'];
    expect(
      nextRingNotice([division(12, { ringId: 4 }), division(15, { ringId: 3 })], sent, none, NOW),
    ).toEqual({ subject: '2#12@4.15@3' });
    // Told Ring 4, then back to Ring 2: news again, under a new key.
    const back = [division(12, { ringId: 2 }), division(15, { ringId: 3 })];
    expect(nextRingNotice(back, [...sent, '2#12@4.15@3'], none, NOW)).toEqual({ subject: '3#12@2.15@3' });
  });

  it('a ring taken away is news ("to be announced"); nothing laid out yet is none', () => {
    expect(nextRingNotice([division(12, { ringId: null })], ['1#12@2'], none, NOW)).toEqual({
      subject: '2#12@',
    });
    expect(nextRingNotice([division(12, { ringId: null })], ['pub-1#12@'], none, NOW)).toBeNull();
  });

  it('running, completed and up-soon divisions are no news', () => {
    const sent = ['pub-1#12@.15@'];
    expect(nextRingNotice([division(12, { status: 'current' })], sent, none, NOW)).toBeNull();
    expect(nextRingNotice([division(12, { status: 'completed' })], sent, none, NOW)).toBeNull();
    expect(nextRingNotice([division(12)], sent, new Set([12]), NOW)).toBeNull();
    // The running division's ring is still told with the rest when another one moves.
    expect(
      nextRingNotice([division(12, { status: 'current', changedAt: ago(0) }), division(15)], sent, none, NOW),
    ).toEqual({ subject: '1#12@1.15@1' });
  });

  it('a publication notice told before layouts were kept told no ring', () => {
    expect(nextRingNotice([division(12)], ['pub-1'], none, NOW)).toEqual({ subject: '1#12@1' });
  });

  it('a later publication that told the rings is what the family knows', () => {
    expect(nextRingNotice([division(12, { ringId: 2 })], ['1#12@1', 'pub-2#12@2'], none, NOW)).toBeNull();
    expect(nextRingNotice([division(12, { ringId: 3 })], ['1#12@1', 'pub-2#12@2'], none, NOW)).toEqual({
      subject: '2#12@3',
    });
  });
});

describe('one message per family after a rebalance', () => {
  const contacts: NoticeContact[] = [
    {
      contactId: 1,
      registrationId: 10,
      name: 'Pat Lee',
      email: 'pat@example.test',
      phoneNumber: '7055550101',
      agreedToEmailDivisionNotifications: true,
      agreedToSmsDivisionNotifications: true,
    },
    {
      contactId: 2,
      registrationId: 11,
      name: 'Jo Roy',
      email: 'jo@example.test',
      phoneNumber: null,
      agreedToEmailDivisionNotifications: true,
      agreedToSmsDivisionNotifications: null,
    },
  ];
  const kids = [
    { competitorId: 1, registrationId: 10, name: 'Ava Lee' },
    { competitorId: 2, registrationId: 10, name: 'Bea Lee' },
    { competitorId: 3, registrationId: 11, name: 'Cam Roy' },
  ];
  const recipients = noticeRecipients(kids, contacts, { smsAllowed: true });
  const entries = [
    { divisionId: 12, competitorId: 1 },
    { divisionId: 15, competitorId: 2 },
    { divisionId: 15, competitorId: 3 },
    { divisionId: 18, competitorId: 3 },
  ];

  it("the Lees' two divisions both moved: one message per channel; Cam's family, unmoved, hears nothing", () => {
    const told = '12@1.15@1';
    const sent = new Map([
      ['email:pat@example.test', [`pub-1#${told}`]],
      ['sms:7055550101', [`pub-1#${told}`]],
      ['email:jo@example.test', ['pub-1#15@2.18@1']],
    ]);
    const divisions = [division(12, { ringId: 2 }), division(15, { ringId: 2 }), division(18)];
    const plans = planRingNotices(recipients, entries, divisions, sent, none, NOW);
    expect(plans.map((p) => [p.recipient.channel, p.recipient.address, p.subject, p.divisionIds])).toEqual([
      ['email', 'pat@example.test', '1#12@2.15@2', [12, 15]],
      ['sms', '7055550101', '1#12@2.15@2', [12, 15]],
    ]);
  });
});

describe('what the family reads', () => {
  const child = (name: string, over: Partial<ChildDivision> = {}): ChildDivision => ({
    competitorId: 1,
    name,
    divisionId: 12,
    title: 'Forms 8-9',
    ringName: 'Ring 2',
    estimatedStart: '2026-11-28T15:45:00.000Z',
    ...over,
  });
  const ctx = (lang: 'en' | 'fr') => ({
    tr: translatorFor(lang),
    timeZone: 'America/Toronto',
    link: 'https://t.example/customer/day',
  });

  it("each child's division, ring and time, and the link to the family's day", () => {
    const one = FAMILY_TEXTS.rings(ctx('en'), [child('Alex Lee')]);
    expect(one.subject).toBe('Ring and time for Alex Lee');
    expect(one.text).toBe(
      [
        "Your family's rings and estimated times (times may move during the day):",
        '- Alex Lee: Forms 8-9, Ring 2, about 10:45 a.m. EST',
        'Your day: https://t.example/customer/day',
      ].join('\n'),
    );
    const two = FAMILY_TEXTS.rings(ctx('en'), [
      child('Alex Lee'),
      child('Sam Lee', { competitorId: 2, divisionId: 15, ringName: null, estimatedStart: null }),
    ]);
    expect(two.subject).toBe('Rings and times for Alex Lee and Sam Lee');
    expect(two.text).toContain('- Sam Lee: Forms 8-9, ring to be announced');
  });

  it('in French', () => {
    const text = FAMILY_TEXTS.rings(ctx('fr'), [child('Alex Lee')]);
    expect(text.subject).toBe('Aire et heure pour Alex Lee');
    expect(text.text).toContain('- Alex Lee\u00a0: Forms 8-9, Ring 2, vers 10 h 45 HNE');
    expect(text.text).toContain('Votre journée\u00a0: https://t.example/customer/day');
  });
});
