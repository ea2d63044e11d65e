// Rules of communications (decision 024): addresses, SMS length and cost, merge fields, audiences.
// Pure functions: the compose page previews with them and the server sends with them.

import { LOCALE_TAGS } from '../i18n/locale.ts';
import { translateText } from '../i18n/message-ref.ts';
import type { Translator } from '../i18n/translate.ts';

export type Channel = 'email' | 'sms';

/** An e-mail address as recipients and unsubscribes keep it: trimmed, lower case. */
export function normalizeEmail(address: string): string {
  return address.trim().toLowerCase();
}

/**
 * A phone number in E.164, as the SMS provider and its STOP webhook write it: a Canadian
 * 10-digit number (docs/product.md §5) gets +1; an 11-digit one starting with 1 gets +; a number
 * already in E.164 stays. Undefined when it is none of these.
 */
export function toE164(phone: string): string | undefined {
  const trimmed = phone.trim();
  if (/^\+[1-9]\d{7,14}$/.test(trimmed)) return trimmed;
  const digits = trimmed.replace(/\D/g, '');
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return undefined;
}

/**
 * An address under the `.invalid` top-level domain, which RFC 2606 reserves so that it can never
 * be delivered: what a walk-in's placeholder owner gets (walk-in-...@guest.invalid). No one reads
 * it, so nothing is ever sent to it; a walk-in is reached through the contact given at the door.
 */
export function isPlaceholderEmail(address: string): boolean {
  return /\.invalid$/.test(normalizeEmail(address));
}

/** The address of a recipient on a channel, or undefined when it is not one (or a placeholder). */
export function normalizeAddress(channel: Channel, address: string): string | undefined {
  if (channel === 'sms') return toE164(address);
  const email = normalizeEmail(address);
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) && !isPlaceholderEmail(email) ? email : undefined;
}

// The GSM 03.38 basic set (and its extension table, two septets each): text made only of these
// goes 160 characters to a segment, 153 when split; anything else is UCS-2, 70 and 67.
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENDED = '^{}\\[~]|€\f';

/** How many SMS segments a text takes (what the provider bills). */
export function smsSegments(text: string): number {
  if (text.length === 0) return 1;
  let septets = 0;
  let gsm = true;
  for (const ch of text) {
    if (GSM_BASIC.includes(ch)) septets += 1;
    else if (GSM_EXTENDED.includes(ch)) septets += 2;
    else {
      gsm = false;
      break;
    }
  }
  if (gsm) return septets <= 160 ? 1 : Math.ceil(septets / 153);
  const units = [...text].reduce((n, ch) => n + (ch.codePointAt(0)! > 0xffff ? 2 : 1), 0);
  return units <= 70 ? 1 : Math.ceil(units / 67);
}

/** What an SMS costs in cents at a price per segment. */
export function smsCostCents(text: string, segmentCostCents: number): number {
  return smsSegments(text) * segmentCostCents;
}

/**
 * Whether one more SMS costing `costCents` fits under the cap (null: no cap) with `spentCents`
 * already spent. Sending stops at the cap: the SMS that would pass it is not sent.
 */
export function fitsUnderCap(capCents: number | null, spentCents: number, costCents: number): boolean {
  return capCents === null || spentCents + costCents <= capCents;
}

/** "$12.50" from cents. */
export function formatDollars(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/** What every SMS ends with, so families know how to stop them (honoured by the STOP webhook). */
export const SMS_STOP_LINE = 'Reply STOP to stop these messages.';

/**
 * The SMS as sent: the merged text and the STOP line (with `tr`, in the recipient's account's
 * language; without it, in English).
 */
export function smsText(body: string, tr?: Translator): string {
  return `${body.trim()}\n${tr ? tr.t('mail.sms.stopLine') : SMS_STOP_LINE}`;
}

// ---- Merge fields ----

/** The merge fields a message may use, written `{{firstName}}`. */
export const MERGE_FIELDS = ['firstName', 'competitors', 'divisions', 'ring', 'estimatedTime'] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];
export type MergeValues = Record<MergeField, string>;

const MERGE_TAG = /\{\{\s*([A-Za-z]+)\s*\}\}/g;

