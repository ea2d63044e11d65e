import { describe, expect, it } from 'vitest';
import { FORMS, syncDivision, syncRing } from '../testing/matchday-rows.ts';
import {
  closeReminderAt,
  divisionsUpSoon,
  isCloseReminderDue,
  nextResultNotice,
  noticeKey,
  parseNoticeKey,
  subjectsByAddress,
  noticeRecipients,
  resultFingerprint,
  type NoticeContact,
  type NoticeCompetitor,
} from './notices.ts';

const NOW = new Date('2026-11-28T11:00:00.000Z');
const ago = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();

/** Ring 1's queue: division 1 running or not, then 2, 3, 4 upcoming; each Forms of `count` (2 min each). */
function ringOne(opts: { started: boolean; count?: number }) {
  const count = opts.count ?? 10;
  return [1, 2, 3, 4].map((id) =>
    syncDivision({
      id,
      title: `Division ${id}`,
      ringId: 1,
      queueOrder: id,
      competitorCount: count,
      rules: [FORMS],
      ...(id === 1 && opts.started ? { status: 'current' as const, startedAt: ago(1) } : {}),
    }),
  );
}

const upSoonIds = (...args: Parameters<typeof divisionsUpSoon>) =>
  divisionsUpSoon(...args).map((d) => d.divisionId);

describe('when a division is up soon', () => {
  it('once a division starts, the next one and the one after it are up soon (two away), not the third', () => {
    // 20 minutes each: only the queue places make them up soon. The running one is listed too:
    // its families hear now if no one told them (the queue's keys stop a second message).
    expect(upSoonIds([syncRing()], ringOne({ started: true }), NOW)).toEqual([1, 2, 3]);
  });

  it("starting the division two before a child's makes the child's up soon", () => {
    const before = ringOne({ started: false });
    const child = 3;
    const started = before.map((d) =>
      d.id === 1 ? { ...d, status: 'current' as const, startedAt: ago(0) } : d,
    );
    // Before the ring starts its day nothing is up soon: the first division's estimate of "now" is a guess.
    expect(upSoonIds([syncRing()], before, NOW)).toEqual([]);
    expect(upSoonIds([syncRing()], started, NOW)).toContain(child);
  });

  it('a division further back is up soon when the estimate puts it within 15 minutes', () => {
    // 2 competitors x 2 minutes: divisions 2, 3 and 4 start within 3, 5 and 7 minutes.
    expect(upSoonIds([syncRing()], ringOne({ started: true, count: 2 }), NOW)).toEqual([1, 2, 3, 4]);
    // 3 competitors (6 minutes each, division 1 started a minute ago): division 4 starts in
    // about 17 minutes (5 + 6 + 6); four minutes later it is 13 minutes out.
    const slower = ringOne({ started: true, count: 3 });
    expect(upSoonIds([syncRing()], slower, NOW)).toEqual([1, 2, 3]);
    const later = new Date(NOW.getTime() + 4 * 60_000);
    expect(upSoonIds([syncRing()], slower, later)).toEqual([1, 2, 3, 4]);
  });

  it('a reorder changes who is two away', () => {
    const queue = ringOne({ started: true }).map((d) => (d.id === 4 ? { ...d, queueOrder: 0 } : d));
    expect(upSoonIds([syncRing()], queue, NOW)).toEqual([1, 4, 2]);
  });

  it('a completed division counts as the ring having started; completed and running ones are not up soon', () => {
    const queue = ringOne({ started: false }).map((d) =>
      d.id === 1 ? { ...d, status: 'completed' as const, startedAt: ago(30), completedAt: ago(5) } : d,
    );
    expect(upSoonIds([syncRing()], queue, NOW)).toEqual([2, 3]);
  });

  it('a closed ring and divisions not on a ring are never up soon', () => {
    expect(upSoonIds([syncRing({ isOpen: false })], ringOne({ started: true }), NOW)).toEqual([]);
    const pool = ringOne({ started: true }).map((d) => ({ ...d, ringId: d.id === 1 ? 1 : null }));
    expect(upSoonIds([syncRing()], pool, NOW)).toEqual([1]);
  });

  it('says which ring, by its name', () => {
    const [, next] = divisionsUpSoon([syncRing({ name: 'Ring 3' })], ringOne({ started: true }), NOW);
    expect(next).toMatchObject({ divisionId: 2, ringName: 'Ring 3', title: 'Division 2' });
  });
});

