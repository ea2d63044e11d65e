import { DomainError } from '../domain-error.ts';
import { z } from 'zod';
import {
  LeaderboardGroupSchema,
  PlacingSchema,
  type SyncDivision,
  type SyncDivisionResult,
  type SyncMatchResult,
  type SyncScore,
} from '../../contract/sync-entities.ts';
import {
  balanceRings as balanceQueues,
  buildBracket,
  drawFits,
  drawSeeds,
  divisionMinutes,
  eventPlacings,
  presentEntries,
  resolveBracket,
  validScore,
  type EventTypeRules,
  type Placing,
} from '../matchday/index.ts';
import { msg } from '../../i18n/message-ref.ts';
import { DIRECTOR_ROLES } from '../roles.ts';
import { freeText, machineText } from '../text.ts';
import { when } from './check-in.ts';
import { defineMutator, type MutatorContext, type MutatorStore } from './types.ts';

// Rings and matchday (decision 021): every action of a ring official or a director at the rings is
// an intent queued on the tablet and judged by the server. Two tablets on one ring converge on
// the server's order; a director's queue reorder and an official's completion both survive
// (they write different fields); two entries of one judge's score, or one match's winner,
// keep the later entry (by the time of the tap), and the tablet whose entry lost is told.

export const MATCHDAY_MESSAGES = {
  ringNotFound: msg('matchday.rule.ringNotFound'),
  divisionNotFound: msg('matchday.rule.divisionNotFound'),
  notOnRing: msg('matchday.rule.notOnRing'),
  /** `ring`: the ring's name, or null when it has none to give ("This ring is running …"). */
  ringBusy: (ring: string | null, title: string) =>
    ring ? msg('matchday.rule.ringBusy', { ring, title }) : msg('matchday.rule.thisRingBusy', { title }),
  alreadyCompleted: msg('matchday.rule.alreadyCompleted'),
  alreadyStarted: msg('matchday.rule.alreadyStarted'),
  notStarted: msg('matchday.rule.notStarted'),
  completedUseCorrection: msg('matchday.rule.completedUseCorrection'),
  startedStays: msg('matchday.rule.startedStays'),
  eventTypeNotInDivision: msg('matchday.rule.eventTypeNotInDivision'),
  notJudged: msg('matchday.rule.notJudged'),
  notBracket: msg('matchday.rule.notBracket'),
  judgeOutOfRange: (judges: number) => msg('matchday.rule.judgeOutOfRange', { judges }),
  scoreOutOfRange: (min: number, max: number) => msg('matchday.rule.scoreOutOfRange', { min, max }),
  notEntered: msg('matchday.rule.notEntered'),
  noShow: msg('matchday.rule.noShow'),
  drawStarted: msg('matchday.rule.drawStarted'),
  redrawNeedsConfirmation: msg('matchday.rule.redrawNeedsConfirmation'),
  matchNotFound: msg('matchday.rule.matchNotFound'),
  matchNotReady: msg('matchday.rule.matchNotReady'),
  notInMatch: msg('matchday.rule.notInMatch'),
  /** `what`: the event types still undecided, as data ("Forms, Weapons"). */
  incomplete: (what: string) => msg('matchday.rule.incomplete', { what }),
  notCompleted: msg('matchday.rule.notCompleted'),
  badPlacings: msg('matchday.rule.badPlacings'),
  noOpenRing: msg('matchday.rule.noOpenRing'),
  notNextTournament: msg('matchday.rule.notNextTournament'),
  groupAgesReversed: msg('matchday.rule.groupAgesReversed'),
  groupIdsRepeated: msg('matchday.rule.groupIdsRepeated'),
  supersededScore: (value: number, by: string | null) =>
    by
      ? msg('matchday.rule.supersededScoreBy', { value, by })
      : msg('matchday.rule.supersededScore', { value }),
  supersededWinner: (by: string | null) =>
    by ? msg('matchday.rule.supersededWinnerBy', { by }) : msg('matchday.rule.supersededWinner'),
} as const;

const Id = z.number().int().positive().max(2_147_483_647);
const At = z.iso.datetime({ offset: true }).optional();
/** As the rows hold them, with the ids bounded and the label one line of plain text. */
const PlacingInputSchema = PlacingSchema.extend({ competitorId: Id });
const LeaderboardGroupInputSchema = LeaderboardGroupSchema.extend({
  id: machineText(40).min(1),
  label: freeText(60).min(1),
});

