import { isPlaceholderEmail } from './communications.ts';
import { estimatedStarts, type RingDay, type RingDivision } from './matchday/estimates.ts';
import { utcDayStart } from './tournament-status.ts';
import { isoInZone } from './time.ts';
import type { Translator } from '../i18n/translate.ts';

// Automatic notices (docs/decisions/026-automatic-notices.md):
// when a division is up soon, who hears about it, what they read, and the key that makes each
// message go out once. Pure: the server's triggers and its minute sweep call these with the
// rows as they stand, so evaluating the same state twice yields the same keys (the queue
// refuses a key it has seen).

/** "Two away": the next division to start is one away, the one after it two. */
export const UP_SOON_PLACES = 2;
/** "About 15 minutes out" by the ring's estimates (decision 021). */
export const UP_SOON_MINUTES = 15;
/** The reminder to incomplete registrations goes this long before registration closes. */
export const CLOSE_REMINDER_HOURS = 48;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export interface NoticeRing {
  id: number;
  name: string;
  isOpen: boolean;
}

export interface UpSoonDivision {
  divisionId: number;
  ringId: number;
  ringName: string;
  title: string;
  /** ISO; the ring's estimate when the rule was met. */
  estimatedStart: string | null;
}

/** A ring "opens" on the tournament's day at this venue time (in-person check-in opens at 8:30 a.m.). */
export const RING_DAY_OPENS = '08:30';

/** The tournament's day as the venue sees it, for "the ring opens". */
export interface NoticeDay {
  /** "2026-11-28". */
  tournamentDate: string;
  timeZone: string;
  /**
   * The rings' start and lunch read from the tournament's schedule (day-schedule.ts `ringDay`,
   * decision 052): the same estimates as the TVs and the family's day page. Unset: the rings
   * start at RING_DAY_OPENS, with no lunch.
   */
  ring?: RingDay | null;
}

/** Whether the venue's clock has reached RING_DAY_OPENS on the tournament's day. */
export function isRingDayOpen(day: NoticeDay, now: Date): boolean {
  const local = isoInZone(now, day.timeZone);
  return local.slice(0, 10) === day.tournamentDate && local.slice(11, 16) >= RING_DAY_OPENS;
}

/**
 * The divisions that are up soon (docs/decisions/047-family-notices.md), on each open ring
 * once its day has begun (a division started, or `day` given and the ring has opened on the
 * tournament's day: before that the estimate of "now" for its first division is a guess):
 * - the division two before it has started (the next two upcoming divisions of the queue);
 * - the ring opened and nothing is two before it (the first two of the day);
 * - its estimated start is within UP_SOON_MINUTES of `now`;
 * - it is running already (a ring that started before it opened): its families, if not told, hear now.
 * Whichever comes first; the queue's once-only keys make the later ones send nothing.
 */
export function divisionsUpSoon(
  rings: readonly NoticeRing[],
  divisions: readonly (RingDivision & { title: string })[],
  now: Date,
  day?: NoticeDay,
): UpSoonDivision[] {
  const starts = estimatedStarts(divisions, now, day?.ring ?? null);
  const horizon = now.getTime() + UP_SOON_MINUTES * MINUTE;
  const opened = day !== undefined && isRingDayOpen(day, now);
  const out: UpSoonDivision[] = [];
  for (const ring of rings) {
    if (!ring.isOpen) continue;
    const mine = divisions.filter((d) => d.ringId === ring.id);
    if (!opened && !mine.some((d) => d.status !== 'upcoming')) continue;
    const entry = (d: RingDivision & { title: string }): UpSoonDivision => ({
      divisionId: d.id,
      ringId: ring.id,
      ringName: ring.name,
      title: d.title,
      estimatedStart: starts.get(d.id) ?? null,
    });
    for (const d of mine.filter((x) => x.status === 'current').sort((a, b) => a.id - b.id))
      out.push(entry(d));
    const queue = mine
      .filter((d) => d.status === 'upcoming')
      .sort((a, b) => a.queueOrder - b.queueOrder || a.id - b.id);
    queue.forEach((d, place) => {
      const start = starts.get(d.id) ?? null;
      const soon = start !== null && Date.parse(start) <= horizon;
      if (place < UP_SOON_PLACES || soon) out.push(entry(d));
    });
  }
  return out;
}

