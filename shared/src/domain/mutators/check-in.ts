import { DomainError } from '../domain-error.ts';
import { msg } from '../../i18n/message-ref.ts';
import { z } from 'zod';
import type { SyncCompetitor } from '../../contract/sync.ts';
import { outsideTournamentWindow, type DatedRecord } from '../tournament-window.ts';
import { defineMutator, type MutatorContext, type MutatorStore } from './types.ts';

// Check-in (decision 011): intents a check-in tablet queues while offline. Checking in someone
// already in is not an error and makes no second check-in: the result says who did it first.

export const CHECK_IN_MESSAGES = {
  competitorNotFound: msg('checkIn.rule.competitorNotFound'),
  registrationNotFound: msg('checkIn.rule.registrationNotFound'),
  noCompetitors: msg('checkIn.rule.noCompetitors'),
  alreadyCheckedIn: (name: string | null) =>
    name ? msg('checkIn.rule.alreadyCheckedInBy', { name }) : msg('checkIn.rule.alreadyCheckedIn'),
} as const;

const Id = z.number().int().positive().max(2_147_483_647);
/**
 * When the tap happened on the device (ISO 8601); the server keeps it unless it lies in the
 * future, and refuses it outside the tournament's window (`recordedAt`).
 */
const At = z.iso.datetime({ offset: true }).optional();

export interface CheckInOutcome {
  competitorId: number;
  /** False when someone had checked the competitor in before: then `by*`/`at` are theirs. */
  checkedInNow: boolean;
  at: string;
  byName: string | null;
}

/** The time of the tap: `at`, unless absent or in the future (then now). */
export function when(at: string | undefined, ctx: MutatorContext): string {
  if (!at) return ctx.now.toISOString();
  const t = new Date(at);
  return t.getTime() > ctx.now.getTime() ? ctx.now.toISOString() : t.toISOString();
}

/**
 * The time a payment or check-in is recorded with (`when`). A time the device gave must fall
 * within the tournament's window (registration opening to the day after the tournament), else
 * the mutation is refused as malformed: a device clock at 1900 must not date a payment there.
 * (Without `at`, the acting side's own clock is the time, and is not second-guessed.)
 */
export function recordedAt(at: string | undefined, what: DatedRecord, ctx: MutatorContext): string {
  const time = when(at, ctx);
  const problem = at !== undefined && ctx.window ? outsideTournamentWindow(time, what, ctx.window) : null;
  if (problem) throw new DomainError('invalid_args', problem);
  return time;
}

/** Checks `c` in as `ctx.actor` at `at`, unless already in (then says who was first). */
export async function checkIn(
  store: MutatorStore,
  c: SyncCompetitor,
  at: string,
  ctx: MutatorContext,
): Promise<CheckInOutcome> {
  if (c.checkedInAt) {
    return { competitorId: c.id, checkedInNow: false, at: c.checkedInAt, byName: c.checkedInByName };
  }
  await store.put('competitors', {
    ...c,
    checkedInAt: at,
    checkedInBy: ctx.actor.personId,
    checkedInByName: ctx.actor.displayName,
  });
  return { competitorId: c.id, checkedInNow: true, at, byName: ctx.actor.displayName };
}

/** The note of a check-in that changed nothing: who was first (the second tablet learns it). */
function alreadyCheckedIn(outcomes: readonly CheckInOutcome[]): { code: string; message: string } | null {
  const first = outcomes[0];
  if (!first || outcomes.some((o) => o.checkedInNow)) return null;
  return { code: 'already_checked_in', message: CHECK_IN_MESSAGES.alreadyCheckedIn(first.byName) };
}

export const checkInCompetitor = defineMutator({
  name: 'checkInCompetitor@1',
  refusedTitle: msg('mutation.refused.checkIn'),
  sentAs: { one: 'check-in', other: 'check-ins' },
  note: (outcome: CheckInOutcome) => alreadyCheckedIn([outcome]),
  scope: 'checkin',
  args: z.object({ competitorId: Id, at: At }),
  async run(store, args, ctx): Promise<CheckInOutcome> {
    const c = await store.get('competitors', args.competitorId);
    if (!c) throw new DomainError('competitor_not_found', CHECK_IN_MESSAGES.competitorNotFound);
    return checkIn(store, c, recordedAt(args.at, 'check-in', ctx), ctx);
  },
});

export const undoCheckIn = defineMutator({
  name: 'undoCheckIn@1',
  refusedTitle: msg('mutation.refused.undoCheckIn'),
  sentAs: { one: 'undone check-in', other: 'undone check-ins' },
  scope: 'checkin',
  args: z.object({ competitorId: Id }),
  async run(store, args): Promise<{ competitorId: number; undone: boolean }> {
    const c = await store.get('competitors', args.competitorId);
    if (!c) throw new DomainError('competitor_not_found', CHECK_IN_MESSAGES.competitorNotFound);
    if (!c.checkedInAt) return { competitorId: c.id, undone: false };
    await store.put('competitors', { ...c, checkedInAt: null, checkedInBy: null, checkedInByName: null });
    return { competitorId: c.id, undone: true };
  },
});

/** Checks in every competitor of the registration not yet in. */
export const checkInRegistration = defineMutator({
  name: 'checkInRegistration@1',
  refusedTitle: msg('mutation.refused.checkIn'),
  sentAs: { one: 'family check-in', other: 'family check-ins' },
  note: alreadyCheckedIn,
  scope: 'checkin',
  args: z.object({ registrationId: Id, at: At }),
  async run(store, args, ctx): Promise<CheckInOutcome[]> {
    const r = await store.get('registrations', args.registrationId);
    if (!r) throw new DomainError('registration_not_found', CHECK_IN_MESSAGES.registrationNotFound);
    const competitors = (await store.list('competitors', { registrationId: r.id })).sort(
      (a, b) => a.id - b.id,
    );
    if (competitors.length === 0) throw new DomainError('no_competitors', CHECK_IN_MESSAGES.noCompetitors);
    const at = recordedAt(args.at, 'check-in', ctx);
    const out: CheckInOutcome[] = [];
    for (const c of competitors) out.push(await checkIn(store, c, at, ctx));
    return out;
  },
});