export const entryIdOf = (divisionId: number, competitorId: number) => `${divisionId}:${competitorId}`;
export const resultIdOf = (divisionId: number, eventTypeId: number) => `${divisionId}:${eventTypeId}`;
export const scoreIdOf = (
  s: Pick<SyncScore, 'divisionId' | 'eventTypeId' | 'competitorId' | 'judge' | 'round'>,
) => `${s.divisionId}:${s.eventTypeId}:${s.competitorId}:${s.judge}:${s.round}`;
export const matchResultIdOf = (divisionId: number, eventTypeId: number, matchId: string) =>
  `${divisionId}:${eventTypeId}:${matchId}`;

async function requireDivision(store: MutatorStore, id: number): Promise<SyncDivision> {
  const d = await store.get('divisions', id);
  if (!d) throw new DomainError('division_not_found', MATCHDAY_MESSAGES.divisionNotFound);
  return d;
}

/**
 * The division, which must be running: results are entered only while it is current. Takes the
 * row already read, so a mutator can read it together with the others it needs (one round trip
 * on the server instead of one per read).
 */
function running(d: SyncDivision | undefined): SyncDivision {
  if (!d) throw new DomainError('division_not_found', MATCHDAY_MESSAGES.divisionNotFound);
  if (d.status === 'completed')
    throw new DomainError('division_completed', MATCHDAY_MESSAGES.completedUseCorrection);
  if (d.status !== 'current') throw new DomainError('division_not_started', MATCHDAY_MESSAGES.notStarted);
  return d;
}

function requireRules(d: SyncDivision, eventTypeId: number): EventTypeRules {
  const rules = d.rules.find((r) => r.eventTypeId === eventTypeId);
  if (!rules) throw new DomainError('event_type_not_in_division', MATCHDAY_MESSAGES.eventTypeNotInDivision);
  return rules;
}

/** A ring's upcoming divisions in queue order (ties by id, so both sides agree). */
async function upcomingQueue(store: MutatorStore, ringId: number): Promise<SyncDivision[]> {
  return (await store.list('divisions', { ringId }))
    .filter((d) => d.status === 'upcoming')
    .sort((a, b) => a.queueOrder - b.queueOrder || a.id - b.id);
}

/** Numbers a queue 1..n, writing only the rows whose ring or place changed. */
async function writeQueue(store: MutatorStore, ringId: number | null, queue: readonly SyncDivision[]) {
  for (const [i, d] of queue.entries()) {
    const queueOrder = ringId === null ? 0 : i + 1;
    if (d.ringId !== ringId || d.queueOrder !== queueOrder)
      await store.put('divisions', { ...d, ringId, queueOrder });
  }
}

export const setRingOpen = defineMutator({
  name: 'setRingOpen@1',
  refusedTitle: msg('mutation.refused.setRingOpen'),
  scope: 'matchday',
  // Setting the day up is a director's (decision 042): a RingOfficial runs the ring only.
  roles: DIRECTOR_ROLES,
  args: z.object({ ringId: Id, isOpen: z.boolean() }),
  async run(store, args): Promise<{ ringId: number; changed: boolean }> {
    const ring = await store.get('rings', args.ringId);
    if (!ring) throw new DomainError('ring_not_found', MATCHDAY_MESSAGES.ringNotFound);
    if (ring.isOpen === args.isOpen) return { ringId: ring.id, changed: false };
    await store.put('rings', { ...ring, isOpen: args.isOpen });
    return { ringId: ring.id, changed: true };
  },
});

/** Puts an upcoming division on a ring's queue at `position` (0 first; the end when absent), or takes it off (ringId null). */
export const assignDivision = defineMutator({
  name: 'assignDivision@1',
  refusedTitle: msg('mutation.refused.assignDivision'),
  scope: 'matchday',
  // Setting the day up is a director's (decision 042): a RingOfficial runs the ring only.
  roles: DIRECTOR_ROLES,
  args: z.object({
    divisionId: Id,
    ringId: Id.nullable(),
    position: z.number().int().min(0).max(10_000).optional(),
  }),
  async run(store, args): Promise<{ divisionId: number; ringId: number | null }> {
    const d = await requireDivision(store, args.divisionId);
    if (d.status !== 'upcoming') throw new DomainError('division_started', MATCHDAY_MESSAGES.startedStays);
    if (args.ringId !== null && !(await store.get('rings', args.ringId)))
      throw new DomainError('ring_not_found', MATCHDAY_MESSAGES.ringNotFound);
    if (d.ringId !== null && d.ringId !== args.ringId) {
      await writeQueue(
        store,
        d.ringId,
        (await upcomingQueue(store, d.ringId)).filter((x) => x.id !== d.id),
      );
    }
    if (args.ringId === null) {
      await writeQueue(store, null, [d]);
      return { divisionId: d.id, ringId: null };
    }
    const queue = (await upcomingQueue(store, args.ringId)).filter((x) => x.id !== d.id);
    const at = Math.min(args.position ?? queue.length, queue.length);
    queue.splice(at, 0, d);
    await writeQueue(store, args.ringId, queue);
    return { divisionId: d.id, ringId: args.ringId };
  },
});

