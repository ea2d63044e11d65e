import { and, asc, eq, gt, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  ageOn,
  type MatchdayRules,
  type SyncDivision,
  type SyncDivisionEntry,
  type SyncDivisionResult,
  type SyncMatchdaySettings,
  type SyncMatchResult,
  type SyncRing,
  type SyncScore,
  type Tournament,
} from '@tournament/shared';
import type { Db, Tx } from '../db/client.ts';
import {
  competitors,
  divisionEntries,
  divisionResults,
  eventTypes,
  judgeScores,
  matchdaySettings,
  matchResults,
  ringDivisions,
  rings,
} from '../db/schema.ts';

// Rows of the matchday entities (decision 021) as the matchday and signage scopes carry them and
// the server's mutator store reads them. Every table has its tournament, version and id, so
// one filter serves them all.

export interface MatchdayFilter {
  tournament: Tournament;
  sinceVersion?: number | undefined;
  ids?: readonly (number | string)[] | undefined;
  /** Rows whose column equals the value (the store's `list`). */
  where?: { column: AnyPgColumn; value: unknown } | undefined;
  lock?: boolean;
}

interface Stamped {
  tournamentId: AnyPgColumn;
  version: AnyPgColumn;
  id: AnyPgColumn;
}

function conditions(table: Stamped, f: MatchdayFilter, numericIds: boolean): SQL[] {
  const where: SQL[] = [eq(table.tournamentId, f.tournament.id)];
  if (f.sinceVersion !== undefined) where.push(gt(table.version, f.sinceVersion));
  if (f.ids)
    where.push(
      inArray(
        table.id,
        f.ids.map((id) => (numericIds ? Number(id) : String(id))),
      ),
    );
  if (f.where) where.push(eq(f.where.column, f.where.value));
  return where;
}

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

export async function ringRows(db: Db | Tx, f: MatchdayFilter): Promise<SyncRing[]> {
  const query = db
    .select()
    .from(rings)
    .where(and(...conditions(rings, f, true)))
    .orderBy(asc(rings.sortOrder), asc(rings.id));
  const rows = await (f.lock ? query.for('update') : query);
  return rows.map((r) => ({
    id: r.id,
    tournamentId: r.tournamentId,
    name: r.name,
    isOpen: r.isOpen,
    sortOrder: r.sortOrder,
    version: r.version,
  }));
}

/** Every event type's matchday rules, by id (a short list: read whole). */
export async function matchdayRules(db: Db | Tx): Promise<Map<number, MatchdayRules>> {
  const rows = await db.select().from(eventTypes);
  return new Map(
    rows.map((t) => [
      t.id,
      {
        eventTypeId: t.id,
        title: t.title,
        decidedBy: t.decidedBy,
        judges: t.judges === 3 ? 3 : 5,
        scoreMin: t.scoreMin,
        scoreMax: t.scoreMax,
        minutesPerPerformance: t.minutesPerPerformance,
        minutesPerMatch: t.minutesPerMatch,
        thirdPlace: t.thirdPlace,
      } satisfies MatchdayRules,
    ]),
  );
}

export async function divisionRows(db: Db | Tx, f: MatchdayFilter): Promise<SyncDivision[]> {
  const query = db
    .select()
    .from(ringDivisions)
    .where(and(...conditions(ringDivisions, f, true)))
    .orderBy(asc(ringDivisions.sortOrder), asc(ringDivisions.id));
  // The rules (a handful of event types) are read beside the rows, not after them: one round
  // trip for a division a mutator reads, where two in a row held its lock the longer.
  const [rows, rules] = await Promise.all([f.lock ? query.for('update') : query, matchdayRules(db)]);
  return rows.map((d) => ({
    id: d.id,
    tournamentId: d.tournamentId,
    title: d.title,
    eventTypeIds: d.eventTypeIds,
    eventTypes: d.eventTypes,
    rules: d.eventTypeIds.flatMap((t) => {
      const r = rules.get(t);
      return r ? [r] : [];
    }),
    competitorCount: d.competitorCount,
    ringId: d.ringId,
    queueOrder: d.queueOrder,
    status: d.status,
    startedAt: iso(d.startedAt),
    completedAt: iso(d.completedAt),
    version: d.version,
  }));
}