/** When the reminder before registration closes is due: CLOSE_REMINDER_HOURS before the day after the closing day starts. */
export function closeReminderAt(registrationClosesAfter: string): Date {
  return new Date(utcDayStart(registrationClosesAfter) + 24 * HOUR - CLOSE_REMINDER_HOURS * HOUR);
}

/** Whether the reminder is due now: from its time until registration closes. */
export function isCloseReminderDue(registrationClosesAfter: string, now: Date): boolean {
  const closes = utcDayStart(registrationClosesAfter) + 24 * HOUR;
  const at = now.getTime();
  return at >= closeReminderAt(registrationClosesAfter).getTime() && at < closes;
}

// ---- who hears ----

export type NoticeChannel = 'email' | 'sms';

/** A registration's contact with its division-notification choices (docs/product.md §3; null: not chosen). */
export interface NoticeContact {
  contactId: number;
  registrationId: number;
  name: string;
  email: string;
  phoneNumber: string | null;
  agreedToEmailDivisionNotifications: boolean | null;
  agreedToSmsDivisionNotifications: boolean | null;
}

/** A competitor a notice is about, with the registration that entered them. */
export interface NoticeCompetitor {
  competitorId: number;
  registrationId: number;
  name: string;
}

export interface NoticeRecipient {
  channel: NoticeChannel;
  /** Lower-cased e-mail, or the phone number's ten digits. */
  address: string;
  /** The contact's name, id and registration (the first contact's, when two share the address). */
  name: string;
  contactId: number;
  registrationId: number;
  /** The competitors of theirs the notice is about, in the order given. */
  competitors: string[];
  /** Their ids, in the same order. */
  competitorIds: number[];
}

/** Ten digits, or null (docs/product.md §5: a phone number is exactly 10 digits). */
export function smsAddress(phone: string | null): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits.length === 10 ? digits : null;
}

/**
 * Who hears about these competitors: each contact of their registrations who agreed, by
 * e-mail when `agreedToEmailDivisionNotifications` is true, by SMS when
 * `agreedToSmsDivisionNotifications` is true, the number is valid and the site allows SMS
 * (docs/product.md §6, AllowSmsNotifications). A null choice is no. One recipient per channel
 * and address: a parent listed on two registrations gets one message naming all their children.
 */
export function noticeRecipients(
  competitors: readonly NoticeCompetitor[],
  contacts: readonly NoticeContact[],
  opts: { smsAllowed: boolean },
): NoticeRecipient[] {
  const byRegistration = new Map<number, NoticeCompetitor[]>();
  for (const c of competitors) {
    const list = byRegistration.get(c.registrationId) ?? [];
    if (!list.some((x) => x.competitorId === c.competitorId)) list.push(c);
    byRegistration.set(c.registrationId, list);
  }
  const out = new Map<string, NoticeRecipient>();
  const add = (channel: NoticeChannel, address: string, contact: NoticeContact, kids: NoticeCompetitor[]) => {
    const key = `${channel}:${address}`;
    const seen = out.get(key) ?? {
      channel,
      address,
      name: contact.name,
      contactId: contact.contactId,
      registrationId: contact.registrationId,
      competitors: [],
      competitorIds: [],
    };
    for (const k of kids) {
      if (seen.competitorIds.includes(k.competitorId)) continue;
      seen.competitorIds.push(k.competitorId);
      if (!seen.competitors.includes(k.name)) seen.competitors.push(k.name);
    }
    out.set(key, seen);
  };
  for (const contact of contacts) {
    const names = byRegistration.get(contact.registrationId);
    if (!names) continue;
    const email = contact.email.trim().toLowerCase();
    if (contact.agreedToEmailDivisionNotifications === true && email && !isPlaceholderEmail(email))
      add('email', email, contact, names);
    const phone = smsAddress(contact.phoneNumber);
    if (opts.smsAllowed && contact.agreedToSmsDivisionNotifications === true && phone)
      add('sms', phone, contact, names);
  }
  return [...out.values()];
}