/**
 * A director's new order for a ring's upcoming divisions. Divisions no longer upcoming there
 * (an offline official started or completed one meanwhile) are passed over, and upcoming ones
 * the list does not name (assigned meanwhile) follow in their order: both intents survive.
 */
export const reorderQueue = defineMutator({
  name: 'reorderQueue@1',
  refusedTitle: msg('mutation.refused.reorderQueue'),
  scope: 'matchday',
  // Setting the day up is a director's (decision 042): a RingOfficial runs the ring only.
  roles: DIRECTOR_ROLES,
  args: z.object({ ringId: Id, divisionIds: z.array(Id).max(1000) }),
  async run(store, args): Promise<{ ringId: number }> {
    if (!(await store.get('rings', args.ringId)))
      throw new DomainError('ring_not_found', MATCHDAY_MESSAGES.ringNotFound);
    const queue = await upcomingQueue(store, args.ringId);
    const byId = new Map(queue.map((d) => [d.id, d]));
    const listed = [...new Set(args.divisionIds)].flatMap((id) => {
      const d = byId.get(id);
      return d ? [d] : [];
    });
    const rest = queue.filter((d) => !listed.includes(d));
    await writeQueue(store, args.ringId, [...listed, ...rest]);
    return { ringId: args.ringId };
  },
});

/** Spreads the upcoming divisions over the open rings by estimated duration (shared rule). */
export const balanceRings = defineMutator({
  name: 'balanceRings@1',
  refusedTitle: msg('mutation.refused.balanceRings'),
  scope: 'matchday',
  // Setting the day up is a director's (decision 042): a RingOfficial runs the ring only.
  roles: DIRECTOR_ROLES,
  args: z.object({}),
  async run(store): Promise<{ moved: number }> {
    const open = (await store.list('rings', {}))
      .filter((r) => r.isOpen)
      .sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
    if (open.length === 0) throw new DomainError('no_open_ring', MATCHDAY_MESSAGES.noOpenRing);
    const divisions = await store.list('divisions', {});
    const plan = balanceQueues(
      divisions.map((d) => ({
        divisionId: d.id,
        ringId: d.ringId,
        status: d.status,
        queueOrder: d.queueOrder,
        estimatedMinutes: divisionMinutes(d),
      })),
      open.map((r) => r.id),
    );
    let moved = 0;
    for (const d of divisions) {
      const to = plan.get(d.id);
      if (!to || (to.ringId === d.ringId && to.queueOrder === d.queueOrder)) continue;
      await store.put('divisions', { ...d, ringId: to.ringId, queueOrder: to.queueOrder });
      moved++;
    }
    return { moved };
  },
});

/**
 * Starts a division on its ring: it becomes the ring's current division. Each bracket event
 * type's seeds are drawn from `seed` (made once on the tablet, so the server draws the same)
 * among the competitors not marked as no-shows.
 */
