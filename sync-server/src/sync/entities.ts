import { eq } from 'drizzle-orm';
import {
  DIRECTOR_ROLES,
  hasAnyRole,
  SYNC_REGISTRY,
  type SyncCompetitor,
  type SyncEntities,
  type SyncEntity,
  type SyncPayment,
  type SyncRegistry,
  type SyncScope,
  type Tournament,
} from '@tournament/shared';
import type { Db, Tx } from '../db/client.ts';
import {
  competitors,
  divisionEntries,
  divisionResults,
  judgeScores,
  matchdaySettings,
  matchResults,
  ringDivisions,
  rings,
} from '../db/schema.ts';
import type { Caller } from '../deps.ts';
import { writeAudit } from '../services/audit.ts';
import { recordDoorPaymentInTx, voidPaymentInTx } from '../services/door.ts';
import type { PaymentDeps } from '../services/payments.ts';
import { competitorRows, paymentRows, registrationRows } from './rows.ts';
import {
  columnOf,
  divisionEntryRows,
  divisionResultRows,
  divisionRows,
  matchdaySettingsRows,
  matchResultRows,
  ringRows,
  scoreRows,
  type MatchdayFilter,
} from './matchday-rows.ts';

// How the server reads and writes each synced entity of the registry (shared/src/contract/
// sync-entities.ts): its table (the one whose sync trigger stamps its rows), a pull reader per
// scope, the reader the server's mutator store uses inside a push, and the writes a mutator's
// `put`/`insert` become. One entry per registry entity; a test fails when one is missing.

/** What a pull asks of an entity: rows of the next tournament for one scope, changed since a version. */
export interface PullQuery {
  tournament: Tournament;
  scope: SyncScope;
  caller: Caller | null;
  /** Only rows changed after this version (an incremental pull); all when undefined. */
  sinceVersion?: number | undefined;
}

/** What the mutator store asks: rows by id, or by a field's value, locked until the push's transaction ends. */
export interface StoreQuery {
  tournament: Tournament;
  ids?: readonly (number | string)[];
  /** Rows whose `field` equals `value` (the store's `list`); the reader may ignore it and the store filters. */
  where?: { field: string; value: unknown };
  lock: boolean;
}

/** What a write may use besides the transaction: the time, and payment receipts' needs. */
export interface WriteContext {
  tournament: Tournament;
  now: Date;
  paymentDeps: PaymentDeps;
  /** Who pushed the mutation (audit entries). */
  actor: Pick<Caller, 'personId' | 'displayName'>;
}

export interface EntityAccess<Row extends { id: number | string } = { id: number | string }> {
  /** The table whose rows this entity carries, stamped by a sync trigger (0005/0006/0009 migrations). */
  table: string;
  /** Rows of a scope's patch; shape them for the scope here (the customer scope sees less). */
  pull(db: Db, q: PullQuery): Promise<Row[]>;
  /** Rows for the server's mutator store. */
  read(tx: Tx, q: StoreQuery): Promise<Row[]>;
  /**
   * Writes a row a mutator changed (only its registry `writable` fields differ from `before`;
   * the store checked). Answers whether anything was written.
   */
  write?(tx: Tx, before: Row, after: Row, w: WriteContext): Promise<boolean>;
  /** Adds a row a mutator made; false when its id exists. */
  insert?(tx: Tx, row: Row, w: WriteContext): Promise<boolean>;
}

/** The server's side of a registry: how each entity is read and written. */
export interface SyncModel {
  registry: SyncRegistry;
  access: Readonly<Record<string, EntityAccess>>;
}

/**
 * Whether the caller of a matchday pull gets more than a ring official needs (decision 042):
 * directors do (the leaderboard groups by age and gender; who checked a child in). A
 * RingOfficial gets competitor names, schools and check-in state only.
 */
const seesBeyondTheRing = (q: PullQuery) => hasAnyRole(q.caller?.roles ?? [], DIRECTOR_ROLES);

/** Numbers of a query's ids (the numeric-keyed readers). */
const numbers = (ids: readonly (number | string)[] | undefined) => ids?.map(Number);

