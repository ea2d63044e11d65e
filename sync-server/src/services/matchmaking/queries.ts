import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import {
  ageOnDay,
  type Division,
  type DivisionPatch,
  type DraftDivision,
  type MatchCompetitor,
  type MatchEventType,
  type MatchLevel,
  type MatchRule,
  notFoundText,
} from '@tournament/shared';
import type { Db, Tx } from '../../db/client.ts';
import {
  competitorEvents,
  competitorLevels,
  competitors,
  divisionChangeNotices,
  divisionLevels,
  divisions,
  draftDivisionCompetitors,
  draftDivisions,
  events,
  eventTypes,
  matchmakingDrafts,
  matchmakingPublications,
  publishedDivisionCompetitors,
  publishedDivisions,
  registrations,
  tournaments,
} from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';

// Every database read and write of matchmaking (drafts.ts and publish.ts run the shared rules
// between them and touch no table themselves). Nothing here imports another service: rings
// (ring-divisions.ts) read the published divisions from here while publishing calls them.

export type Source = 'completed' | 'checkedIn';
export type DbLike = Db | Tx;
export type DraftRow = typeof matchmakingDrafts.$inferSelect;

const DRAFT_NOT_FOUND = notFoundText('matchmaking draft');

/** A draft division's key in the shared rules ("d" and its row id) and back. */
export const keyOf = (id: number) => `d${id}`;
export const idOf = (key: string) => Number(key.slice(1));

// ---- the input of the rules ----

export async function readTournament(db: DbLike, id: number) {
  const [t] = await db.select().from(tournaments).where(eq(tournaments.id, id));
  if (!t) throw notFound(notFoundText('tournament'));
  return t;
}

export function readTournamentsNewestFirst(db: DbLike) {
  return db.select().from(tournaments).orderBy(desc(tournaments.tournamentDate), desc(tournaments.id));
}

/**
 * The division rules in settings order (or the one of `id`), each with its competitor levels:
 * what matchmaking groups by and the settings page edits (settings-divisions.ts).
 */
export async function readDivisionRules(db: DbLike, id?: number): Promise<Division[]> {
  const rows = await db
    .select()
    .from(divisions)
    .where(id === undefined ? undefined : eq(divisions.id, id))
    .orderBy(asc(divisions.sortOrder), asc(divisions.id));
  const links = rows.length
    ? await db
        .select()
        .from(divisionLevels)
        .where(
          inArray(
            divisionLevels.divisionId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    minAge: r.minAge,
    maxAge: r.maxAge,
    gender: r.gender === 1 || r.gender === 2 ? r.gender : null,
    competitorLevelIds: links
      .filter((l) => l.divisionId === r.id)
      .map((l) => l.competitorLevelId)
      .sort((a, b) => a - b),
    minWeight: r.minWeight,
    maxWeight: r.maxWeight,
    minSize: r.minSize,
    maxSize: r.maxSize,
    sortOrder: r.sortOrder,
  }));
}

export const readRules = (db: DbLike): Promise<MatchRule[]> => readDivisionRules(db);

export async function countRules(db: DbLike): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(divisions);
  return row?.n ?? 0;
}

export async function readLevels(db: DbLike): Promise<MatchLevel[]> {
  return db
    .select({ id: competitorLevels.id, name: competitorLevels.name, sortOrder: competitorLevels.sortOrder })
    .from(competitorLevels)
    .orderBy(asc(competitorLevels.sortOrder), asc(competitorLevels.id));
}

export async function readEventTypes(db: DbLike): Promise<MatchEventType[]> {
  return db
    .select({
      id: eventTypes.id,
      title: eventTypes.title,
      sortOrder: eventTypes.sortOrder,
      decidedBy: eventTypes.decidedBy,
    })
    .from(eventTypes)
    .orderBy(asc(eventTypes.sortOrder), asc(eventTypes.id));
}

/**
 * The tournament's competitors of completed registrations (or only those checked in), with the
 * event types of the events they entered. Walk-ins are completed registrations too.
 */