export async function divisionEntryRows(db: Db | Tx, f: MatchdayFilter): Promise<SyncDivisionEntry[]> {
  const query = db
    .select({
      id: divisionEntries.id,
      divisionId: divisionEntries.divisionId,
      competitorId: divisionEntries.competitorId,
      noShow: divisionEntries.noShow,
      version: divisionEntries.version,
      firstName: competitors.firstName,
      lastName: competitors.lastName,
      school: competitors.school,
      gender: competitors.gender,
      dateOfBirth: competitors.dateOfBirth,
    })
    .from(divisionEntries)
    .innerJoin(competitors, eq(competitors.id, divisionEntries.competitorId))
    .where(and(...conditions(divisionEntries, f, false)))
    .orderBy(asc(divisionEntries.divisionId), asc(divisionEntries.competitorId));
  const rows = await (f.lock ? query.for('update', { of: divisionEntries }) : query);
  return rows.map((e) => ({
    id: e.id,
    divisionId: e.divisionId,
    competitorId: e.competitorId,
    firstName: e.firstName,
    lastName: e.lastName,
    school: e.school,
    gender: e.gender,
    age: ageOn(e.dateOfBirth, f.tournament.tournamentDate),
    noShow: e.noShow,
    version: e.version,
  }));
}

export async function divisionResultRows(db: Db | Tx, f: MatchdayFilter): Promise<SyncDivisionResult[]> {
  const query = db
    .select()
    .from(divisionResults)
    .where(and(...conditions(divisionResults, f, false)))
    .orderBy(asc(divisionResults.divisionId), asc(divisionResults.eventTypeId));
  const rows = await (f.lock ? query.for('update') : query);
  return rows.map((r) => ({
    id: r.id,
    divisionId: r.divisionId,
    eventTypeId: r.eventTypeId,
    draw: r.draw,
    placings: r.placings,
    completedAt: iso(r.completedAt),
    correctedAt: iso(r.correctedAt),
    correctedByName: r.correctedByName,
    version: r.version,
  }));
}

export async function scoreRows(db: Db | Tx, f: MatchdayFilter): Promise<SyncScore[]> {
  const query = db
    .select()
    .from(judgeScores)
    .where(and(...conditions(judgeScores, f, false)))
    .orderBy(asc(judgeScores.id));
  const rows = await (f.lock ? query.for('update') : query);
  return rows.map((s) => ({
    id: s.id,
    divisionId: s.divisionId,
    eventTypeId: s.eventTypeId,
    competitorId: s.competitorId,
    judge: s.judge,
    round: s.round,
    value: s.value,
    enteredAt: s.enteredAt.toISOString(),
    enteredBy: s.enteredBy,
    enteredByName: s.enteredByName,
    version: s.version,
  }));
}

export async function matchResultRows(db: Db | Tx, f: MatchdayFilter): Promise<SyncMatchResult[]> {
  const query = db
    .select()
    .from(matchResults)
    .where(and(...conditions(matchResults, f, false)))
    .orderBy(asc(matchResults.id));
  const rows = await (f.lock ? query.for('update') : query);
  return rows.map((m) => ({
    id: m.id,
    divisionId: m.divisionId,
    eventTypeId: m.eventTypeId,
    matchId: m.matchId,
    winnerId: m.winnerId,
    enteredAt: m.enteredAt.toISOString(),
    enteredBy: m.enteredBy,
    enteredByName: m.enteredByName,
    version: m.version,
  }));
}

export async function matchdaySettingsRows(db: Db | Tx, f: MatchdayFilter): Promise<SyncMatchdaySettings[]> {
  const query = db
    .select()
    .from(matchdaySettings)
    .where(and(...conditions(matchdaySettings, f, true)));
  const rows = await (f.lock ? query.for('update') : query);
  return rows.map((s) => ({
    id: s.id,
    leaderboardGroups: s.leaderboardGroups,
    behindWarningMinutes: s.behindWarningMinutes,
    version: s.version,
  }));
}

/** The column of a field the mutator store lists by (`store.list(entity, { field: value })`). */
export function columnOf(table: PgTable, field: string): AnyPgColumn | undefined {
  const column = (table as unknown as Record<string, unknown>)[field];
  return column && typeof column === 'object' && 'name' in column ? (column as AnyPgColumn) : undefined;
}