const registrationsAccess: EntityAccess<SyncEntities['registrations']> = {
  table: 'registrations',
  pull: (db, q) =>
    registrationRows(db, {
      tournament: q.tournament,
      sinceVersion: q.sinceVersion,
      ...(q.scope === 'customer' ? { ownerUserId: q.caller?.personId ?? 0 } : {}),
    }),
  read: (tx, q) => registrationRows(tx, { tournament: q.tournament, ids: numbers(q.ids), lock: q.lock }),
  // Only derived values change (a payment lowers the balance shown): the server recomputes them.
  write: async () => false,
};

const competitorsAccess: EntityAccess<SyncCompetitor> = {
  table: 'competitors',
  async pull(db, q) {
    const rows = await competitorRows(db, {
      tournament: q.tournament,
      sinceVersion: q.sinceVersion,
      ...(q.scope === 'customer' ? { ownerUserId: q.caller?.personId ?? 0 } : {}),
      // An erased competitor stays in the ring's results, blank (decision 046).
      includeErased: q.scope === 'matchday',
    });
    // A family sees that its child is checked in, not which volunteer did it; nor does a ring
    // official (decision 042).
    const hideWho = q.scope === 'customer' || (q.scope === 'matchday' && !seesBeyondTheRing(q));
    return hideWho
      ? rows.map((c) => ({ ...c, checkedInBy: null, checkedInByName: null }))
      : rows;
  },
  read: (tx, q) =>
    competitorRows(tx, {
      tournament: q.tournament,
      ids: numbers(q.ids),
      ...(q.where?.field === 'registrationId' ? { registrationIds: [Number(q.where.value)] } : {}),
      lock: q.lock,
    }),
  async write(tx, before, after, w) {
    if (after.checkedInAt === before.checkedInAt && after.checkedInBy === before.checkedInBy) return false;
    await tx
      .update(competitors)
      .set({
        checkedInAt: after.checkedInAt ? new Date(after.checkedInAt) : null,
        checkedInBy: after.checkedInAt ? after.checkedInBy : null,
        updatedAt: w.now,
      })
      .where(eq(competitors.id, after.id));
    return true;
  },
};

const paymentsAccess: EntityAccess<SyncPayment> = {
  table: 'payments',
  pull: (db, q) => paymentRows(db, { tournament: q.tournament, sinceVersion: q.sinceVersion }),
  read: (tx, q) =>
    paymentRows(tx, {
      tournament: q.tournament,
      ...(q.ids ? { paymentIds: q.ids.map(String) } : {}),
      ...(q.where?.field === 'registrationId' ? { registrationIds: [Number(q.where.value)] } : {}),
      lock: q.lock,
    }),
  async write(tx, before, after, w) {
    if (after.voided === before.voided) return false;
    if (!after.voided) throw new Error('A mutator un-voided a payment, which mutators may not do');
    await voidPaymentInTx(tx, w.paymentDeps, w.tournament, before, {
      reason: after.voidReason ?? '',
      by: after.voidedBy,
    });
    return true;
  },
  // Recording a payment also completes its registration if incomplete and issues a receipt.
  insert: (tx, row, w) => recordDoorPaymentInTx(tx, w.paymentDeps, w.tournament, row),
};

// ---- Rings and matchday (decision 021) ----

/** A pull or store query as the matchday readers take it; `where` on a field the table has. */
function matchdayFilter(table: Parameters<typeof columnOf>[0], q: PullQuery | StoreQuery): MatchdayFilter {
  if ('scope' in q) return { tournament: q.tournament, sinceVersion: q.sinceVersion };
  const column = q.where && q.where.value !== null ? columnOf(table, q.where.field) : undefined;
  return {
    tournament: q.tournament,
    ids: q.ids,
    where: column && q.where ? { column, value: q.where.value } : undefined,
    lock: q.lock,
  };
}

/** The fields of `after` that differ from `before` among `fields`. */
function changed<Row>(before: Row, after: Row, fields: readonly (keyof Row)[]): (keyof Row)[] {
  return fields.filter((f) => JSON.stringify(before[f]) !== JSON.stringify(after[f]));
}

