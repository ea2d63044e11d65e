import type { RingAssignment, SignageRing } from '../contract/matchday.ts';
import { msg } from '../i18n/message-ref.ts';
import type { SyncDivision, SyncRing } from '../contract/sync-entities.ts';

// What a signage TV shows (docs/product.md §2 "Signage screen", sections 4 and 9; decision 022):
// the open rings, each with its current division and up to three upcoming ones in queue
// order, completed ones and the current one left out. One rule for the TV (from the device's
// rows) and for GET /api/signage/ring-assignments (from the server's).

/** docs/product.md §9: up to 3 upcoming divisions per ring. */
export const SIGNAGE_UPCOMING_LIMIT = 3;
/** docs/product.md §4 and §9: the screen refetches in the background every 11 seconds. */
export const SIGNAGE_REFRESH_MS = 11_000;
/** Older than this, what the TV shows is marked "Last updated hh:mm" (decision 022). */
export const SIGNAGE_STALE_AFTER_MS = 30_000;

/** docs/product.md §2, word for word. */
export const SIGNAGE_TEXTS = {
  noUpcoming: msg('signage.rule.noUpcoming'),
  noRings: msg('signage.rule.noRings'),
} as const;

/** A ring as the TV shows it. */
export interface SignageCard {
  ringId: number;
  name: string;
  /** Closed while a division runs on it: the TV keeps it, marked "Paused". */
  paused: boolean;
  current: RingAssignment | null;
  /** At most three, in queue order; only the first shows its event types. */
  upcoming: RingAssignment[];
}

const byOrder = (a: RingAssignment, b: RingAssignment) =>
  a.order - b.order || a.ringAssignmentId - b.ringAssignmentId;

/**
 * The cards of the open rings, in the order given (the rings' order), and of the rings closed
 * in the middle of a division (paused: a ring that vanished would tell its families nothing).
 * `ringIds` (the TV's `?rings=` option) keeps only those rings; empty or absent keeps all.
 */
export function selectSignage(
  rings: readonly SignageRing[],
  ringIds?: readonly number[] | null,
): SignageCard[] {
  const only = ringIds && ringIds.length > 0 ? new Set(ringIds) : null;
  return rings
    .filter((r) => (r.isOpen || r.current !== null) && (!only || only.has(r.ringId)))
    .map((r) => ({
      ringId: r.ringId,
      name: r.name,
      paused: !r.isOpen,
      current: r.current,
      upcoming: r.upcoming
        .filter((a) => !a.isCompleted && a.ringAssignmentId !== r.current?.ringAssignmentId)
        .sort(byOrder)
        .slice(0, SIGNAGE_UPCOMING_LIMIT),
    }));
}

/**
 * What a TV's board shows: "no ring" (docs/product.md §2's case: loaded, and no ring exists at
 * all); "idle" when none of its rings has a current or upcoming division (before the day, between
 * sessions, after the last division), where ring cards would all be empty; else the cards.
 * `dayOver`: every division on every ring (not only the TV's own) has completed.
 */
export type SignageBoard =
  { kind: 'noRings' } | { kind: 'idle'; dayOver: boolean } | { kind: 'rings'; cards: SignageCard[] };

export function signageBoard(
  rings: readonly SignageRing[],
  ringIds?: readonly number[] | null,
): SignageBoard {
  if (rings.length === 0) return { kind: 'noRings' };
  const cards = selectSignage(rings, ringIds);
  if (cards.some((c) => c.current !== null || c.upcoming.length > 0)) return { kind: 'rings', cards };
  const all = rings.flatMap((r) => (r.current ? [r.current, ...r.upcoming] : r.upcoming));
  return { kind: 'idle', dayOver: all.length > 0 && all.every((a) => a.isCompleted) };
}

function assignmentOf(d: SyncDivision): RingAssignment {
  return {
    ringAssignmentId: d.id,
    title: d.title,
    eventTypes: [...d.eventTypes],
    order: d.queueOrder,
    isCompleted: d.status === 'completed',
  };
}

/**
 * docs/product.md §3's ring assignments from synced rows: every ring in its order, its current
 * division (the one running; the earliest started should two be marked so), and its other
 * divisions in queue order with completed ones flagged.
 */