function contact(over: Partial<NoticeContact> = {}): NoticeContact {
  return {
    contactId: 1,
    registrationId: 10,
    name: 'Pat Parent',
    email: 'Pat@Example.test',
    phoneNumber: '705-555-0101',
    agreedToEmailDivisionNotifications: true,
    agreedToSmsDivisionNotifications: true,
    ...over,
  };
}
const ava: NoticeCompetitor = { competitorId: 1, registrationId: 10, name: 'Ava Lee' };
const bea: NoticeCompetitor = { competitorId: 2, registrationId: 10, name: 'Bea Lee' };

describe('who hears about a division', () => {
  it('a contact who agreed gets an e-mail and a text message, naming their competitors', () => {
    expect(noticeRecipients([ava, bea], [contact()], { smsAllowed: true })).toEqual([
      {
        channel: 'email',
        address: 'pat@example.test',
        name: 'Pat Parent',
        contactId: 1,
        registrationId: 10,
        competitors: ['Ava Lee', 'Bea Lee'],
        competitorIds: [1, 2],
      },
      {
        channel: 'sms',
        address: '7055550101',
        name: 'Pat Parent',
        contactId: 1,
        registrationId: 10,
        competitors: ['Ava Lee', 'Bea Lee'],
        competitorIds: [1, 2],
      },
    ]);
  });

  it('no choice (null) and no are both no', () => {
    const quiet = [
      contact({
        contactId: 1,
        agreedToEmailDivisionNotifications: null,
        agreedToSmsDivisionNotifications: null,
      }),
      contact({
        contactId: 2,
        agreedToEmailDivisionNotifications: false,
        agreedToSmsDivisionNotifications: false,
      }),
    ];
    expect(noticeRecipients([ava], quiet, { smsAllowed: true })).toEqual([]);
  });

  it("never an e-mail to a placeholder address (a walk-in owner's), whatever the contact agreed to", () => {
    const placeholder = contact({ email: 'walk-in-5b1e@guest.invalid' });
    expect(noticeRecipients([ava], [placeholder], { smsAllowed: true }).map((r) => r.channel)).toEqual([
      'sms',
    ]);
  });

  it('no text message when the site turns SMS off, or the number is not 10 digits', () => {
    expect(noticeRecipients([ava], [contact()], { smsAllowed: false }).map((r) => r.channel)).toEqual([
      'email',
    ]);
    const short = contact({ phoneNumber: '555-0101' });
    expect(noticeRecipients([ava], [short], { smsAllowed: true }).map((r) => r.channel)).toEqual(['email']);
  });

  it("only the competitor's own registration's contacts hear", () => {
    const other = contact({
      contactId: 2,
      registrationId: 11,
      email: 'other@example.test',
      phoneNumber: '7055550199',
    });
    expect(noticeRecipients([ava], [other], { smsAllowed: true })).toEqual([]);
  });

  it('a parent on two registrations gets one message naming both children', () => {
    const cam: NoticeCompetitor = { competitorId: 3, registrationId: 11, name: 'Cam Lee' };
    const again = contact({ contactId: 2, registrationId: 11, phoneNumber: '(705) 555-0101' });
    const out = noticeRecipients([ava, cam], [contact(), again], { smsAllowed: true });
    expect(out.filter((r) => r.channel === 'sms')).toEqual([
      {
        channel: 'sms',
        address: '7055550101',
        name: 'Pat Parent',
        contactId: 1,
        registrationId: 10,
        competitors: ['Ava Lee', 'Cam Lee'],
        competitorIds: [1, 3],
      },
    ]);
  });
});