const at = (v: string | null): Date | null => (v ? new Date(v) : null);

const ringsAccess: EntityAccess<SyncEntities['rings']> = {
  table: 'rings',
  pull: (db, q) => ringRows(db, matchdayFilter(rings, q)),
  read: (tx, q) => ringRows(tx, matchdayFilter(rings, q)),
  async write(tx, before, after, w) {
    if (before.isOpen === after.isOpen) return false;
    await tx.update(rings).set({ isOpen: after.isOpen, updatedAt: w.now }).where(eq(rings.id, after.id));
    return true;
  },
};

const divisionsAccess: EntityAccess<SyncEntities['divisions']> = {
  table: 'ring_divisions',
  pull: (db, q) => divisionRows(db, matchdayFilter(ringDivisions, q)),
  read: (tx, q) => divisionRows(tx, matchdayFilter(ringDivisions, q)),
  async write(tx, before, after, w) {
    if (changed(before, after, ['ringId', 'queueOrder', 'status', 'startedAt', 'completedAt']).length === 0)
      return false;
    await tx
      .update(ringDivisions)
      .set({
        ringId: after.ringId,
        queueOrder: after.queueOrder,
        status: after.status,
        startedAt: at(after.startedAt),
        completedAt: at(after.completedAt),
        updatedAt: w.now,
      })
      .where(eq(ringDivisions.id, after.id));
    return true;
  },
};

const divisionEntriesAccess: EntityAccess<SyncEntities['divisionEntries']> = {
  table: 'division_entries',
  async pull(db, q) {
    const rows = await divisionEntryRows(db, matchdayFilter(divisionEntries, q));
    return seesBeyondTheRing(q) ? rows : rows.map((e) => ({ ...e, age: null, gender: null }));
  },
  read: (tx, q) => divisionEntryRows(tx, matchdayFilter(divisionEntries, q)),
  async write(tx, before, after) {
    if (before.noShow === after.noShow) return false;
    await tx.update(divisionEntries).set({ noShow: after.noShow }).where(eq(divisionEntries.id, after.id));
    return true;
  },
};

const divisionResultsAccess: EntityAccess<SyncEntities['divisionResults']> = {
  table: 'division_results',
  pull: (db, q) => divisionResultRows(db, matchdayFilter(divisionResults, q)),
  read: (tx, q) => divisionResultRows(tx, matchdayFilter(divisionResults, q)),
  async write(tx, before, after, w) {
    if (changed(before, after, ['draw', 'placings', 'completedAt', 'correctedAt']).length === 0) return false;
    const corrected = before.completedAt !== null && changed(before, after, ['placings']).length > 0;
    await tx
      .update(divisionResults)
      .set({
        draw: after.draw,
        placings: after.placings,
        completedAt: at(after.completedAt),
        ...(corrected
          ? { correctedAt: w.now, correctedBy: w.actor.personId, correctedByName: w.actor.displayName }
          : {}),
      })
      .where(eq(divisionResults.id, after.id));
    // A result corrected after completion is audited with before and after (decision 021).
    if (corrected) {
      await writeAudit(
        tx,
        w.actor,
        {
          entity: 'divisionResult',
          entityId: after.divisionId,
          action: 'update',
          before: { eventTypeId: before.eventTypeId, placings: before.placings },
          after: { eventTypeId: after.eventTypeId, placings: after.placings },
        },
        w.now,
      );
    }
    return true;
  },
};

const scoresAccess: EntityAccess<SyncEntities['scores']> = {
  table: 'judge_scores',
  pull: (db, q) => scoreRows(db, matchdayFilter(judgeScores, q)),
  read: (tx, q) => scoreRows(tx, matchdayFilter(judgeScores, q)),
  async write(tx, before, after) {
    if (changed(before, after, ['value', 'enteredAt', 'enteredBy']).length === 0) return false;
    await tx
      .update(judgeScores)
      .set({
        value: after.value,
        enteredAt: new Date(after.enteredAt),
        enteredBy: after.enteredBy,
        enteredByName: after.enteredByName,
      })
      .where(eq(judgeScores.id, after.id));
    return true;
  },
  async insert(tx, row, w) {
    const made = await tx
      .insert(judgeScores)
      .values({
        id: row.id,
        tournamentId: w.tournament.id,
        divisionId: row.divisionId,
        eventTypeId: row.eventTypeId,
        competitorId: row.competitorId,
        judge: row.judge,
        round: row.round,
        value: row.value,
        enteredAt: new Date(row.enteredAt),
        enteredBy: row.enteredBy,
        enteredByName: row.enteredByName,
      })
      .onConflictDoNothing()
      .returning({ id: judgeScores.id });
    return made.length > 0;
  },
};