export async function readMatchCompetitors(
  db: DbLike,
  tournament: { id: number; tournamentDate: string },
  source: Source,
): Promise<MatchCompetitor[]> {
  const where = [eq(registrations.tournamentId, tournament.id), eq(registrations.isCompleted, true)];
  if (source === 'checkedIn') where.push(isNotNull(competitors.checkedInAt));
  const rows = await db
    .select({
      id: competitors.id,
      registrationId: competitors.registrationId,
      firstName: competitors.firstName,
      lastName: competitors.lastName,
      dateOfBirth: competitors.dateOfBirth,
      gender: competitors.gender,
      competitorLevelId: competitors.competitorLevelId,
      weight: competitors.weightKg,
      school: competitors.school,
      checkedInAt: competitors.checkedInAt,
    })
    .from(competitors)
    .innerJoin(registrations, eq(registrations.id, competitors.registrationId))
    .where(and(...where))
    .orderBy(asc(competitors.id));
  const entered = rows.length
    ? await db
        .selectDistinct({ competitorId: competitorEvents.competitorId, eventTypeId: events.eventTypeId })
        .from(competitorEvents)
        .innerJoin(events, eq(events.id, competitorEvents.eventId))
        .where(
          and(
            eq(events.tournamentId, tournament.id),
            inArray(
              competitorEvents.competitorId,
              rows.map((r) => r.id),
            ),
          ),
        )
    : [];
  const typesOf = new Map<number, number[]>();
  for (const e of entered)
    typesOf.set(e.competitorId, [...(typesOf.get(e.competitorId) ?? []), e.eventTypeId]);
  return rows.map((r) => ({
    id: r.id,
    registrationId: r.registrationId,
    firstName: r.firstName,
    lastName: r.lastName,
    age: ageOnDay(r.dateOfBirth, tournament.tournamentDate),
    gender: r.gender === 1 ? 1 : 2,
    competitorLevelId: r.competitorLevelId,
    weight: r.weight ?? null,
    school: r.school,
    checkedIn: r.checkedInAt !== null,
    eventTypeIds: (typesOf.get(r.id) ?? []).sort((a, b) => a - b),
  }));
}

/** Names and registrations of these competitors (the moved ones of a publication). */
export async function readCompetitorNames(db: DbLike, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: competitors.id,
      firstName: competitors.firstName,
      lastName: competitors.lastName,
      registrationId: competitors.registrationId,
    })
    .from(competitors)
    .where(inArray(competitors.id, [...ids]));
}

// ---- drafts ----

export async function lockDraft(tx: Tx, draftId: number): Promise<DraftRow> {
  const [draft] = await tx
    .select()
    .from(matchmakingDrafts)
    .where(eq(matchmakingDrafts.id, draftId))
    .for('update');
  if (!draft) throw notFound(DRAFT_NOT_FOUND);
  return draft;
}

export async function readDraftRow(db: DbLike, draftId: number): Promise<DraftRow> {
  const [draft] = await db.select().from(matchmakingDrafts).where(eq(matchmakingDrafts.id, draftId));
  if (!draft) throw notFound(DRAFT_NOT_FOUND);
  return draft;
}

export function readDraftRows(db: DbLike): Promise<DraftRow[]> {
  return db.select().from(matchmakingDrafts).orderBy(asc(matchmakingDrafts.id));
}

/**
 * The number the tournament's next draft takes. The lock (held to the end of the transaction)
 * keeps two creations from sharing one.
 */