// ---- once-only keys ----

export type NoticeKind =
  'up-soon' | 'published' | 'division-changed' | 'rings' | 'result' | 'close-reminder' | 'receipt';

/**
 * The dedupe key of one notice to one address: the same event and address always give the
 * same key, so a repeated trigger, a sweep or a restart finds it already queued.
 * `subject` names the event (`<divisionId>` for up-soon, `<competitorId>` for published...).
 */
export function noticeKey(
  kind: NoticeKind,
  subject: string | number,
  channel: NoticeChannel,
  address: string,
): string {
  return `${kind}:${subject}:${channel}:${address}`;
}

/** The parts of a key `noticeKey` made (an address may hold colons), or null for another shape. */
export function parseNoticeKey(
  key: string,
): { kind: string; subject: string; channel: NoticeChannel; address: string } | null {
  const [kind, subject, channel, ...address] = key.split(':');
  if (!kind || !subject || (channel !== 'email' && channel !== 'sms')) return null;
  return { kind, subject, channel, address: address.join(':') };
}

/**
 * What each address was told, from the keys of the notices queued so far, oldest first: the
 * subjects under `<channel>:<address>`, or `<group>:<channel>:<address>` where `groupOf` names a
 * group of the subject (the division a result notice is about). Keys of other shapes are skipped.
 */
export function subjectsByAddress(
  keys: readonly (string | null)[],
  groupOf?: (subject: string) => string,
): Map<string, string[]> {
  const sent = new Map<string, string[]>();
  for (const key of keys) {
    const parts = key === null ? null : parseNoticeKey(key);
    if (!parts) continue;
    const at = `${groupOf ? `${groupOf(parts.subject)}:` : ''}${parts.channel}:${parts.address}`;
    sent.set(at, [...(sent.get(at) ?? []), parts.subject]);
  }
  return sent;
}

/**
 * What a result notice says of one family's children, in a few characters: each child's place
 * (0 for none) in each event type, children in id order ("1-0.3-2"). Two notices of one division
 * say the same exactly when their fingerprints are equal.
 */
export function resultFingerprint(
  events: readonly { placings: readonly { competitorId: number; place: number }[] }[],
  competitorIds: readonly number[],
): string {
  return [...competitorIds]
    .sort((a, b) => a - b)
    .map((id) => events.map((e) => e.placings.find((p) => p.competitorId === id)?.place ?? 0).join('-'))
    .join('.');
}

/**
 * The next result notice of a completed division to one address, or null when the last one
 * sent still says what is true. The first is the results; after a director's correction changes
 * what it said of the family's children, one "corrected" notice follows (each change once).
 * `sent` holds the subjects of the keys already queued for this division and address, oldest
 * first: `<divisionId>#<n>#<fingerprint>`; a bare `<divisionId>` (queued before corrections were
 * told) counts as sent and is never corrected.
 */
export function nextResultNotice(
  divisionId: number,
  fingerprint: string,
  sent: readonly string[],
): { subject: string; corrected: boolean } | null {
  const last = sent.at(-1);
  if (last === String(divisionId)) return null;
  if (last !== undefined && last.slice(last.lastIndexOf('#') + 1) === fingerprint) return null;
  return { subject: `${divisionId}#${sent.length + 1}#${fingerprint}`, corrected: sent.length > 0 };
}

// ---- what they read ----

export interface NoticeText {
  /** The e-mail subject (SMS has none). */
  subject: string;
  text: string;
}

/**
 * What each notice says, in the language of the account it belongs to (`tr`). A division's
 * title is data or a generated title (a message reference, matchmaking/titles.ts): it is read in
 * that language too.
 */
export const NOTICE_TEXTS = {
  upSoonSubject: (tr: Translator, ring: string) => tr.t('mail.notice.upSoon.subject', { ring }),
  closeReminder: (tr: Translator, tournamentDay: string, closesAfter: string, link: string): NoticeText => ({
    subject: tr.t('mail.notice.closeReminder.subject'),
    text: tr.t('mail.notice.closeReminder.text', { tournamentDay, closesAfter, link }),
  }),
} as const;