export const startDivision = defineMutator({
  name: 'startDivision@1',
  refusedTitle: msg('mutation.refused.startDivision'),
  note: (r: { started: boolean }) =>
    r.started ? null : { code: 'already_started', message: MATCHDAY_MESSAGES.alreadyStarted },
  scope: 'matchday',
  args: z.object({ divisionId: Id, seed: z.number().int().min(0).max(2_147_483_647), at: At }),
  async run(store, args, ctx): Promise<{ divisionId: number; started: boolean }> {
    const d = await requireDivision(store, args.divisionId);
    if (d.status === 'completed')
      throw new DomainError('division_completed', MATCHDAY_MESSAGES.alreadyCompleted);
    if (d.status === 'current') return { divisionId: d.id, started: false };
    if (d.ringId === null) throw new DomainError('division_not_on_ring', MATCHDAY_MESSAGES.notOnRing);
    const busy = (await store.list('divisions', { ringId: d.ringId })).find(
      (x) => x.status === 'current' && x.id !== d.id,
    );
    if (busy) {
      const ring = await store.get('rings', d.ringId);
      throw new DomainError('ring_busy', MATCHDAY_MESSAGES.ringBusy(ring?.name ?? null, busy.title));
    }
    await store.put('divisions', { ...d, status: 'current', startedAt: when(args.at, ctx) });
    // A draw stored before the start (drawDivision, decision 050) is the one the sheets printed:
    // it is kept; only the event types not drawn yet are drawn now.
    await drawBrackets(store, d, args.seed, false);
    return { divisionId: d.id, started: true };
  },
});

/**
 * Draws each bracket event type of `d` from `seed` among the competitors it runs, writing the
 * draw with the division's result row. A stored draw is replaced only when `redraw` is true.
 * Returns how many draws were written.
 */
async function drawBrackets(
  store: MutatorStore,
  d: SyncDivision,
  seed: number,
  redraw: boolean,
): Promise<number> {
  const present = presentEntries(await store.list('divisionEntries', { divisionId: d.id }));
  let drawn = 0;
  for (const rules of d.rules) {
    if (rules.decidedBy !== 'bracket') continue;
    const result = await store.get('divisionResults', resultIdOf(d.id, rules.eventTypeId));
    if (!result || (result.draw !== null && !redraw)) continue;
    const draw = drawSeeds(
      present.map((e) => ({ competitorId: e.competitorId, school: e.school })),
      seed,
      rules.thirdPlace,
    );
    await store.put('divisionResults', { ...result, draw });
    drawn++;
  }
  return drawn;
}

/**
 * A director draws a division's brackets before it starts (decision 050), so the sheets printed
 * beforehand show the pairings the tablet will run. Drawing again replaces a stored draw only
 * with `redraw` (the director confirmed it, after a no-show or a move made the draw stale); a
 * draw that still fits is never replaced silently.
 */
export const drawDivision = defineMutator({
  name: 'drawDivision@1',
  refusedTitle: msg('mutation.refused.drawDivision'),
  scope: 'matchday',
  roles: DIRECTOR_ROLES,
  args: z.object({
    divisionId: Id,
    seed: z.number().int().min(0).max(2_147_483_647),
    redraw: z.boolean(),
  }),
  async run(store, args): Promise<{ divisionId: number; drawn: number }> {
    const d = await requireDivision(store, args.divisionId);
    if (d.status !== 'upcoming') throw new DomainError('division_started', MATCHDAY_MESSAGES.drawStarted);
    if (!args.redraw) {
      const present = presentEntries(await store.list('divisionEntries', { divisionId: d.id })).map(
        (e) => e.competitorId,
      );
      for (const rules of d.rules) {
        if (rules.decidedBy !== 'bracket') continue;
        const draw = (await store.get('divisionResults', resultIdOf(d.id, rules.eventTypeId)))?.draw;
        if (draw && !drawFits(draw, present))
          throw new DomainError('redraw_needs_confirmation', MATCHDAY_MESSAGES.redrawNeedsConfirmation);
      }
    }
    return { divisionId: d.id, drawn: await drawBrackets(store, d, args.seed, args.redraw) };
  },
});

export const markNoShow = defineMutator({
  name: 'markNoShow@1',
  refusedTitle: msg('mutation.refused.markNoShow'),
  scope: 'matchday',
  args: z.object({ divisionId: Id, competitorId: Id, noShow: z.boolean() }),
  async run(store, args): Promise<{ competitorId: number; noShow: boolean }> {
    const d = await requireDivision(store, args.divisionId);
    if (d.status === 'completed')
      throw new DomainError('division_completed', MATCHDAY_MESSAGES.completedUseCorrection);
    const entry = await store.get('divisionEntries', entryIdOf(d.id, args.competitorId));
    if (!entry) throw new DomainError('not_entered', MATCHDAY_MESSAGES.notEntered);
    if (entry.noShow !== args.noShow) await store.put('divisionEntries', { ...entry, noShow: args.noShow });
    return { competitorId: entry.competitorId, noShow: args.noShow };
  },
});

