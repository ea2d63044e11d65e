import { listTextIn } from './communications.ts';
import { GRAND_CHAMPION_POINTS } from './costs.ts';
import { estimatedStarts, type RingDivision } from './matchday/estimates.ts';
import type { NoticeChannel, NoticeDay, NoticeRecipient, NoticeText, UpSoonDivision } from './notices.ts';
import { RING_DAY_OPENS } from './notices.ts';
import { offsetInZone } from './time.ts';
import { formatters } from '../i18n/format.ts';
import { translateText } from '../i18n/message-ref.ts';
import type { Translator } from '../i18n/translate.ts';

// One message per family (docs/decisions/047-family-notices.md): which family hears what after
// a publication, which divisions each family is told are up soon in one message, and what a
// family reads about its children's day and results. Pure; the server reads the rows and queues
// what these answer under once-only keys (notices.ts noticeKey).

// ---- when the day's estimates start ----

/** The instant the rings open on the tournament's day (RING_DAY_OPENS, venue time). */
export function dayOpensAt(day: NoticeDay): Date {
  const noon = new Date(`${day.tournamentDate}T12:00:00Z`);
  return new Date(`${day.tournamentDate}T${RING_DAY_OPENS}:00${offsetInZone(noon, day.timeZone)}`);
}

/**
 * The estimated starts a family is told (ISO, by division id): the rings' estimates
 * (`estimatedStarts`), counted from the rings' start in the tournament's schedule (and past its
 * lunch) as the TVs count them, or from the opening of the day when the schedule gives no time
 * (before it, "now" is no start time for a ring's first division).
 */
export function familyEstimates(
  divisions: readonly RingDivision[],
  now: Date,
  day: NoticeDay,
): Map<number, string> {
  return estimatedStarts(divisions, now, day.ring ?? { opensAt: dayOpensAt(day).getTime(), lunch: null });
}

// ---- a family's day ----

/** Where one child competes: a division, its ring (null: not laid out yet) and estimated start. */
export interface ChildDivision {
  competitorId: number;
  name: string;
  divisionId: number;
  title: string;
  ringName: string | null;
  estimatedStart: string | null;
}

/** What a publication changed for one competitor. */
export type PublicationNews =
  | { kind: 'new' }
  | { kind: 'moved'; from: string; to: string | null }
  | { kind: 'renamed'; from: string; to: string };

export interface FamilyDayPlan {
  recipient: NoticeRecipient;
  /** 'published' when every news item is a child published for the first time. */
  kind: 'published' | 'division-changed';
  /** The news of this family's children, by child. */
  news: { competitorId: number; name: string; item: PublicationNews }[];
  /** Every division of this family's children (the whole day, not only what changed). */
  day: ChildDivision[];
}

/**
 * Which families hear about a publication: each recipient (noticeRecipients over every
 * competitor of the publication) with at least one child with news. A family whose children
 * all stayed where they were hears nothing; one that does hears once, of all its children.
 */
export function planFamilyDayNotices(
  recipients: readonly NoticeRecipient[],
  news: ReadonlyMap<number, readonly PublicationNews[]>,
  placements: ReadonlyMap<number, readonly ChildDivision[]>,
): FamilyDayPlan[] {
  const out: FamilyDayPlan[] = [];
  for (const r of recipients) {
    const items = r.competitorIds.flatMap((id, i) =>
      (news.get(id) ?? []).map((item) => ({ competitorId: id, name: r.competitors[i] ?? '', item })),
    );
    if (items.length === 0) continue;
    out.push({
      recipient: r,
      kind: items.every((n) => n.item.kind === 'new') ? 'published' : 'division-changed',
      news: items,
      day: r.competitorIds.flatMap((id) => [...(placements.get(id) ?? [])]),
    });
  }
  return out;
}

// ---- up soon, one message per family ----

export interface UpSoonForFamily {
  recipient: NoticeRecipient;
  divisions: (UpSoonDivision & { competitors: string[] })[];
}