/** Merge tags in a text that are not merge fields (a typo the director should see). */
export function unknownMergeFields(template: string): string[] {
  const unknown = new Set<string>();
  for (const m of template.matchAll(MERGE_TAG)) {
    if (!(MERGE_FIELDS as readonly string[]).includes(m[1]!)) unknown.add(m[1]!);
  }
  return [...unknown];
}

/** The text with each `{{field}}` replaced by the recipient's value. */
export function renderMerge(template: string, values: MergeValues): string {
  return template.replace(MERGE_TAG, (tag, name: string) =>
    (MERGE_FIELDS as readonly string[]).includes(name) ? values[name as MergeField] : tag,
  );
}

/** What one recipient's merge fields are made from: their family's registrations of the tournament. */
export interface MergeContext {
  firstName: string;
  competitors: readonly string[];
  divisions: readonly string[];
  rings: readonly string[];
  /** Earliest estimated start (ISO) of their divisions still to run, or null. */
  estimatedStart: string | null;
}

export const NOT_YET_SCHEDULED = 'to be announced';

/** "Maya, Sam and Leo". */
export function listText(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** "Maya, Sam and Leo" in the reader's language (`tr`: the account's). */
export function listTextIn(tr: Translator, items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return tr.t('mail.list', { rest: items.slice(0, -1).join(', '), last: items.at(-1) ?? '' });
}

/**
 * The values of the merge fields. Times are shown in the venue's zone (the tournament is in
 * Ontario, docs/product.md §9), e.g. "10:45 a.m."; anything not yet known reads "to be announced".
 * With `tr`, the fixed words, the time and the generated division titles are in the recipient's
 * account's language; without it, in English, with the titles as they are stored.
 */
export function mergeValues(ctx: MergeContext, timeZone = 'America/Toronto', tr?: Translator): MergeValues {
  const unique = (xs: readonly string[]) => [...new Set(xs.filter(Boolean))];
  const list = (xs: readonly string[]) => (tr ? listTextIn(tr, xs) : listText(xs));
  const later = tr ? tr.t('mail.merge.toBeAnnounced') : NOT_YET_SCHEDULED;
  return {
    firstName: ctx.firstName || (tr ? tr.t('mail.merge.noFirstName') : 'there'),
    competitors: list(unique(ctx.competitors)) || later,
    // A generated title is a message reference (matchmaking/titles.ts): read in `tr`'s language.
    divisions: list(unique(tr ? ctx.divisions.map((d) => translateText(tr, d)) : ctx.divisions)) || later,
    ring: list(unique(ctx.rings)) || later,
    estimatedTime: ctx.estimatedStart
      ? new Intl.DateTimeFormat(tr ? LOCALE_TAGS[tr.locale] : 'en-CA', {
          timeZone,
          hour: 'numeric',
          minute: '2-digit',
        }).format(new Date(ctx.estimatedStart))
      : later,
  };
}

// ---- Audiences ----

/** What audience selection knows of a registration. */
export interface AudienceCandidate {
  registrationId: number;
  isCompleted: boolean;
  competitorCount: number;
  checkedInCount: number;
  divisionIds: readonly number[];
}

export type AudienceRule =
  | { kind: 'all' | 'incomplete' | 'checked-in' | 'not-checked-in' }
  | { kind: 'division'; divisionId: number }
  | { kind: 'selected'; registrationIds: readonly number[] };

/**
 * Whether a registration is in an audience: all of them; the incomplete ones (a reminder); the
 * families with a competitor in a division; the completed ones with a competitor checked in, or
 * with competitors and none checked in; or those picked by hand.
 */
export function inAudience(r: AudienceCandidate, audience: AudienceRule): boolean {
  switch (audience.kind) {
    case 'all':
      return true;
    case 'incomplete':
      return !r.isCompleted;
    case 'division':
      return r.divisionIds.includes(audience.divisionId);
    case 'checked-in':
      return r.isCompleted && r.checkedInCount > 0;
    case 'not-checked-in':
      return r.isCompleted && r.competitorCount > 0 && r.checkedInCount === 0;
    case 'selected':
      return audience.registrationIds.includes(r.registrationId);
  }
}

/** A person's first name from a contact's full name. */
export function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}