const matchResultsAccess: EntityAccess<SyncEntities['matchResults']> = {
  table: 'match_results',
  pull: (db, q) => matchResultRows(db, matchdayFilter(matchResults, q)),
  read: (tx, q) => matchResultRows(tx, matchdayFilter(matchResults, q)),
  async write(tx, before, after) {
    if (changed(before, after, ['winnerId', 'enteredAt', 'enteredBy']).length === 0) return false;
    await tx
      .update(matchResults)
      .set({
        winnerId: after.winnerId,
        enteredAt: new Date(after.enteredAt),
        enteredBy: after.enteredBy,
        enteredByName: after.enteredByName,
      })
      .where(eq(matchResults.id, after.id));
    return true;
  },
  async insert(tx, row, w) {
    const made = await tx
      .insert(matchResults)
      .values({
        id: row.id,
        tournamentId: w.tournament.id,
        divisionId: row.divisionId,
        eventTypeId: row.eventTypeId,
        matchId: row.matchId,
        winnerId: row.winnerId,
        enteredAt: new Date(row.enteredAt),
        enteredBy: row.enteredBy,
        enteredByName: row.enteredByName,
      })
      .onConflictDoNothing()
      .returning({ id: matchResults.id });
    return made.length > 0;
  },
};

const matchdaySettingsAccess: EntityAccess<SyncEntities['matchdaySettings']> = {
  table: 'matchday_settings',
  pull: (db, q) => matchdaySettingsRows(db, matchdayFilter(matchdaySettings, q)),
  read: (tx, q) => matchdaySettingsRows(tx, matchdayFilter(matchdaySettings, q)),
  async write(tx, before, after) {
    if (changed(before, after, ['leaderboardGroups', 'behindWarningMinutes']).length === 0) return false;
    await tx
      .update(matchdaySettings)
      .set({
        leaderboardGroups: after.leaderboardGroups,
        ...(after.behindWarningMinutes !== undefined ? { behindWarningMinutes: after.behindWarningMinutes } : {}),
      })
      .where(eq(matchdaySettings.id, after.id));
    return true;
  },
  async insert(tx, row, w) {
    // One settings row per tournament: its id is the tournament's.
    if (row.id !== w.tournament.id) return false;
    const made = await tx
      .insert(matchdaySettings)
      .values({
        id: row.id,
        tournamentId: w.tournament.id,
        leaderboardGroups: row.leaderboardGroups,
        ...(row.behindWarningMinutes !== undefined ? { behindWarningMinutes: row.behindWarningMinutes } : {}),
      })
      .onConflictDoNothing()
      .returning({ id: matchdaySettings.id });
    return made.length > 0;
  },
};

/** Every registry entity's access, typed so that a registry entity without one does not compile. */
export const ENTITY_ACCESS: { [E in SyncEntity]: EntityAccess<SyncEntities[E]> } = {
  registrations: registrationsAccess,
  competitors: competitorsAccess,
  payments: paymentsAccess,
  rings: ringsAccess,
  divisions: divisionsAccess,
  divisionEntries: divisionEntriesAccess,
  divisionResults: divisionResultsAccess,
  scores: scoresAccess,
  matchResults: matchResultsAccess,
  matchdaySettings: matchdaySettingsAccess,
};

/** The app's sync model: the shared registry and the access above. */
export const APP_SYNC_MODEL: SyncModel = {
  registry: SYNC_REGISTRY,
  access: ENTITY_ACCESS,
};
