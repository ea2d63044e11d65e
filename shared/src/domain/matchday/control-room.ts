import { absentEntries } from './sheet.ts';
import { balanceRings, type BalanceDivision } from './balance.ts';
import { buildBracket, matchesToFight, resolveBracket } from './bracket.ts';
import { divisionMinutes, estimateRing, ringQueues, type RingDay, type RingDivision } from './estimates.ts';
import type { EventTypeRules } from './types.ts';

// The director's control room (docs/decisions/048-control-room.md): what each ring runs, how far
// along it is, how far ahead of or behind its estimates, what is queued, when each of its devices
// was last heard from and what they hold unsent, and the warnings. Pure: the screen passes the synced rows and `now`.

const MINUTE = 60_000;

/** The behind-schedule warning's default threshold, in minutes (a matchday setting). */
export const DEFAULT_BEHIND_WARNING_MINUTES = 15;
/** A device on a ring not heard from for this long while the ring runs a division is a warning. */
export const SILENT_TABLET_MS = 2 * MINUTE;

/** A division as the control room reads it (the synced `divisions` row has these fields). */
export interface ControlDivision extends RingDivision {
  title: string;
  rules: readonly EventTypeRules[];
}

export interface ControlRing {
  id: number;
  name: string;
  isOpen: boolean;
  sortOrder: number;
}

export interface ControlEntry {
  divisionId: number;
  competitorId: number;
  noShow: boolean;
}

export interface ControlScore {
  divisionId: number;
  eventTypeId: number;
  competitorId: number;
  judge: number;
  round: number;
  value: number;
}

export interface ControlMatchResult {
  divisionId: number;
  eventTypeId: number;
  matchId: string;
  winnerId: number | null;
}

export interface ControlResult {
  divisionId: number;
  eventTypeId: number;
  draw: readonly number[] | null;
}

/** A device as its last pull reported it (the server's heartbeat row). */
export interface ControlDevice {
  id: number;
  ringId: number | null;
  personName: string;
  /** ISO 8601, by the server's clock. */
  lastHeardAt: string;
  outboxDepth: number;
}

export interface ControlInput {
  rings: readonly ControlRing[];
  divisions: readonly ControlDivision[];
  entries: readonly ControlEntry[];
  scores: readonly ControlScore[];
  matchResults: readonly ControlMatchResult[];
  results: readonly ControlResult[];
  /** Competitor id -> checked in. */
  checkedIn: ReadonlyMap<number, boolean>;
  devices: readonly ControlDevice[];
  now: Date;
  /**
   * When the device last heard the list of devices (its last pull); the silent-tablet warning
   * measures from it, so a control room offline does not take its own silence for the tablets'.
   * Defaults to `now`.
   */
  devicesAsOf?: Date | undefined;
  /**
   * Whether the list of devices was ever heard (false: the control room has not synced yet, so
   * an empty list says nothing of the rings' tablets and no "no tablet" warning is raised).
   * Defaults to true.
   */
  devicesHeard?: boolean | undefined;
  behindWarningMinutes: number;
  /** The rings' start and lunch from the tournament's schedule (`ringDay`), as the TVs count. */
  ringDay?: RingDay | null;
}

export interface Progress {
  done: number;
  total: number;
}

export interface DivisionProgress {
  /** Competitors with every judge's score in every judged event type; null without one. */
  competitors: Progress | null;
  /** Bracket matches decided (byes not counted); null without a bracket event type. */
  matches: Progress | null;
}

/** How far the current division of a ring is (from the synced entries, scores and winners). */
export function divisionProgress(
  division: Pick<ControlDivision, 'id' | 'rules'>,
  input: Pick<ControlInput, 'entries' | 'scores' | 'matchResults' | 'results'>,
): DivisionProgress {
  const present = input.entries
    .filter((e) => e.divisionId === division.id && !e.noShow)
    .map((e) => e.competitorId);
  const judged = division.rules.filter((r) => r.decidedBy === 'judged');
  const brackets = division.rules.filter((r) => r.decidedBy === 'bracket');
  let competitors: Progress | null = null;
  if (judged.length > 0) {
    const judgesOf = new Map<string, Set<number>>();
    for (const s of input.scores) {
      if (s.divisionId !== division.id || s.round !== 0 || !Number.isFinite(s.value)) continue;
      const key = `${s.eventTypeId}:${s.competitorId}`;
      const set = judgesOf.get(key) ?? new Set<number>();
      set.add(s.judge);
      judgesOf.set(key, set);
    }
    const scored = present.filter((c) =>
      judged.every((r) => {
        const set = judgesOf.get(`${r.eventTypeId}:${c}`);
        return set !== undefined && [...set].filter((j) => j >= 1 && j <= r.judges).length >= r.judges;
      }),
    );
    competitors = { done: scored.length, total: present.length };
  }
  let matches: Progress | null = null;
  if (brackets.length > 0) {
    matches = { done: 0, total: 0 };
    for (const r of brackets) {
      const draw = input.results.find(
        (x) => x.divisionId === division.id && x.eventTypeId === r.eventTypeId,
      )?.draw;
      if (!draw) {
        matches.total += matchesToFight(present.length, r.thirdPlace);
        continue;
      }
      const winners = new Map<string, number>();
      for (const m of input.matchResults)
        if (m.divisionId === division.id && m.eventTypeId === r.eventTypeId && m.winnerId !== null)
          winners.set(m.matchId, m.winnerId);
      const fought = resolveBracket(buildBracket(draw, r.thirdPlace), winners).filter((m) => !m.isBye);
      matches.total += fought.length;
      matches.done += fought.filter((m) => m.winner !== null).length;
    }
  }
  return { competitors, matches };
}