export async function nextDraftNumber(tx: Tx, tournamentId: number): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(727013, ${tournamentId})`);
  const [n] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(matchmakingDrafts)
    .where(eq(matchmakingDrafts.tournamentId, tournamentId));
  return (n?.n ?? 0) + 1;
}

export async function insertDraft(tx: Tx, values: typeof matchmakingDrafts.$inferInsert): Promise<number> {
  const [draft] = await tx.insert(matchmakingDrafts).values(values).returning({ id: matchmakingDrafts.id });
  if (!draft) throw new Error('draft insert returned nothing');
  return draft.id;
}

export async function touchDraft(tx: Tx, draftId: number, at: Date): Promise<void> {
  await tx.update(matchmakingDrafts).set({ updatedAt: at }).where(eq(matchmakingDrafts.id, draftId));
}

export async function setDraftRules(tx: Tx, draftId: number, rules: DraftRow['rules']): Promise<void> {
  await tx.update(matchmakingDrafts).set({ rules }).where(eq(matchmakingDrafts.id, draftId));
}

/** Per draft: its divisions and the distinct competitors in them. */
export function readDraftCounts(db: DbLike) {
  return db
    .select({
      draftId: draftDivisions.draftId,
      divisions: sql<number>`count(distinct ${draftDivisions.id})::int`,
      competitors: sql<number>`count(distinct ${draftDivisionCompetitors.competitorId})::int`,
    })
    .from(draftDivisions)
    .leftJoin(draftDivisionCompetitors, eq(draftDivisionCompetitors.draftDivisionId, draftDivisions.id))
    .groupBy(draftDivisions.draftId);
}

/** Per draft: its divisions smaller or larger than their rule allows. */
export function readDraftSizeWarnings(db: DbLike) {
  return db
    .select({
      draftId: draftDivisions.draftId,
      warned: sql<number>`count(*) filter (where coalesce(s.n, 0) < ${draftDivisions.minSize} or coalesce(s.n, 0) > ${draftDivisions.maxSize})::int`,
    })
    .from(draftDivisions)
    .leftJoin(
      sql`(select draft_division_id, count(*)::int as n from draft_division_competitors group by draft_division_id) s`,
      sql`s.draft_division_id = ${draftDivisions.id}`,
    )
    .groupBy(draftDivisions.draftId);
}

// ---- a draft's divisions ----

type DivisionRow = typeof draftDivisions.$inferSelect;

function toDraftDivision(r: DivisionRow, members: readonly number[]): DraftDivision {
  return {
    key: keyOf(r.id),
    ruleId: r.divisionRuleId,
    title: r.title,
    criteria: {
      minAge: r.minAge,
      maxAge: r.maxAge,
      gender: r.gender === 1 || r.gender === 2 ? r.gender : null,
      competitorLevelIds: r.competitorLevelIds,
      minWeight: r.minWeight,
      maxWeight: r.maxWeight,
      minSize: r.minSize,
      maxSize: r.maxSize,
    },
    eventTypeIds: r.eventTypeIds,
    competitorIds: [...members].sort((a, b) => a - b),
    locked: r.locked,
    note: r.note,
    overrides: r.overrides,
  };
}

/** The draft's divisions in their stored order. */
export async function readDivisions(db: DbLike, draftId: number): Promise<DraftDivision[]> {
  const rows = await db
    .select()
    .from(draftDivisions)
    .where(eq(draftDivisions.draftId, draftId))
    .orderBy(asc(draftDivisions.sortOrder), asc(draftDivisions.id));
  const links = rows.length
    ? await db
        .select()
        .from(draftDivisionCompetitors)
        .where(
          inArray(
            draftDivisionCompetitors.draftDivisionId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  const members = new Map<number, number[]>();
  for (const l of links)
    members.set(l.draftDivisionId, [...(members.get(l.draftDivisionId) ?? []), l.competitorId]);
  return rows.map((r) => toDraftDivision(r, members.get(r.id) ?? []));
}

const columnsOf = (d: DraftDivision) => ({
  divisionRuleId: d.ruleId,
  title: d.title,
  eventTypeIds: [...d.eventTypeIds],
  minAge: d.criteria.minAge,
  maxAge: d.criteria.maxAge,
  gender: d.criteria.gender,
  competitorLevelIds: [...d.criteria.competitorLevelIds],
  minWeight: d.criteria.minWeight,
  maxWeight: d.criteria.maxWeight,
  minSize: d.criteria.minSize,
  maxSize: d.criteria.maxSize,
  locked: d.locked,
  note: d.note,
  overrides: [...d.overrides],
});

/** Inserts new divisions (in chunks: a 600-competitor draft is one statement per few hundred rows). */
export async function insertDivisions(
  tx: Tx,
  draftId: number,
  list: readonly DraftDivision[],
): Promise<number[]> {
  if (list.length === 0) return [];
  const ids: number[] = [];
  for (let i = 0; i < list.length; i += 200) {
    const chunk = list.slice(i, i + 200);
    const rows = await tx
      .insert(draftDivisions)
      .values(chunk.map((d) => ({ draftId, ...columnsOf(d) })))
      .returning({ id: draftDivisions.id });
    ids.push(...rows.map((r) => r.id));
  }
  const links = list.flatMap((d, i) =>
    d.competitorIds.map((competitorId) => ({ draftDivisionId: ids[i]!, competitorId })),
  );
  for (let i = 0; i < links.length; i += 1000) {
    await tx.insert(draftDivisionCompetitors).values(links.slice(i, i + 1000));
  }
  return ids;
}

export async function updateDivision(tx: Tx, d: DraftDivision): Promise<void> {
  const id = idOf(d.key);
  await tx.update(draftDivisions).set(columnsOf(d)).where(eq(draftDivisions.id, id));
  await tx.delete(draftDivisionCompetitors).where(eq(draftDivisionCompetitors.draftDivisionId, id));
  if (d.competitorIds.length) {
    await tx
      .insert(draftDivisionCompetitors)
      .values(d.competitorIds.map((competitorId) => ({ draftDivisionId: id, competitorId })));
  }
}

export async function deleteDivisions(tx: Tx, ids: readonly number[]): Promise<void> {
  if (ids.length) await tx.delete(draftDivisions).where(inArray(draftDivisions.id, [...ids]));
}

/** A division's title, note and lock, as far as the patch names them. */
export async function patchDivision(
  tx: Tx,
  divisionId: number,
  patch: Omit<DivisionPatch, 'title'> & { title?: string },
): Promise<void> {
  await tx
    .update(draftDivisions)
    .set({
      ...(patch.title !== undefined ? { title: patch.title } : {}),
      ...(patch.note !== undefined ? { note: patch.note } : {}),
      ...(patch.locked !== undefined ? { locked: patch.locked } : {}),
    })
    .where(eq(draftDivisions.id, divisionId));
}

export async function addDivisionCompetitor(tx: Tx, divisionId: number, competitorId: number): Promise<void> {
  await tx.insert(draftDivisionCompetitors).values({ draftDivisionId: divisionId, competitorId });
}

/** Stores the divisions' display order: `ids` first to last. */
export async function writeSortOrder(tx: Tx, draftId: number, ids: readonly number[]): Promise<void> {
  const cases = ids.map((id, i) => sql`when ${id} then ${i + 1}`);
  if (cases.length === 0) return;
  await tx
    .update(draftDivisions)
    .set({
      sortOrder: sql`case ${draftDivisions.id} ${sql.join(cases, sql` `)} else ${draftDivisions.sortOrder} end`,
    })
    .where(eq(draftDivisions.draftId, draftId));
}

/** Divisions inserted in display order (ids from `firstId` on) take that order. */
export async function sortAsInserted(tx: Tx, draftId: number, firstId: number): Promise<void> {
  await tx
    .update(draftDivisions)
    .set({ sortOrder: sql`${draftDivisions.id} - ${firstId - 1}` })
    .where(eq(draftDivisions.draftId, draftId));
}

/** Drafts whose divisions came from the rule: the in-use refusal names each (decision 017). */
export async function draftsUsingRule(
  db: DbLike,
  ruleId: number,
): Promise<{ name: string; tournamentDate: string; count: number }[]> {
  return db
    .select({
      name: matchmakingDrafts.name,
      tournamentDate: tournaments.tournamentDate,
      count: sql<number>`count(*)::int`,
    })
    .from(draftDivisions)
    .innerJoin(matchmakingDrafts, eq(matchmakingDrafts.id, draftDivisions.draftId))
    .innerJoin(tournaments, eq(tournaments.id, matchmakingDrafts.tournamentId))
    .where(eq(draftDivisions.divisionRuleId, ruleId))
    .groupBy(matchmakingDrafts.id, matchmakingDrafts.name, tournaments.tournamentDate)
    .orderBy(asc(matchmakingDrafts.id));
}

// ---- publications ----

/** Each tournament's latest publication. */
export async function latestPublications(db: DbLike) {
  const rows = await db.select().from(matchmakingPublications).orderBy(desc(matchmakingPublications.id));
  const byTournament = new Map<number, (typeof rows)[number]>();
  for (const r of rows) if (!byTournament.has(r.tournamentId)) byTournament.set(r.tournamentId, r);
  return byTournament;
}

/** The tournament's latest publication, if any. */
export async function latestPublication(db: DbLike, tournamentId: number) {
  const [pub] = await db
    .select()
    .from(matchmakingPublications)
    .where(eq(matchmakingPublications.tournamentId, tournamentId))
    .orderBy(desc(matchmakingPublications.id))
    .limit(1);
  return pub;
}

export interface PublishedDivision {
  /** Stable across publications of the same draft: the draft division's id. */
  id: number;
  title: string;
  eventTypeIds: number[];
  /** Event type titles, as signage shows them. */
  eventTypes: string[];
  sortOrder: number;
  competitorIds: number[];
}

/**
 * The divisions rings run and sheets print: those of the tournament's latest publication
 * (empty before the first). Other services (rings, matchday, signage) read them from here.
 */
export async function readPublishedDivisions(
  db: DbLike,
  tournamentId: number,
): Promise<{ publicationId: number; draftId: number; divisions: PublishedDivision[] } | null> {
  const pub = await latestPublication(db, tournamentId);
  if (!pub) return null;
  const [rows, links] = await Promise.all([
    db
      .select()
      .from(publishedDivisions)
      .where(eq(publishedDivisions.publicationId, pub.id))
      .orderBy(asc(publishedDivisions.sortOrder)),
    db
      .select()
      .from(publishedDivisionCompetitors)
      .where(eq(publishedDivisionCompetitors.publicationId, pub.id)),
  ]);
  return {
    publicationId: pub.id,
    draftId: pub.draftId,
    divisions: rows.map((r) => ({
      id: r.divisionId,
      title: r.title,
      eventTypeIds: r.eventTypeIds,
      eventTypes: r.eventTypes,
      sortOrder: r.sortOrder,
      competitorIds: links
        .filter((l) => l.divisionId === r.divisionId)
        .map((l) => l.competitorId)
        .sort((a, b) => a - b),
    })),
  };
}

/** One publisher of a tournament at a time (to the end of the transaction). */
export async function lockPublishing(tx: Tx, tournamentId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(727014, ${tournamentId})`);
}