/** An entry that lost to a later one: what the tablet that sent it is told. */
export interface EntryOutcome<Row> {
  recorded: boolean;
  /** The row that stands (this entry's, or the later one kept). */
  standing: Row;
}

export const recordScore = defineMutator({
  name: 'recordScore@1',
  refusedTitle: msg('mutation.refused.recordScore'),
  note: (r: EntryOutcome<SyncScore>) =>
    r.recorded
      ? null
      : {
          code: 'superseded',
          message: MATCHDAY_MESSAGES.supersededScore(r.standing.value, r.standing.enteredByName),
        },
  scope: 'matchday',
  args: z.object({
    divisionId: Id,
    eventTypeId: Id,
    competitorId: Id,
    judge: z.number().int().min(1).max(5),
    /** 0: the main round; 1 and up: run-off rounds of a tie. */
    round: z.number().int().min(0).max(20),
    value: z.number().finite(),
    at: At,
  }),
  async run(store, args, ctx): Promise<EntryOutcome<SyncScore>> {
    const [division, entry, existing] = await Promise.all([
      store.get('divisions', args.divisionId),
      store.get('divisionEntries', entryIdOf(args.divisionId, args.competitorId)),
      store.get('scores', scoreIdOf(args)),
    ]);
    const d = running(division);
    const rules = requireRules(d, args.eventTypeId);
    if (rules.decidedBy !== 'judged') throw new DomainError('not_judged', MATCHDAY_MESSAGES.notJudged);
    if (args.judge > rules.judges)
      throw new DomainError('judge_out_of_range', MATCHDAY_MESSAGES.judgeOutOfRange(rules.judges));
    if (!validScore(args.value, rules))
      throw new DomainError(
        'score_out_of_range',
        MATCHDAY_MESSAGES.scoreOutOfRange(rules.scoreMin, rules.scoreMax),
      );
    if (!entry) throw new DomainError('not_entered', MATCHDAY_MESSAGES.notEntered);
    if (entry.noShow) throw new DomainError('no_show', MATCHDAY_MESSAGES.noShow);
    const row: SyncScore = {
      id: scoreIdOf(args),
      divisionId: d.id,
      eventTypeId: args.eventTypeId,
      competitorId: args.competitorId,
      judge: args.judge,
      round: args.round,
      value: args.value,
      enteredAt: when(args.at, ctx),
      enteredBy: ctx.actor.personId,
      enteredByName: ctx.actor.displayName,
      version: 0,
    };
    return laterEntryWins(store, 'scores', row, existing);
  },
});

export const recordMatchWinner = defineMutator({
  name: 'recordMatchWinner@1',
  refusedTitle: msg('mutation.refused.recordMatchWinner'),
  note: (r: EntryOutcome<SyncMatchResult>) =>
    r.recorded
      ? null
      : { code: 'superseded', message: MATCHDAY_MESSAGES.supersededWinner(r.standing.enteredByName) },
  scope: 'matchday',
  args: z.object({
    divisionId: Id,
    eventTypeId: Id,
    matchId: machineText(20).min(1),
    winnerId: Id,
    at: At,
  }),
  async run(store, args, ctx): Promise<EntryOutcome<SyncMatchResult>> {
    const [division, result, winners, existing] = await Promise.all([
      store.get('divisions', args.divisionId),
      store.get('divisionResults', resultIdOf(args.divisionId, args.eventTypeId)),
      winnersOf(store, args.divisionId, args.eventTypeId),
      store.get('matchResults', matchResultIdOf(args.divisionId, args.eventTypeId, args.matchId)),
    ]);
    const d = running(division);
    const rules = requireRules(d, args.eventTypeId);
    if (rules.decidedBy !== 'bracket') throw new DomainError('not_bracket', MATCHDAY_MESSAGES.notBracket);
    if (!result?.draw) throw new DomainError('division_not_started', MATCHDAY_MESSAGES.notStarted);
    const match = resolveBracket(buildBracket(result.draw, rules.thirdPlace), winners).find(
      (m) => m.id === args.matchId,
    );
    if (!match || match.isBye) throw new DomainError('match_not_found', MATCHDAY_MESSAGES.matchNotFound);
    if (match.a === null || match.b === null)
      throw new DomainError('match_not_ready', MATCHDAY_MESSAGES.matchNotReady);
    if (args.winnerId !== match.a && args.winnerId !== match.b)
      throw new DomainError('not_in_match', MATCHDAY_MESSAGES.notInMatch);
    const row: SyncMatchResult = {
      id: matchResultIdOf(d.id, args.eventTypeId, args.matchId),
      divisionId: d.id,
      eventTypeId: args.eventTypeId,
      matchId: args.matchId,
      winnerId: args.winnerId,
      enteredAt: when(args.at, ctx),
      enteredBy: ctx.actor.personId,
      enteredByName: ctx.actor.displayName,
      version: 0,
    };
    return laterEntryWins(store, 'matchResults', row, existing);
  },
});