const timeOf = (iso: string | null): number | null => {
  if (iso === null) return null;
  const t = Date.parse(iso);
  return Number.isNaN(t) ? null : t;
};

/**
 * Minutes a ring is behind its estimates (negative: ahead), or null before it has started:
 * the time since its first division started (up to its last completion once nothing is left to
 * run) less the estimated minutes of what it has done, the current division counting for the
 * time it has run, up to its estimate. Gaps between divisions count as time lost.
 */
export function scheduleMinutes(ringDivisions: readonly ControlDivision[], now: Date): number | null {
  const started = ringDivisions.map((d) => timeOf(d.startedAt)).filter((t): t is number => t !== null);
  if (started.length === 0) return null;
  const first = Math.min(...started);
  const running = ringDivisions.some((d) => d.status !== 'completed');
  const ends = ringDivisions.map((d) => timeOf(d.completedAt)).filter((t): t is number => t !== null);
  const until = running || ends.length === 0 ? now.getTime() : Math.max(...ends);
  let planned = 0;
  for (const d of ringDivisions) {
    const estimate = divisionMinutes(d);
    if (d.status === 'completed') planned += estimate;
    else if (d.status === 'current') {
      const start = timeOf(d.startedAt) ?? now.getTime();
      planned += Math.min(estimate, Math.max(0, (now.getTime() - start) / MINUTE));
    }
  }
  return Math.round((until - first) / MINUTE - planned);
}

/** When a ring's current and queued divisions should be done (ISO), or null with nothing to run. */
export function estimatedRingEnd(
  ringDivisions: readonly ControlDivision[],
  now: Date,
  day: RingDay | null = null,
): string | null {
  let end: string | null = null;
  for (const queue of ringQueues(ringDivisions).values())
    for (const e of estimateRing(queue, now, day).items)
      if (e.estimatedEnd && (end === null || e.estimatedEnd > end)) end = e.estimatedEnd;
  return end;
}

export interface CurrentDivisionStatus {
  divisionId: number;
  title: string;
  startedAt: string | null;
  elapsedMinutes: number;
  estimatedMinutes: number;
  progress: DivisionProgress;
}

export interface RingStatus {
  ring: ControlRing;
  current: CurrentDivisionStatus | null;
  /** Upcoming divisions on this ring. */
  queued: number;
  estimatedEnd: string | null;
  /** Behind (positive) or ahead (negative) in minutes; null before the ring starts. */
  behindMinutes: number | null;
  /** Every device that reported running this ring, the most recently heard first. */
  devices: ControlDevice[];
  /** The changes this ring's devices still hold unsent, summed over them (as each last reported). */
  unsent: number;
}

export type ControlWarning =
  | { kind: 'behind'; ringId: number; minutes: number }
  | { kind: 'closedWithQueue'; ringId: number; queued: number }
  | { kind: 'notCheckedIn'; ringId: number; divisionId: number; missing: number }
  | { kind: 'silentTablet'; ringId: number; deviceId: number; personName: string; lastHeardAt: string }
  | { kind: 'noTablet'; ringId: number };

/** The devices that reported running `ringId`, the most recently heard first. */
function devicesOf(devices: readonly ControlDevice[], ringId: number): ControlDevice[] {
  return devices
    .filter((d) => d.ringId === ringId)
    .sort((a, b) => b.lastHeardAt.localeCompare(a.lastHeardAt) || a.id - b.id);
}

