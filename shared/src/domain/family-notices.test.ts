import { describe, expect, it } from 'vitest';
import { FORMS, syncDivision, syncRing } from '../testing/matchday-rows.ts';
import { translatorFor } from '../i18n/translators.ts';
import {
  dayOpensAt,
  FAMILY_TEXTS,
  familyEstimates,
  planFamilyDayNotices,
  planUpSoon,
  toldKey,
  toldUpSoon,
  type ChildDivision,
  type PublicationNews,
} from './family-notices.ts';
import { divisionsUpSoon, noticeKey, noticeRecipients, type NoticeContact } from './notices.ts';
import { LEVELS, makeRule } from '../testing/matchmaking.ts';
import { divisionTitle } from './matchmaking/titles.ts';

const en = translatorFor('en');
const fr = translatorFor('fr');
const DAY = { tournamentDate: '2026-11-28', timeZone: 'America/Toronto' };
const ctx = (tr = en) => ({ tr, timeZone: DAY.timeZone, link: 'https://t.example/customer/home' });

// Two families: the Lees (Ava and Bea, one registration; e-mail and text) and Cam's (e-mail only).
const kids = [
  { competitorId: 1, registrationId: 10, name: 'Ava Lee' },
  { competitorId: 2, registrationId: 10, name: 'Bea Lee' },
  { competitorId: 3, registrationId: 11, name: 'Cam Roy' },
];
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
const recipients = noticeRecipients(kids, contacts, { smsAllowed: true });

const child = (competitorId: number, name: string, over: Partial<ChildDivision> = {}): ChildDivision => ({
  competitorId,
  name,
  divisionId: 100 + competitorId,
  title: `Division ${competitorId}`,
  ringName: 'Ring 2',
  estimatedStart: '2026-11-28T14:30:00.000Z',
  ...over,
});
const placements = new Map([
  [1, [child(1, 'Ava Lee')]],
  [2, [child(2, 'Bea Lee', { ringName: null, estimatedStart: null })]],
  [3, [child(3, 'Cam Roy')]],
]);

describe("a publication: one message per family, listing each child's day", () => {
  it('the first publication: each family once per channel, however many children', () => {
    const news = new Map<number, PublicationNews[]>([1, 2, 3].map((id) => [id, [{ kind: 'new' }]]));
    const plans = planFamilyDayNotices(recipients, news, placements);
    expect(plans.map((p) => `${p.recipient.channel}:${p.recipient.address}:${p.kind}`)).toEqual([
      'email:pat@example.test:published',
      'sms:7055550101:published',
      'email:jo@example.test:published',
    ]);
    const lees = FAMILY_TEXTS.day(ctx(), plans[0]!);
    expect(lees.subject).toBe('Divisions are published for Ava Lee and Bea Lee');
    expect(lees.text).toBe(
      [
        'Divisions are published.',
        "Your family's day:",
        '- Ava Lee: Division 1, Ring 2, about 9:30 a.m. EST',
        '- Bea Lee: Division 2, ring to be announced',
        'Your day: https://t.example/customer/home',
      ].join('\n'),
    );
  });

  it('a family hears again only when one of its children moved, and then of the whole day', () => {
    const news = new Map<number, PublicationNews[]>([
      [2, [{ kind: 'moved', from: 'Division 9', to: 'Division 2' }]],
    ]);
    const plans = planFamilyDayNotices(recipients, news, placements);
    expect(plans.map((p) => p.recipient.address)).toEqual(['pat@example.test', '7055550101']);
    const text = FAMILY_TEXTS.day(ctx(), plans[0]!);
    expect(text.subject).toBe('A division changed for Bea Lee');
    expect(text.text).toContain('Division change: Bea Lee moved from Division 9 to Division 2.');
    expect(text.text).toContain('- Ava Lee: Division 1, Ring 2, about 9:30 a.m. EST');
    expect(planFamilyDayNotices(recipients, new Map(), placements)).toEqual([]);
  });

  it('in French, with the time as a French reader writes it', () => {
    const news = new Map<number, PublicationNews[]>([[3, [{ kind: 'new' }]]]);
    const [jo] = planFamilyDayNotices(recipients, news, placements);
    const text = FAMILY_TEXTS.day(ctx(fr), jo!).text;
    expect(text).toContain('Cam Roy\u00a0: Division 3, Ring 2, vers 09 h 30 HNE');
    expect(text).toContain('Votre journée\u00a0: https://t.example/customer/home');
  });
});