/** The memory of what was told: `<divisionId>:<channel>:<address>`. */
export const toldKey = (divisionId: number, channel: NoticeChannel, address: string) =>
  `${divisionId}:${channel}:${address}`;

/**
 * Reads the "up soon" keys already queued (`up-soon:<id>+<id>:<channel>:<address>`, or the
 * older `up-soon:<id>:...`) back into what each address was told.
 */
export function toldUpSoon(keys: readonly string[]): Set<string> {
  const told = new Set<string>();
  for (const key of keys) {
    const m = /^up-soon:([\d+]+):(email|sms):(.+)$/.exec(key);
    if (!m) continue;
    for (const id of m[1]!.split('+')) told.add(toldKey(Number(id), m[2] as NoticeChannel, m[3]!));
  }
  return told;
}

/**
 * Who is told which of the divisions up soon now: each recipient (over the competitors of these
 * divisions) gets one message naming every division of theirs up soon and not told before, with
 * the children in each. Two children up together: one message.
 */
export function planUpSoon(
  soon: readonly UpSoonDivision[],
  entries: readonly { divisionId: number; competitorId: number }[],
  recipients: readonly NoticeRecipient[],
  told: ReadonlySet<string>,
): UpSoonForFamily[] {
  const out: UpSoonForFamily[] = [];
  for (const r of recipients) {
    const divisions = soon.flatMap((d) => {
      if (told.has(toldKey(d.divisionId, r.channel, r.address))) return [];
      const names = r.competitorIds.flatMap((id, i) =>
        entries.some((e) => e.divisionId === d.divisionId && e.competitorId === id)
          ? [r.competitors[i] ?? '']
          : [],
      );
      return names.length ? [{ ...d, competitors: names }] : [];
    });
    if (divisions.length) out.push({ recipient: r, divisions });
  }
  return out;
}

/** The key part naming an up-soon message's divisions: "12+15". */
export const upSoonSubject = (divisionIds: readonly number[]) =>
  [...divisionIds].sort((a, b) => a - b).join('+');

// ---- results ----

export interface DivisionOutcome {
  divisionId: number;
  title: string;
  events: { eventType: string; placings: readonly { competitorId: number; place: 1 | 2 | 3 | 4 }[] }[];
}

// ---- what a family reads ----

/** How notices write times and link to the family's day page. */
export interface FamilyTextContext {
  tr: Translator;
  timeZone: string;
  /** The family's day page. */
  link: string;
}

function dayLines(c: FamilyTextContext, day: readonly ChildDivision[]): string[] {
  const { tr } = c;
  const clock = formatters(tr, c.timeZone).clock;
  return day.map((d) => {
    const division = translateText(tr, d.title);
    if (d.ringName === null) return tr.t('mail.notice.day.lineNoRing', { competitor: d.name, division });
    if (d.estimatedStart === null)
      return tr.t('mail.notice.day.lineNoTime', { competitor: d.name, division, ring: d.ringName });
    return tr.t('mail.notice.day.line', {
      competitor: d.name,
      division,
      ring: d.ringName,
      time: clock(d.estimatedStart),
    });
  });
}

function newsLine(tr: Translator, name: string, item: PublicationNews): string | null {
  if (item.kind === 'new') return null;
  if (item.kind === 'renamed')
    return tr.t('mail.notice.renamed.text', {
      competitor: name,
      from: translateText(tr, item.from),
      to: translateText(tr, item.to),
    });
  return item.to === null
    ? tr.t('mail.notice.removed.text', { competitor: name, from: translateText(tr, item.from) })
    : tr.t('mail.notice.moved.text', {
        competitor: name,
        from: translateText(tr, item.from),
        to: translateText(tr, item.to),
      });
}

const unique = (names: readonly string[]) => [...new Set(names)];