/** Every ring's status, in ring order, and the warnings, rings first then divisions. */
export function controlRoom(input: ControlInput): { rings: RingStatus[]; warnings: ControlWarning[] } {
  const rings = [...input.rings].sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
  const statuses: RingStatus[] = [];
  const warnings: ControlWarning[] = [];
  const nowMs = input.now.getTime();
  const heardAsOf = Math.min(nowMs, input.devicesAsOf?.getTime() ?? nowMs);
  for (const ring of rings) {
    const mine = input.divisions.filter((d) => d.ringId === ring.id);
    const current = mine.find((d) => d.status === 'current') ?? null;
    const queued = mine.filter((d) => d.status === 'upcoming').length;
    const behindMinutes = scheduleMinutes(mine, input.now);
    const devices = devicesOf(input.devices, ring.id);
    const start = current ? timeOf(current.startedAt) : null;
    statuses.push({
      ring,
      current: current && {
        divisionId: current.id,
        title: current.title,
        startedAt: current.startedAt,
        elapsedMinutes: start === null ? 0 : Math.max(0, Math.floor((nowMs - start) / MINUTE)),
        estimatedMinutes: Math.round(divisionMinutes(current)),
        progress: divisionProgress(current, input),
      },
      queued,
      estimatedEnd: estimatedRingEnd(mine, input.now, input.ringDay ?? null),
      behindMinutes,
      devices,
      unsent: devices.reduce((sum, d) => sum + d.outboxDepth, 0),
    });
    if (behindMinutes !== null && behindMinutes > input.behindWarningMinutes && (current || queued > 0))
      warnings.push({ kind: 'behind', ringId: ring.id, minutes: behindMinutes });
    if (!ring.isOpen && queued > 0) warnings.push({ kind: 'closedWithQueue', ringId: ring.id, queued });
    // Every device on a running ring counts: a second one (a director's tablet opened on the
    // ring) does not hide the official's silence. Longest silent first.
    if (current) {
      for (const device of [...devices].reverse())
        if (heardAsOf - Date.parse(device.lastHeardAt) >= SILENT_TABLET_MS)
          warnings.push({
            kind: 'silentTablet',
            ringId: ring.id,
            deviceId: device.id,
            personName: device.personName,
            lastHeardAt: device.lastHeardAt,
          });
      if (devices.length === 0 && (input.devicesHeard ?? true))
        warnings.push({ kind: 'noTablet', ringId: ring.id });
    }
  }
  const ringOrder = new Map(rings.map((r, i) => [r.id, i]));
  const waiting = input.divisions
    .filter((d) => d.ringId !== null && ringOrder.has(d.ringId) && d.status !== 'completed')
    .sort(
      (a, b) =>
        ringOrder.get(a.ringId!)! - ringOrder.get(b.ringId!)! || a.queueOrder - b.queueOrder || a.id - b.id,
    );
  for (const d of waiting) {
    const missing = absentEntries(
      input.entries.filter((e) => e.divisionId === d.id),
      (id) => input.checkedIn.get(id) === true,
    ).length;
    if (missing > 0) warnings.push({ kind: 'notCheckedIn', ringId: d.ringId!, divisionId: d.id, missing });
  }
  return { rings: statuses, warnings };
}

export interface RebalanceMove {
  divisionId: number;
  fromRingId: number | null;
  toRingId: number;
}

export interface RebalancePreview {
  moves: RebalanceMove[];
  /** Per open ring, in `openRingIds` order: its estimated end now and after the rebalance. */
  ends: { ringId: number; before: string | null; after: string | null }[];
  /** Per open ring, in `openRingIds` order: its upcoming divisions' ids in the proposed queue order. */
  queues: { ringId: number; divisionIds: number[] }[];
}

/**
 * What the `balanceRings` mutator would do, without doing it: the divisions that change ring
 * (a new place in the same ring is not listed) and each open ring's estimated end before and after.
 */
export function previewRebalance(
  divisions: readonly ControlDivision[],
  openRingIds: readonly number[],
  now: Date,
  day: RingDay | null = null,
): RebalancePreview {
  const plan = balanceRings(
    divisions.map((d): BalanceDivision => ({
      divisionId: d.id,
      ringId: d.ringId,
      status: d.status,
      queueOrder: d.queueOrder,
      estimatedMinutes: divisionMinutes(d),
    })),
    openRingIds,
  );
  const after = divisions.map((d) => {
    const to = plan.get(d.id);
    return to ? { ...d, ringId: to.ringId, queueOrder: to.queueOrder } : d;
  });
  const moves: RebalanceMove[] = [];
  for (const d of divisions) {
    const to = plan.get(d.id);
    if (to && to.ringId !== d.ringId)
      moves.push({ divisionId: d.id, fromRingId: d.ringId, toRingId: to.ringId });
  }
  return {
    moves,
    ends: openRingIds.map((ringId) => ({
      ringId,
      before: estimatedRingEnd(
        divisions.filter((d) => d.ringId === ringId),
        now,
        day,
      ),
      after: estimatedRingEnd(
        after.filter((d) => d.ringId === ringId),
        now,
        day,
      ),
    })),
    queues: openRingIds.map((ringId) => ({
      ringId,
      divisionIds: after
        .filter((d) => d.ringId === ringId && d.status === 'upcoming')
        .sort((a, b) => a.queueOrder - b.queueOrder || a.id - b.id)
        .map((d) => d.id),
    })),
  };
}