export async function insertPublication(
  tx: Tx,
  values: typeof matchmakingPublications.$inferInsert,
): Promise<number> {
  const [pub] = await tx
    .insert(matchmakingPublications)
    .values(values)
    .returning({ id: matchmakingPublications.id });
  if (!pub) throw new Error('publication insert returned nothing');
  return pub.id;
}

/** The frozen copy of the divisions and their competitors (links in chunks of 1000). */
export async function insertPublishedDivisions(
  tx: Tx,
  rows: (typeof publishedDivisions.$inferInsert)[],
  links: (typeof publishedDivisionCompetitors.$inferInsert)[],
): Promise<void> {
  if (rows.length) await tx.insert(publishedDivisions).values(rows);
  for (let i = 0; i < links.length; i += 1000) {
    await tx.insert(publishedDivisionCompetitors).values(links.slice(i, i + 1000));
  }
}

/** A late entry joins the published copy of a division. */
export async function addPublishedCompetitor(
  tx: Tx,
  publicationId: number,
  divisionId: number,
  competitorId: number,
): Promise<void> {
  await tx
    .insert(publishedDivisionCompetitors)
    .values({ publicationId, divisionId, competitorId })
    .onConflictDoNothing();
}

export async function insertDivisionChangeNotices(
  tx: Tx,
  rows: (typeof divisionChangeNotices.$inferInsert)[],
): Promise<void> {
  if (rows.length) await tx.insert(divisionChangeNotices).values(rows);
}