describe('what a change says, in the language of the account it belongs to', () => {
  const lee = (news: PublicationNews[]) =>
    planFamilyDayNotices(recipients, new Map([[1, news]]), placements)[0]!;

  it('a move says from and to; a removal says no longer in; a rename says what it is now', () => {
    const text = FAMILY_TEXTS.day(
      ctx(),
      lee([
        { kind: 'moved', from: 'Girls 10-11', to: 'Girls 10-12' },
        { kind: 'moved', from: 'Girls 8-9', to: null },
        { kind: 'renamed', from: 'Girls 12-13', to: 'Girls 12-14' },
      ]),
    ).text;
    expect(text).toContain('Division change: Ava Lee moved from Girls 10-11 to Girls 10-12.');
    expect(text).toContain('Division change: Ava Lee is no longer in Girls 8-9.');
    expect(text).toContain("Division change: Ava Lee's division Girls 12-13 is now Girls 12-14.");
  });

  it('a generated division title is read in that language too; a typed one as typed', () => {
    const generated = divisionTitle(makeRule({ minAge: 10, maxAge: 11, competitorLevelIds: [1] }), LEVELS);
    const moved = FAMILY_TEXTS.day(ctx(fr), lee([{ kind: 'moved', from: generated, to: 'Les petites' }]));
    expect(moved.text).toContain('Filles 10-11 ans Beginner');
    expect(moved.text).toContain('Les petites');
    const soon = FAMILY_TEXTS.upSoon(ctx(fr), [
      {
        divisionId: 1,
        ringId: 2,
        ringName: 'Ring 2',
        title: generated,
        estimatedStart: null,
        competitors: ['Ava Lee', 'Bea Lee'],
      },
    ]);
    expect(soon.subject).toBe('Votre division commence bientôt (Ring 2)');
    expect(soon.text).toContain(
      'Votre division commence bientôt (Ring 2)\u00a0: Filles 10-11 ans Beginner, avec Ava Lee et Bea Lee.',
    );
  });
});

describe('estimated times', () => {
  it('before the day, a ring counts from its opening at 8:30 a.m. venue time, not from now', () => {
    expect(dayOpensAt(DAY).toISOString()).toBe('2026-11-28T13:30:00.000Z');
    const divisions = [1, 2].map((id) =>
      syncDivision({ id, ringId: 1, queueOrder: id, competitorCount: 5, rules: [FORMS] }),
    );
    const weekBefore = new Date('2026-11-21T15:00:00Z');
    const starts = familyEstimates(divisions, weekBefore, DAY);
    expect(starts.get(1)).toBe('2026-11-28T13:30:00.000Z');
    expect(starts.get(2)).toBe('2026-11-28T13:40:00.000Z');
  });
});