export const FAMILY_TEXTS = {
  /** Divisions published or changed: what changed, then each child's division, ring and time, then the link. */
  day: (c: FamilyTextContext, plan: Pick<FamilyDayPlan, 'kind' | 'news' | 'day'>): NoticeText => {
    const { tr } = c;
    const names = listTextIn(tr, unique(plan.news.map((n) => n.name)));
    const changes = plan.news.flatMap((n) => newsLine(tr, n.name, n.item) ?? []);
    const lines = [
      ...(plan.kind === 'published' ? [tr.t('mail.notice.day.published')] : changes),
      tr.t('mail.notice.day.heading'),
      ...(plan.day.length ? dayLines(c, plan.day) : [tr.t('mail.notice.day.empty')]).map((l) => `- ${l}`),
      tr.t('mail.notice.day.link', { link: c.link }),
    ];
    return {
      subject:
        plan.kind === 'published'
          ? tr.t('mail.notice.published.subject', { competitor: names })
          : tr.t('mail.notice.changed.subject', { competitor: names }),
      text: lines.join('\n'),
    };
  },
  /** Rings set or changed (ring-notices.ts): each child's division, ring and time, then the link. */
  rings: (c: FamilyTextContext, day: readonly ChildDivision[]): NoticeText => {
    const { tr } = c;
    return {
      subject: tr.t('mail.notice.rings.subject', {
        competitor: listTextIn(tr, unique(day.map((d) => d.name))),
        divisions: day.length,
      }),
      text: [
        tr.t('mail.notice.rings.heading'),
        ...dayLines(c, day).map((l) => `- ${l}`),
        tr.t('mail.notice.day.link', { link: c.link }),
      ].join('\n'),
    };
  },
  /** Up soon: one division as before; several in one message. */
  upSoon: (c: FamilyTextContext, divisions: UpSoonForFamily['divisions']): NoticeText => {
    const { tr } = c;
    const rings = unique(divisions.map((d) => d.ringName));
    const subject = tr.t('mail.notice.upSoon.subject', { ring: listTextIn(tr, rings) });
    const [only] = divisions;
    const first =
      divisions.length === 1 && only
        ? tr.t('mail.notice.upSoon.textWith', {
            ring: only.ringName,
            division: translateText(tr, only.title),
            competitors: listTextIn(tr, only.competitors),
          })
        : tr.t('mail.notice.upSoon.several', {
            divisions: listTextIn(
              tr,
              divisions.map((d) =>
                tr.t('mail.notice.upSoon.item', {
                  ring: d.ringName,
                  division: translateText(tr, d.title),
                  competitors: listTextIn(tr, d.competitors),
                }),
              ),
            ),
          });
    return { subject, text: [first, tr.t('mail.notice.day.link', { link: c.link })].join('\n') };
  },
  /** A completed division (or its correction): each of the family's children's placing and points, by event type. */
  result: (
    c: FamilyTextContext,
    outcome: DivisionOutcome,
    children: readonly { competitorId: number; name: string }[],
    /** A director's correction changed what an earlier notice said. */
    corrected = false,
  ): NoticeText => {
    const { tr } = c;
    const division = translateText(tr, outcome.title);
    const lines = children.flatMap((child) =>
      outcome.events.map((e) => {
        const placing = e.placings.find((p) => p.competitorId === child.competitorId);
        const eventType = translateText(tr, e.eventType);
        return placing
          ? tr.t('mail.notice.result.place', {
              competitor: child.name,
              eventType,
              place: placing.place,
              points: GRAND_CHAMPION_POINTS[placing.place],
            })
          : tr.t('mail.notice.result.noPlace', { competitor: child.name, eventType });
      }),
    );
    return {
      subject: tr.t(corrected ? 'mail.notice.result.correctedSubject' : 'mail.notice.result.subject', {
        division,
      }),
      text: [
        tr.t(corrected ? 'mail.notice.result.correctedHeading' : 'mail.notice.result.heading', { division }),
        ...lines.map((l) => `- ${l}`),
        tr.t('mail.notice.day.link', { link: c.link }),
      ].join('\n'),
    };
  },
} as const;