/**
 * Writes `row` unless `existing`, the row of its id read by the caller, was entered later (then
 * that one stands).
 */
async function laterEntryWins<E extends 'scores' | 'matchResults'>(
  store: MutatorStore,
  entity: E,
  row: E extends 'scores' ? SyncScore : SyncMatchResult,
  existing: (E extends 'scores' ? SyncScore : SyncMatchResult) | undefined,
): Promise<EntryOutcome<E extends 'scores' ? SyncScore : SyncMatchResult>> {
  if (existing && Date.parse(existing.enteredAt) > Date.parse(row.enteredAt)) {
    return { recorded: false, standing: existing };
  }
  if (existing) await store.put(entity, { ...row, version: existing.version } as never);
  else await store.insert(entity, row as never);
  return { recorded: true, standing: row };
}

/** Winners entered for one event type of a division: match id -> competitor id. */
export async function winnersOf(store: MutatorStore, divisionId: number, eventTypeId: number) {
  const rows = await store.list('matchResults', { divisionId });
  return new Map(
    rows
      .filter((m) => m.eventTypeId === eventTypeId && m.winnerId !== null)
      .map((m) => [m.matchId, m.winnerId as number]),
  );
}

/** Each event type's placings from what has been entered, or the titles of those not complete. */
export async function divisionPlacings(
  store: MutatorStore,
  d: SyncDivision,
): Promise<{ results: { result: SyncDivisionResult; placings: Placing[] }[]; missing: string[] }> {
  const present = presentEntries(await store.list('divisionEntries', { divisionId: d.id })).map(
    (e) => e.competitorId,
  );
  const scores = await store.list('scores', { divisionId: d.id });
  const results: { result: SyncDivisionResult; placings: Placing[] }[] = [];
  const missing: string[] = [];
  for (const rules of d.rules) {
    const result = await store.get('divisionResults', resultIdOf(d.id, rules.eventTypeId));
    const placings = result
      ? eventPlacings({
          rules,
          presentCompetitorIds: present,
          draw: result.draw,
          scores: scores.filter((s) => s.eventTypeId === rules.eventTypeId),
          winners: await winnersOf(store, d.id, rules.eventTypeId),
        })
      : null;
    if (result && placings) results.push({ result, placings });
    else missing.push(rules.title);
  }
  return { results, missing };
}

/** Completes the current division: placings from its results; it leaves the queue, and the next comes up. */
export const completeDivision = defineMutator({
  name: 'completeDivision@1',
  refusedTitle: msg('mutation.refused.completeDivision'),
  note: (r: { completed: boolean }) =>
    r.completed ? null : { code: 'already_completed', message: MATCHDAY_MESSAGES.alreadyCompleted },
  scope: 'matchday',
  args: z.object({ divisionId: Id, at: At }),
  async run(store, args, ctx: MutatorContext): Promise<{ divisionId: number; completed: boolean }> {
    const d = await requireDivision(store, args.divisionId);
    if (d.status === 'completed') return { divisionId: d.id, completed: false };
    if (d.status !== 'current') throw new DomainError('division_not_started', MATCHDAY_MESSAGES.notStarted);
    const { results, missing } = await divisionPlacings(store, d);
    if (missing.length)
      throw new DomainError('results_incomplete', MATCHDAY_MESSAGES.incomplete(missing.join(', ')));
    const at = when(args.at, ctx);
    for (const { result, placings } of results)
      await store.put('divisionResults', { ...result, placings, completedAt: at });
    await store.put('divisions', { ...d, status: 'completed', completedAt: at });
    return { divisionId: d.id, completed: true };
  },
});

/** Whether placings are a possible podium: one 1st, one 2nd, one or two 3rds, a 4th only beside one 3rd. */
export function validPodium(placings: readonly Placing[]): boolean {
  const count = (p: number) => placings.filter((x) => x.place === p).length;
  const ids = new Set(placings.map((p) => p.competitorId));
  if (ids.size !== placings.length) return false;
  if (count(1) > 1 || count(2) > 1 || count(3) > 2 || count(4) > 1) return false;
  return !(count(3) === 2 && count(4) > 0);
}

