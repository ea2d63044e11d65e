import type { NoticeRecipient } from './notices.ts';

// Where and when (docs/decisions/047-family-notices.md, update): a family hears once its
// children's divisions get a ring or move to another one, in one message listing each child's
// division, ring and estimated time. Pure; the server's minute sweep and matchday pushes read the
// rows and queue what these answer under once-only keys (notices.ts noticeKey).

/**
 * How long a family's divisions must stay as they are before it hears: a director laying out or
 * balancing rings moves many divisions in a few minutes, and the family hears once, of the result.
 */
export const RING_NOTICE_SETTLE_MINUTES = 5;

const MINUTE = 60_000;

/** One of a family's divisions as the rings stand. */
export interface FamilyRingDivision {
  divisionId: number;
  ringId: number | null;
  status: 'upcoming' | 'current' | 'completed';
  /** ISO: the last change to the division's row (its ring, its place in the queue). */
  changedAt: string;
}

/**
 * What a message told of the family's rings, in a few characters: each division (by id) and its
 * ring, empty for none ("12@3.15@"). Estimated times are left out: they drift all day.
 */
export function ringLayout(divisions: readonly { divisionId: number; ringId: number | null }[]): string {
  const byId = new Map(divisions.map((d) => [d.divisionId, d.ringId]));
  return [...byId]
    .sort(([a], [b]) => a - b)
    .map(([id, ring]) => `${id}@${ring ?? ''}`)
    .join('.');
}

/** Reads a layout back: each division's ring (null: none). */
function readLayout(layout: string): Map<number, number | null> {
  const out = new Map<number, number | null>();
  for (const part of layout.split('.')) {
    const [id, ring] = part.split('@');
    if (!id) continue;
    out.set(Number(id), ring ? Number(ring) : null);
  }
  return out;
}

/** The key subject of a publication notice: its publication and the ring layout it told. */
export const publicationSubject = (publicationId: number, layout: string) => `pub-${publicationId}#${layout}`;

/**
 * The next "rings and times" notice to one address, or null when there is no news or it has not
 * settled. `sent` holds the subjects of the keys already queued to this address, oldest first:
 * publication notices (`pub-<id>#<layout>`, or a bare `pub-<id>` from before layouts were kept,
 * which told no ring) and ring notices (`<n>#<layout>`). The last of them is what the family knows.
 *
 * News is an upcoming division whose ring is not the one last told (a first ring, another ring,
 * or none any more); a changed and changed back ring is news again once told in between. Not news:
 * a division running or completed (the family is there, or it is over), and one up soon now
 * (`upSoon`): the up-soon message names its ring. The message waits until none of the family's
 * upcoming divisions changed for RING_NOTICE_SETTLE_MINUTES, then tells the whole layout.
 */
export function nextRingNotice(
  divisions: readonly FamilyRingDivision[],
  sent: readonly string[],
  upSoon: ReadonlySet<number>,
  now: Date,
): { subject: string } | null {
  const last = sent.at(-1) ?? '';
  const told = readLayout(last.includes('#') ? last.slice(last.indexOf('#') + 1) : '');
  const upcoming = divisions.filter((d) => d.status === 'upcoming');
  const news = upcoming.some(
    (d) => !upSoon.has(d.divisionId) && d.ringId !== (told.get(d.divisionId) ?? null),
  );
  if (!news) return null;
  const settled = upcoming.every(
    (d) => Date.parse(d.changedAt) <= now.getTime() - RING_NOTICE_SETTLE_MINUTES * MINUTE,
  );
  if (!settled) return null;
  const n = sent.filter((s) => !s.startsWith('pub-')).length + 1;
  return { subject: `${n}#${ringLayout(divisions)}` };
}

export interface RingNoticePlan {
  recipient: NoticeRecipient;
  subject: string;
  /** The family's divisions (by id), every one of them: the message tells the whole day. */
  divisionIds: number[];
}

/**
 * Who hears about the rings now: each recipient (noticeRecipients over the competitors in
 * `entries`) whose children's divisions hold news that has settled (nextRingNotice). `sent` is by
 * `<channel>:<address>`. One message per family and channel, however many divisions moved.
 */
export function planRingNotices(
  recipients: readonly NoticeRecipient[],
  entries: readonly { divisionId: number; competitorId: number }[],
  divisions: readonly FamilyRingDivision[],
  sent: ReadonlyMap<string, readonly string[]>,
  upSoon: ReadonlySet<number>,
  now: Date,
): RingNoticePlan[] {
  const byId = new Map(divisions.map((d) => [d.divisionId, d]));
  return recipients.flatMap((r) => {
    const mine = new Set(r.competitorIds);
    const divisionIds = [
      ...new Set(entries.filter((e) => mine.has(e.competitorId)).map((e) => e.divisionId)),
    ].filter((id) => byId.has(id));
    const next = nextRingNotice(
      divisionIds.map((id) => byId.get(id)!),
      sent.get(`${r.channel}:${r.address}`) ?? [],
      upSoon,
      now,
    );
    return next ? [{ recipient: r, subject: next.subject, divisionIds }] : [];
  });
}