describe('up soon: one message per family, every division once', () => {
  const ring = syncRing({ id: 1, name: 'Ring 1' });
  const queue = [1, 2, 3].map((id) =>
    syncDivision({
      id,
      title: `Division ${id}`,
      ringId: 1,
      queueOrder: id,
      competitorCount: 10,
      rules: [FORMS],
    }),
  );

  it('the first division on a ring: up soon when the ring opens on the day, not the evening before', () => {
    const evening = new Date('2026-11-27T23:00:00Z');
    expect(divisionsUpSoon([ring], queue, evening, DAY)).toEqual([]);
    const opening = new Date('2026-11-28T13:30:00Z');
    expect(divisionsUpSoon([ring], queue, opening, DAY).map((d) => d.divisionId)).toEqual([1, 2]);
    // A closed ring opens later: nothing until then.
    expect(divisionsUpSoon([{ ...ring, isOpen: false }], queue, opening, DAY)).toEqual([]);
  });

  it('two children up together: one message per address naming both; told divisions are not told again', () => {
    const soon = divisionsUpSoon([ring], queue, new Date('2026-11-28T13:30:00Z'), DAY);
    const entries = [
      { divisionId: 1, competitorId: 1 },
      { divisionId: 2, competitorId: 2 },
      { divisionId: 2, competitorId: 3 },
    ];
    const plans = planUpSoon(soon, entries, recipients, new Set());
    expect(plans.map((p) => [p.recipient.address, p.divisions.map((d) => d.divisionId)])).toEqual([
      ['pat@example.test', [1, 2]],
      ['7055550101', [1, 2]],
      ['jo@example.test', [2]],
    ]);
    const text = FAMILY_TEXTS.upSoon(ctx(), plans[0]!.divisions);
    expect(text.subject).toBe('Your division is up soon in Ring 1');
    expect(text.text).toContain(
      'Your divisions are up soon: Division 1 in Ring 1 (Ava Lee) and Division 2 in Ring 1 (Bea Lee).',
    );
    const single = FAMILY_TEXTS.upSoon(ctx(), plans[2]!.divisions);
    expect(single.text).toContain(
      'Your division is up soon in Ring 1: Division 2 (Cam Roy). Please head to the ring.',
    );

    // What the queue holds already is read back from its keys: nothing is told twice.
    const told = toldUpSoon([
      noticeKey('up-soon', '1+2', 'sms', '7055550101'),
      noticeKey('up-soon', 2, 'email', 'jo@example.test'),
    ]);
    expect(told.has(toldKey(1, 'sms', '7055550101'))).toBe(true);
    const again = planUpSoon(soon, entries, recipients, told);
    expect(again.map((p) => p.recipient.address)).toEqual(['pat@example.test']);
  });
});

describe('results', () => {
  it("each of the family's children: their placing and points per event type", () => {
    const text = FAMILY_TEXTS.result(
      ctx(),
      {
        divisionId: 5,
        title: 'Girls 10-11',
        events: [{ eventType: 'Forms', placings: [{ competitorId: 1, place: 2 }] }],
      },
      [
        { competitorId: 1, name: 'Ava Lee' },
        { competitorId: 2, name: 'Bea Lee' },
      ],
    );
    expect(text.subject).toBe('Results: Girls 10-11');
    expect(text.text).toContain('- Ava Lee, Forms: 2nd place, 75 points');
    expect(text.text).toContain('- Bea Lee, Forms: no placing');
    const french = FAMILY_TEXTS.result(
      ctx(fr),
      {
        divisionId: 5,
        title: 'Girls 10-11',
        events: [{ eventType: 'Forms', placings: [{ competitorId: 1, place: 1 }] }],
      },
      [{ competitorId: 1, name: 'Ava Lee' }],
    );
    expect(french.text).toContain('Ava Lee, Forms\u00a0: 1re place, 100 points');
  });

  it('a correction says so, in its subject and its first line', () => {
    const outcome = {
      divisionId: 5,
      title: 'Girls 10-11',
      events: [{ eventType: 'Forms', placings: [{ competitorId: 1, place: 3 as const }] }],
    };
    const text = FAMILY_TEXTS.result(ctx(), outcome, [{ competitorId: 1, name: 'Ava Lee' }], true);
    expect(text.subject).toBe('Corrected results: Girls 10-11');
    expect(text.text.split('\n')[0]).toBe(
      'Corrected results of Girls 10-11 (this replaces the earlier message):',
    );
    expect(text.text).toContain('- Ava Lee, Forms: 3rd place, 50 points');
    const french = FAMILY_TEXTS.result(ctx(fr), outcome, [{ competitorId: 1, name: 'Ava Lee' }], true);
    expect(french.subject).toBe('Résultats corrigés\u00a0: Girls 10-11');
  });
});