/** A director corrects a completed division's placings for one event type (audited on the server). */
export const correctResult = defineMutator({
  name: 'correctResult@1',
  refusedTitle: msg('mutation.refused.correctResult'),
  scope: 'matchday',
  args: z.object({ divisionId: Id, eventTypeId: Id, placings: z.array(PlacingInputSchema).max(8) }),
  async run(store, args, ctx): Promise<{ divisionId: number }> {
    const d = await requireDivision(store, args.divisionId);
    if (d.status !== 'completed')
      throw new DomainError('division_not_completed', MATCHDAY_MESSAGES.notCompleted);
    requireRules(d, args.eventTypeId);
    const result = await store.get('divisionResults', resultIdOf(d.id, args.eventTypeId));
    if (!result)
      throw new DomainError('event_type_not_in_division', MATCHDAY_MESSAGES.eventTypeNotInDivision);
    const entries = new Set(
      (await store.list('divisionEntries', { divisionId: d.id })).map((e) => e.competitorId),
    );
    if (!validPodium(args.placings) || args.placings.some((p) => !entries.has(p.competitorId)))
      throw new DomainError('bad_placings', MATCHDAY_MESSAGES.badPlacings);
    const placings = [...args.placings].sort((a, b) => a.place - b.place || a.competitorId - b.competitorId);
    await store.put('divisionResults', {
      ...result,
      placings,
      correctedAt: ctx.now.toISOString(),
      correctedByName: ctx.actor.displayName,
    });
    return { divisionId: d.id };
  },
});

export const setLeaderboardGroups = defineMutator({
  name: 'setLeaderboardGroups@1',
  refusedTitle: msg('mutation.refused.setLeaderboardGroups'),
  scope: 'matchday',
  // Setting the day up is a director's (decision 042): a RingOfficial runs the ring only.
  roles: DIRECTOR_ROLES,
  args: z.object({
    tournamentId: Id,
    groups: z
      .array(LeaderboardGroupInputSchema)
      .min(1)
      .max(40)
      .refine((gs) => gs.every((g) => g.minAge <= g.maxAge), MATCHDAY_MESSAGES.groupAgesReversed)
      .refine((gs) => new Set(gs.map((g) => g.id)).size === gs.length, MATCHDAY_MESSAGES.groupIdsRepeated),
  }),
  async run(store, args): Promise<{ saved: boolean }> {
    const row = await store.get('matchdaySettings', args.tournamentId);
    if (row) {
      await store.put('matchdaySettings', { ...row, leaderboardGroups: args.groups });
      return { saved: true };
    }
    const inserted = await store.insert('matchdaySettings', {
      id: args.tournamentId,
      leaderboardGroups: args.groups,
      version: 0,
    });
    if (!inserted) throw new DomainError('tournament_not_next', MATCHDAY_MESSAGES.notNextTournament);
    return { saved: true };
  },
});

/** The control room's behind-schedule threshold, in minutes (decision 048). */
export const setBehindWarning = defineMutator({
  name: 'setBehindWarning@1',
  refusedTitle: msg('mutation.refused.setBehindWarning'),
  scope: 'matchday',
  roles: DIRECTOR_ROLES,
  args: z.object({
    tournamentId: Id,
    minutes: z.number().int().min(1).max(240),
  }),
  async run(store, args): Promise<{ saved: boolean }> {
    const row = await store.get('matchdaySettings', args.tournamentId);
    if (row) {
      await store.put('matchdaySettings', { ...row, behindWarningMinutes: args.minutes });
      return { saved: true };
    }
    const inserted = await store.insert('matchdaySettings', {
      id: args.tournamentId,
      leaderboardGroups: [],
      behindWarningMinutes: args.minutes,
      version: 0,
    });
    if (!inserted) throw new DomainError('tournament_not_next', MATCHDAY_MESSAGES.notNextTournament);
    return { saved: true };
  },
});

export const MATCHDAY_MUTATORS = [
  setRingOpen,
  assignDivision,
  reorderQueue,
  balanceRings,
  startDivision,
  drawDivision,
  markNoShow,
  recordScore,
  recordMatchWinner,
  completeDivision,
  correctResult,
  setLeaderboardGroups,
  setBehindWarning,
] as const;