describe('once-only keys and texts', () => {
  it('the same event and address always give the same key; another address or division another', () => {
    expect(noticeKey('up-soon', 3, 'sms', '7055550101')).toBe(noticeKey('up-soon', 3, 'sms', '7055550101'));
    expect(noticeKey('up-soon', 3, 'sms', '7055550101')).not.toBe(
      noticeKey('up-soon', 4, 'sms', '7055550101'),
    );
    expect(noticeKey('up-soon', 3, 'sms', '7055550101')).not.toBe(
      noticeKey('up-soon', 3, 'email', '7055550101'),
    );
  });
});

describe('what each address was told', () => {
  it('reads a key back into its parts, an address with colons whole; another shape is not a key', () => {
    expect(parseNoticeKey(noticeKey('result', '12#1#2-0', 'email', 'a:b@example.com'))).toEqual({
      kind: 'result',
      subject: '12#1#2-0',
      channel: 'email',
      address: 'a:b@example.com',
    });
    expect(parseNoticeKey('receipt-42')).toBeNull();
    expect(parseNoticeKey('result:12:fax:7055550101')).toBeNull();
  });

  it('gathers the subjects told to each address in the order given, by group when asked', () => {
    const keys = [
      noticeKey('result', '12', 'sms', '7055550101'),
      noticeKey('result', '12#2#1-0', 'sms', '7055550101'),
      noticeKey('result', '13#1#3', 'sms', '7055550101'),
      null,
      noticeKey('result', '12#1#2', 'email', 'pat@example.com'),
    ];
    expect(subjectsByAddress(keys, (subject) => subject.split('#')[0]!)).toEqual(
      new Map([
        ['12:sms:7055550101', ['12', '12#2#1-0']],
        ['13:sms:7055550101', ['13#1#3']],
        ['12:email:pat@example.com', ['12#1#2']],
      ]),
    );
    expect(subjectsByAddress(keys).get('sms:7055550101')).toEqual(['12', '12#2#1-0', '13#1#3']);
  });
});

describe('the reminder before registration closes', () => {
  // Registration is open until the day after the closing day starts (docs/product.md §4).
  it('is due from 48 hours before registration closes until it closes', () => {
    expect(closeReminderAt('2026-12-05').toISOString()).toBe('2026-12-04T00:00:00.000Z');
    expect(isCloseReminderDue('2026-12-05', new Date('2026-12-03T23:59:59Z'))).toBe(false);
    expect(isCloseReminderDue('2026-12-05', new Date('2026-12-04T00:00:00Z'))).toBe(true);
    expect(isCloseReminderDue('2026-12-05', new Date('2026-12-05T23:59:59Z'))).toBe(true);
    expect(isCloseReminderDue('2026-12-05', new Date('2026-12-06T00:00:00Z'))).toBe(false);
  });
});

describe('result notices and their corrections', () => {
  const forms = (...placings: [number, number][]) => ({
    placings: placings.map(([competitorId, place]) => ({ competitorId, place })),
  });

  it("a fingerprint is each child's place per event type, children in id order, 0 for none", () => {
    const events = [forms([7, 1], [3, 2]), forms([3, 4])];
    expect(resultFingerprint(events, [7, 3])).toBe('2-4.1-0');
    expect(resultFingerprint(events, [9])).toBe('0-0');
  });

  it('the first notice, then one correction per change of what the family was told', () => {
    expect(nextResultNotice(12, '1.2', [])).toEqual({ subject: '12#1#1.2', corrected: false });
    expect(nextResultNotice(12, '1.2', ['12#1#1.2'])).toBeNull();
    expect(nextResultNotice(12, '2.1', ['12#1#1.2'])).toEqual({ subject: '12#2#2.1', corrected: true });
    // Corrected back to what the first said: the last message is wrong now, so the family hears.
    expect(nextResultNotice(12, '1.2', ['12#1#1.2', '12#2#2.1'])).toEqual({
      subject: '12#3#1.2',
      corrected: true,
    });
  });

  it('a notice queued before corrections were told counts as sent and is never corrected', () => {
    expect(nextResultNotice(12, '2.1', ['12'])).toBeNull();
  });
});