export function ringAssignmentsFromRows(
  rings: readonly SyncRing[],
  divisions: readonly SyncDivision[],
): SignageRing[] {
  const byRing = new Map<number, SyncDivision[]>();
  for (const d of divisions) {
    // An empty division is never run: it is not on a ring's screen.
    if (d.ringId === null || d.competitorCount === 0) continue;
    const list = byRing.get(d.ringId) ?? [];
    list.push(d);
    byRing.set(d.ringId, list);
  }
  return [...rings]
    .sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id)
    .map((ring) => {
      const own = byRing.get(ring.id) ?? [];
      const current =
        own
          .filter((d) => d.status === 'current')
          .sort((a, b) => (a.startedAt ?? '').localeCompare(b.startedAt ?? '') || a.id - b.id)[0] ?? null;
      return {
        ringId: ring.id,
        name: ring.name,
        isOpen: ring.isOpen,
        current: current ? assignmentOf(current) : null,
        upcoming: own
          .filter((d) => d !== current)
          .map(assignmentOf)
          .sort(byOrder),
      };
    });
}

/** The `?rings=1,2` option: ring ids, or null when absent or naming none. */
export function parseRingIds(param: string | null | undefined): number[] | null {
  if (!param) return null;
  const ids = param
    .split(',')
    .map((s) => s.trim())
    .filter((s) => /^\d{1,9}$/.test(s))
    .map(Number);
  return ids.length > 0 ? [...new Set(ids)] : null;
}

/** Rings side by side on a TV: as many as there are, four at most (then a second row). */
export function signageColumns(cards: number): number {
  return Math.min(Math.max(cards, 1), 4);
}

/**
 * The instant estimated starts count from: now while the TV is up to date, and the moment it
 * last heard from the server once it is stale, so that times frozen with the rings do not count
 * down as if the rings were running to plan.
 */
export function estimatesFrom(now: Date, updatedAt: string | null): Date {
  if (updatedAt === null) return now;
  const at = new Date(updatedAt);
  return now.getTime() - at.getTime() > SIGNAGE_STALE_AFTER_MS ? at : now;
}

/**
 * A time of day as organizers write it on the schedule ("10:30AM", "1:00 p.m.", "13:30",
 * "13 h 30"): minutes after midnight, or null when the text holds no time.
 */
export function clockTextMinutes(text: string): number | null {
  const m = /(?<!\d)(\d{1,2})\s*(?::\s*(\d{2})|h(?![a-z])\s*(\d{2})?)(?:\s*([ap])\.?\s*m\b)?/i.exec(text);
  if (!m) return null;
  let hour = Number(m[1]);
  const minute = Number(m[2] ?? m[3] ?? 0);
  const half = m[4]?.toLowerCase();
  if (hour > 23 || minute > 59 || (half && (hour < 1 || hour > 12))) return null;
  if (half === 'p' && hour < 12) hour += 12;
  if (half === 'a' && hour === 12) hour = 0;
  return hour * 60 + minute;
}

/** A line of the tournament's schedule (docs/product.md §3). */
export interface ScheduleLine {
  order: number;
  line1: string;
  line2: string;
}

/**
 * What a TV with no ring running says comes next (before the day starts, between sessions):
 * the first schedule line with a time still ahead on the tournament's day, or the day's first
 * timed line before that day. Null once the day's schedule is over or holds no time.
 * `today` is the venue's calendar day, `minutesNow` its clock.
 */
export function nextScheduleLine(
  schedule: readonly ScheduleLine[],
  tournamentDate: string,
  today: string,
  minutesNow: number,
): ScheduleLine | null {
  if (today > tournamentDate) return null;
  const timed = [...schedule]
    .sort((a, b) => a.order - b.order)
    .flatMap((line) => {
      const at = clockTextMinutes(line.line2) ?? clockTextMinutes(line.line1);
      return at === null ? [] : [{ line, at }];
    });
  const ahead = today < tournamentDate ? timed : timed.filter((t) => t.at > minutesNow);
  return ahead[0]?.line ?? null;
}
