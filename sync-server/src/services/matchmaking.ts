import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import {
  ageOnDay,
  divisionAccepts,
  combineDivisions,
  divisionWarnings,
  entriesOutside,
  generateDraft,
  isEmptyDiff,
  moveCompetitor,
  noRuleReason,
  publishDiff,
  sortDivisions,
  splitDivision,
  suggestDivision,
  tournamentStatus,
  type CreateDraftInput,
  type DivisionPatch,
  type DraftDivision,
  type DraftView,
  type MatchCompetitor,
  type MatchEventType,
  type MatchLevel,
  type MatchmakingList,
  type MatchRule,
  type MoveInput,
  type PlaceInput,
  type PublishDiff,
  type PublishDiffView,
  type PublishPreview,
  type SplitInput,
  type DraftOptions,
  notFoundText,
} from '@tournament/shared';
import type { Db, Tx } from '../db/client.ts';
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
} from '../db/schema.ts';
import type { Caller, Deps } from '../deps.ts';
import { DomainError, notFound } from '../lib/errors.ts';
import { poke } from '../sync/push.ts';
import { afterPublication, publicationNotices } from './notices.ts';
import { syncRingDivisions } from './ring-divisions.ts';

// Matchmaking (issue 13; DESIGN.md section 5; docs/decisions/017-matchmaking.md). The rules are
// shared pure functions; this service reads their input from the database, runs them inside a
// transaction that holds the draft's row lock (two directors editing one draft take turns), and
// writes the result. Publishing freezes a copy of the divisions that rings run and sheets print.

type Source = 'completed' | 'checkedIn';
type DbLike = Db | Tx;

const DRAFT_NOT_FOUND = notFoundText('matchmaking draft');
const DIVISION_NOT_FOUND = 'The division was not found in this draft';

/**
 * Runs matchmaking rules. A rule refusal (split of one age, combine across event types...) is
 * already a DomainError answered 409 with its message (MATCHMAKING_REFUSED in shared).
 */
async function rules<T>(fn: () => T | Promise<T>): Promise<T> {
  return await fn();
}

const snapshot = (list: readonly MatchRule[]) =>
  list.map((r) => ({ ...r, competitorLevelIds: [...r.competitorLevelIds] }));

const keyOf = (id: number) => `d${id}`;
const idOf = (key: string) => Number(key.slice(1));

// ---- reading the input of the rules ----

async function readTournament(db: DbLike, id: number) {
  const [t] = await db.select().from(tournaments).where(eq(tournaments.id, id));
  if (!t) throw notFound(notFoundText('tournament'));
  return t;
}

async function readRules(db: DbLike): Promise<MatchRule[]> {
  const [rows, links] = await Promise.all([
    db.select().from(divisions).orderBy(asc(divisions.sortOrder), asc(divisions.id)),
    db.select().from(divisionLevels),
  ]);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    sortOrder: r.sortOrder,
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
  }));
}

async function readLevels(db: DbLike): Promise<MatchLevel[]> {
  return db
    .select({ id: competitorLevels.id, name: competitorLevels.name, sortOrder: competitorLevels.sortOrder })
    .from(competitorLevels)
    .orderBy(asc(competitorLevels.sortOrder), asc(competitorLevels.id));
}

async function readEventTypes(db: DbLike): Promise<MatchEventType[]> {
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

// ---- reading and writing a draft ----

async function lockDraft(tx: Tx, draftId: number) {
  const [draft] = await tx
    .select()
    .from(matchmakingDrafts)
    .where(eq(matchmakingDrafts.id, draftId))
    .for('update');
  if (!draft) throw notFound(DRAFT_NOT_FOUND);
  return draft;
}

async function readDraftRow(db: DbLike, draftId: number) {
  const [draft] = await db.select().from(matchmakingDrafts).where(eq(matchmakingDrafts.id, draftId));
  if (!draft) throw notFound(DRAFT_NOT_FOUND);
  return draft;
}

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
async function readDivisions(db: DbLike, draftId: number): Promise<DraftDivision[]> {
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
async function insertDivisions(tx: Tx, draftId: number, list: readonly DraftDivision[]): Promise<number[]> {
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

async function updateDivision(tx: Tx, d: DraftDivision): Promise<void> {
  const id = idOf(d.key);
  await tx.update(draftDivisions).set(columnsOf(d)).where(eq(draftDivisions.id, id));
  await tx.delete(draftDivisionCompetitors).where(eq(draftDivisionCompetitors.draftDivisionId, id));
  if (d.competitorIds.length) {
    await tx
      .insert(draftDivisionCompetitors)
      .values(d.competitorIds.map((competitorId) => ({ draftDivisionId: id, competitorId })));
  }
}

/** Stores the display order (shared `sortDivisions`) and touches the draft. */
async function reorder(tx: Tx, draftId: number, at: Date): Promise<void> {
  const [list, types, levels] = await Promise.all([
    readDivisions(tx, draftId),
    readEventTypes(tx),
    readLevels(tx),
  ]);
  const sorted = sortDivisions(list, types, levels);
  const cases = sorted.map((d, i) => sql`when ${idOf(d.key)} then ${i + 1}`);
  if (cases.length) {
    await tx
      .update(draftDivisions)
      .set({
        sortOrder: sql`case ${draftDivisions.id} ${sql.join(cases, sql` `)} else ${draftDivisions.sortOrder} end`,
      })
      .where(eq(draftDivisions.draftId, draftId));
  }
  await tx.update(matchmakingDrafts).set({ updatedAt: at }).where(eq(matchmakingDrafts.id, draftId));
}

// ---- list, options, create ----

async function latestPublications(db: DbLike) {
  const rows = await db.select().from(matchmakingPublications).orderBy(desc(matchmakingPublications.id));
  const byTournament = new Map<number, (typeof rows)[number]>();
  for (const r of rows) if (!byTournament.has(r.tournamentId)) byTournament.set(r.tournamentId, r);
  return byTournament;
}

export async function listDrafts(deps: Deps): Promise<MatchmakingList> {
  const db = deps.database.db;
  const [ts, drafts, published] = await Promise.all([
    db.select().from(tournaments).orderBy(desc(tournaments.tournamentDate), desc(tournaments.id)),
    db.select().from(matchmakingDrafts).orderBy(asc(matchmakingDrafts.id)),
    latestPublications(db),
  ]);
  const stats = await db
    .select({
      draftId: draftDivisions.draftId,
      divisions: sql<number>`count(distinct ${draftDivisions.id})::int`,
      competitors: sql<number>`count(distinct ${draftDivisionCompetitors.competitorId})::int`,
    })
    .from(draftDivisions)
    .leftJoin(draftDivisionCompetitors, eq(draftDivisionCompetitors.draftDivisionId, draftDivisions.id))
    .groupBy(draftDivisions.draftId);
  const sizes = await db
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
  const statOf = new Map(stats.map((s) => [s.draftId, s]));
  const warnOf = new Map(sizes.map((s) => [s.draftId, s.warned]));
  // Unplaced entries need the rules: counted per draft from the same reading as the draft page.
  const unplacedOf = new Map<number, number>();
  for (const d of drafts) unplacedOf.set(d.id, (await unplacedEntries(db, d)).length);
  return {
    tournaments: ts.map((t) => ({
      id: t.id,
      tournamentDate: t.tournamentDate,
      city: t.city,
      venue: t.venue,
      drafts: drafts
        .filter((d) => d.tournamentId === t.id)
        .map((d) => {
          const pub = published.get(t.id);
          const isPublished = pub?.draftId === d.id;
          return {
            id: d.id,
            name: d.name,
            status: isPublished ? ('published' as const) : ('draft' as const),
            source: d.source,
            divisions: statOf.get(d.id)?.divisions ?? 0,
            competitors: statOf.get(d.id)?.competitors ?? 0,
            warnings: warnOf.get(d.id) ?? 0,
            unplaced: unplacedOf.get(d.id) ?? 0,
            createdAt: d.createdAt.toISOString(),
            publishedAt: isPublished && pub ? pub.publishedAt.toISOString() : null,
          };
        }),
    })),
  };
}

export async function draftOptions(deps: Deps, tournamentId: number): Promise<DraftOptions> {
  const db = deps.database.db;
  const t = await readTournament(db, tournamentId);
  const [types, all, ruleCount] = await Promise.all([
    readEventTypes(db),
    readMatchCompetitors(db, t, 'completed'),
    db.select({ n: sql<number>`count(*)::int` }).from(divisions),
  ]);
  return {
    tournament: {
      id: t.id,
      tournamentDate: t.tournamentDate,
      city: t.city,
      isTournamentToday: tournamentStatus(t, deps.now()).isTournamentToday,
    },
    eventTypes: types.map((e) => ({
      ...e,
      competitors: all.filter((c) => c.eventTypeIds.includes(e.id)).length,
    })),
    competitors: { completed: all.length, checkedIn: all.filter((c) => c.checkedIn).length },
    rules: ruleCount[0]?.n ?? 0,
  };
}

export async function createDraft(
  deps: Deps,
  caller: Caller,
  input: CreateDraftInput,
): Promise<{ draftId: number }> {
  return deps.database.db.transaction(async (tx) => {
    const t = await readTournament(tx, input.tournamentId);
    const types = await readEventTypes(tx);
    const unknown = input.eventTypeIds.filter((id) => !types.some((e) => e.id === id));
    if (unknown.length) {
      const message = 'One of the chosen event types no longer exists';
      throw new DomainError('unknown_event_type', message, 400, { eventTypeIds: message });
    }
    // Drafts of a tournament are numbered in order; the lock keeps two creations from sharing one.
    await tx.execute(sql`select pg_advisory_xact_lock(727013, ${t.id})`);
    const [n] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(matchmakingDrafts)
      .where(eq(matchmakingDrafts.tournamentId, t.id));
    const [draft] = await tx
      .insert(matchmakingDrafts)
      .values({
        tournamentId: t.id,
        name: `Draft ${(n?.n ?? 0) + 1}`,
        source: input.source,
        eventTypeIds: [...new Set(input.eventTypeIds)].sort((a, b) => a - b),
        rules: snapshot(await readRules(tx)),
        createdBy: caller.personId,
        createdAt: deps.now(),
        updatedAt: deps.now(),
      })
      .returning({ id: matchmakingDrafts.id });
    if (!draft) throw new Error('draft insert returned nothing');
    const [ruleList, levels, competitorList] = await Promise.all([
      readRules(tx),
      readLevels(tx),
      readMatchCompetitors(tx, t, input.source),
    ]);
    const { divisions: made } = generateDraft({
      rules: ruleList,
      levels,
      eventTypes: types,
      competitors: competitorList,
      eventTypeIds: input.eventTypeIds,
    });
    const ids = await insertDivisions(tx, draft.id, made);
    // Generated in display order already: the insert order is the sort order.
    if (ids.length) {
      await tx
        .update(draftDivisions)
        .set({ sortOrder: sql`${draftDivisions.id} - ${ids[0]! - 1}` })
        .where(eq(draftDivisions.draftId, draft.id));
    }
    return { draftId: draft.id };
  });
}

/** Makes the draft again from today's registrations, keeping locked divisions as they are. */
export async function regenerateDraft(deps: Deps, draftId: number): Promise<DraftView> {
  await deps.database.db.transaction(async (tx) => {
    const draft = await lockDraft(tx, draftId);
    const t = await readTournament(tx, draft.tournamentId);
    const current = await readDivisions(tx, draftId);
    const locked = current.filter((d) => d.locked);
    const unlockedIds = current.filter((d) => !d.locked).map((d) => idOf(d.key));
    if (unlockedIds.length) await tx.delete(draftDivisions).where(inArray(draftDivisions.id, unlockedIds));
    const [ruleList, levels, types, competitorList] = await Promise.all([
      readRules(tx),
      readLevels(tx),
      readEventTypes(tx),
      readMatchCompetitors(tx, t, draft.source),
    ]);
    const { divisions: made } = generateDraft(
      {
        rules: ruleList,
        levels,
        eventTypes: types,
        competitors: competitorList,
        eventTypeIds: draft.eventTypeIds,
      },
      locked,
    );
    await insertDivisions(
      tx,
      draftId,
      made.filter((d) => !d.key.startsWith('d')),
    );
    await tx
      .update(matchmakingDrafts)
      .set({ rules: snapshot(ruleList) })
      .where(eq(matchmakingDrafts.id, draftId));
    await reorder(tx, draftId, deps.now());
  });
  return getDraft(deps, draftId);
}

// ---- the draft page ----

async function unplacedEntries(db: DbLike, draft: typeof matchmakingDrafts.$inferSelect) {
  const t = await readTournament(db, draft.tournamentId);
  const [list, ruleList, levels, competitorList] = await Promise.all([
    readDivisions(db, draft.id),
    readRules(db),
    readLevels(db),
    readMatchCompetitors(db, t, draft.source),
  ]);
  const byId = new Map(competitorList.map((c) => [c.id, c]));
  const outside = entriesOutside(competitorList, list, draft.eventTypeIds);
  return outside.map(({ competitor, eventTypeId }) => {
    const fits = ruleList.some((r) => divisionAccepts(r, competitor));
    const unplacedTypes = outside.filter((o) => o.competitor.id === competitor.id).map((o) => o.eventTypeId);
    const suggestion = suggestDivision(byId.get(competitor.id)!, eventTypeId, unplacedTypes, list);
    return {
      competitorId: competitor.id,
      eventTypeId,
      // A rule that fits means they came after the draft was made: a late entry to place.
      late: fits,
      reason: fits ? 'Not in a division yet' : noRuleReason(competitor, ruleList, levels),
      suggestedDivisionId: suggestion ? idOf(suggestion.key) : null,
    };
  });
}

export async function getDraft(deps: Deps, draftId: number): Promise<DraftView> {
  const db = deps.database.db;
  const draft = await readDraftRow(db, draftId);
  const t = await readTournament(db, draft.tournamentId);
  const [list, types, levels, competitorList, published, unplaced] = await Promise.all([
    readDivisions(db, draftId),
    readEventTypes(db),
    readLevels(db),
    readMatchCompetitors(db, t, draft.source),
    latestPublications(db),
    unplacedEntries(db, draft),
  ]);
  // Competitors held by the draft who no longer match its source (a withdrawn check-in) are
  // still shown: read them too.
  const known = new Set(competitorList.map((c) => c.id));
  const missing = [...new Set(list.flatMap((d) => d.competitorIds))].filter((id) => !known.has(id));
  const extra = missing.length
    ? (await readMatchCompetitors(db, t, 'completed')).filter((c) => missing.includes(c.id))
    : [];
  const everyone = [...competitorList, ...extra].sort((a, b) => a.id - b.id);
  const byId = new Map(everyone.map((c) => [c.id, c]));
  const pub = published.get(t.id);
  const isPublished = pub?.draftId === draftId;
  return {
    draft: {
      id: draft.id,
      name: draft.name,
      status: isPublished ? 'published' : 'draft',
      source: draft.source,
      eventTypeIds: draft.eventTypeIds,
      tournament: { id: t.id, tournamentDate: t.tournamentDate, city: t.city },
      publishedAt: isPublished && pub ? pub.publishedAt.toISOString() : null,
    },
    eventTypes: types,
    levels,
    divisions: list.map((d) => ({
      id: idOf(d.key),
      ruleId: d.ruleId,
      title: d.title,
      criteria: { ...d.criteria, competitorLevelIds: [...d.criteria.competitorLevelIds] },
      eventTypeIds: [...d.eventTypeIds],
      competitorIds: [...d.competitorIds],
      locked: d.locked,
      note: d.note,
      overrides: [...d.overrides],
      warnings: divisionWarnings(d, byId),
    })),
    competitors: everyone.map((c) => ({ ...c, eventTypeIds: [...c.eventTypeIds] })),
    unplaced,
  };
}

// ---- edits ----

async function editContext(tx: Tx, draftId: number) {
  const draft = await lockDraft(tx, draftId);
  const t = await readTournament(tx, draft.tournamentId);
  const [list, levels, competitorList] = await Promise.all([
    readDivisions(tx, draftId),
    readLevels(tx),
    readMatchCompetitors(tx, t, 'completed'),
  ]);
  const byId = new Map(competitorList.map((c) => [c.id, c]));
  const find = (id: number) => {
    const d = list.find((x) => x.key === keyOf(id));
    if (!d) throw notFound(DIVISION_NOT_FOUND);
    return d;
  };
  return { draft, t, list, levels, byId, find };
}

export async function splitDraftDivision(
  deps: Deps,
  draftId: number,
  divisionId: number,
  how: SplitInput,
): Promise<DraftView> {
  await deps.database.db.transaction(async (tx) => {
    const { levels, byId, find } = await editContext(tx, draftId);
    const d = find(divisionId);
    const [a, b] = await rules(() => splitDivision(d, how, byId, levels));
    await updateDivision(tx, a);
    await insertDivisions(tx, draftId, [b]);
    await reorder(tx, draftId, deps.now());
  });
  return getDraft(deps, draftId);
}

export async function combineDraftDivisions(
  deps: Deps,
  draftId: number,
  divisionId: number,
  withDivisionId: number,
): Promise<DraftView> {
  await deps.database.db.transaction(async (tx) => {
    const { levels, find } = await editContext(tx, draftId);
    const target = find(divisionId);
    const source = find(withDivisionId);
    const combined = await rules(() => combineDivisions(target, source, levels));
    await tx.delete(draftDivisions).where(eq(draftDivisions.id, withDivisionId));
    await updateDivision(tx, combined);
    await reorder(tx, draftId, deps.now());
  });
  return getDraft(deps, draftId);
}

export async function moveDraftCompetitor(deps: Deps, draftId: number, input: MoveInput): Promise<DraftView> {
  await deps.database.db.transaction(async (tx) => {
    const { byId, find } = await editContext(tx, draftId);
    const from = find(input.fromDivisionId);
    const to = find(input.toDivisionId);
    const competitor = byId.get(input.competitorId);
    if (!competitor) throw notFound(notFoundText('competitor'));
    const [f, t] = await rules(() => moveCompetitor(from, to, competitor));
    await updateDivision(tx, f);
    await updateDivision(tx, t);
    await reorder(tx, draftId, deps.now());
  });
  return getDraft(deps, draftId);
}

export async function patchDraftDivision(
  deps: Deps,
  draftId: number,
  divisionId: number,
  patch: DivisionPatch,
): Promise<DraftView> {
  await deps.database.db.transaction(async (tx) => {
    const { find } = await editContext(tx, draftId);
    find(divisionId);
    await tx
      .update(draftDivisions)
      .set({
        ...(patch.title !== undefined ? { title: patch.title } : {}),
        ...(patch.note !== undefined ? { note: patch.note } : {}),
        ...(patch.locked !== undefined ? { locked: patch.locked } : {}),
      })
      .where(eq(draftDivisions.id, divisionId));
    await tx
      .update(matchmakingDrafts)
      .set({ updatedAt: deps.now() })
      .where(eq(matchmakingDrafts.id, draftId));
  });
  return getDraft(deps, draftId);
}

/**
 * Places a late entry in a division (issue 13, step 8). On the published draft the published
 * copy takes them at once: an added competitor changes no one else's division, so there is
 * nothing to confirm and no family to tell.
 */
export async function placeLateEntry(deps: Deps, draftId: number, input: PlaceInput): Promise<DraftView> {
  const onPublished = await deps.database.db.transaction(async (tx) => {
    const { draft, list, byId, find } = await editContext(tx, draftId);
    const d = find(input.divisionId);
    const c = byId.get(input.competitorId);
    if (!c) throw notFound(notFoundText('competitor'));
    const outside = entriesOutside([c], list, draft.eventTypeIds).map((o) => o.eventTypeId);
    if (!outside.includes(input.eventTypeId)) {
      throw new DomainError(
        'matchmaking_refused',
        'The competitor is already in a division of that event type',
        409,
      );
    }
    if (!d.eventTypeIds.includes(input.eventTypeId) || !d.eventTypeIds.every((t) => outside.includes(t))) {
      throw new DomainError(
        'matchmaking_refused',
        'That division runs event types the competitor is not waiting to be placed in',
        409,
      );
    }
    await tx
      .insert(draftDivisionCompetitors)
      .values({ draftDivisionId: input.divisionId, competitorId: c.id });
    await tx
      .update(matchmakingDrafts)
      .set({ updatedAt: deps.now() })
      .where(eq(matchmakingDrafts.id, draftId));
    const [pub] = await tx
      .select()
      .from(matchmakingPublications)
      .where(eq(matchmakingPublications.tournamentId, draft.tournamentId))
      .orderBy(desc(matchmakingPublications.id))
      .limit(1);
    if (pub?.draftId === draftId) {
      await tx
        .insert(publishedDivisionCompetitors)
        .values({ publicationId: pub.id, divisionId: input.divisionId, competitorId: c.id })
        .onConflictDoNothing();
      await syncRingDivisions(tx, draft.tournamentId);
      // The late entry hears of their division (issue 16); everyone else was told before.
      return {
        tournamentId: draft.tournamentId,
        notices: await publicationNotices(deps, tx, draft.tournamentId),
      };
    }
    return null;
  });
  if (onPublished !== null) {
    await poke(deps, onPublished.tournamentId, ['matchday', 'signage']);
    await afterPublication(deps, onPublished.notices);
  }
  return getDraft(deps, draftId);
}

// ---- publishing ----

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
  const [pub] = await db
    .select()
    .from(matchmakingPublications)
    .where(eq(matchmakingPublications.tournamentId, tournamentId))
    .orderBy(desc(matchmakingPublications.id))
    .limit(1);
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

async function diffWithPublished(db: DbLike, draftId: number, tournamentId: number) {
  const [before, list] = await Promise.all([
    readPublishedDivisions(db, tournamentId),
    readDivisions(db, draftId),
  ]);
  const after = list.map((d) => ({
    id: idOf(d.key),
    title: d.title,
    eventTypeIds: d.eventTypeIds,
    competitorIds: d.competitorIds,
  }));
  const diff = publishDiff(before?.divisions ?? [], after);
  return { before, list, diff };
}

async function describeDiff(
  db: DbLike,
  diff: PublishDiff,
): Promise<{ view: PublishDiffView; families: number[] }> {
  const ids = [...new Set(diff.moved.map((m) => m.competitorId))];
  const rows = ids.length
    ? await db
        .select({
          id: competitors.id,
          firstName: competitors.firstName,
          lastName: competitors.lastName,
          registrationId: competitors.registrationId,
        })
        .from(competitors)
        .where(inArray(competitors.id, ids))
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return {
    view: {
      ...diff,
      moved: diff.moved.map((m) => {
        const c = byId.get(m.competitorId);
        return { ...m, competitorName: c ? `${c.firstName} ${c.lastName}` : `#${m.competitorId}` };
      }),
    },
    families: [...new Set(rows.map((r) => r.registrationId))],
  };
}

export async function publishPreview(deps: Deps, draftId: number): Promise<PublishPreview> {
  const db = deps.database.db;
  const draft = await readDraftRow(db, draftId);
  const { before, diff } = await diffWithPublished(db, draftId, draft.tournamentId);
  const { view, families } = await describeDiff(db, diff);
  return {
    firstPublication: before === null,
    changed: before === null || before.draftId !== draftId || !isEmptyDiff(diff),
    diff: view,
    familiesToNotify: families.length,
  };
}

/**
 * Publishes the draft: its divisions become what rings run and sheets print. After a first
 * publication the director must have seen the change list (`confirm`); the families of moved
 * competitors are recorded for the communications issue's notice.
 */
export async function publishDraft(deps: Deps, caller: Caller, draftId: number, confirm: boolean) {
  const published = await deps.database.db.transaction(async (tx) => {
    const draft = await lockDraft(tx, draftId);
    // One publisher of a tournament at a time, so two publications compare against each other.
    await tx.execute(sql`select pg_advisory_xact_lock(727014, ${draft.tournamentId})`);
    const { before, list, diff } = await diffWithPublished(tx, draftId, draft.tournamentId);
    if (before !== null && !confirm) {
      throw new DomainError(
        'confirm_required',
        'Publishing again changes published divisions: review the changes and confirm',
        409,
      );
    }
    const types = await readEventTypes(tx);
    const title = new Map(types.map((t) => [t.id, t.title]));
    const [pub] = await tx
      .insert(matchmakingPublications)
      .values({
        tournamentId: draft.tournamentId,
        draftId,
        publishedBy: caller.personId,
        publishedAt: deps.now(),
      })
      .returning({ id: matchmakingPublications.id });
    if (!pub) throw new Error('publication insert returned nothing');
    if (list.length) {
      await tx.insert(publishedDivisions).values(
        list.map((d, i) => ({
          publicationId: pub.id,
          divisionId: idOf(d.key),
          title: d.title,
          eventTypeIds: [...d.eventTypeIds],
          eventTypes: d.eventTypeIds.map((t) => title.get(t) ?? ''),
          sortOrder: i + 1,
        })),
      );
      const links = list.flatMap((d) =>
        d.competitorIds.map((competitorId) => ({
          publicationId: pub.id,
          divisionId: idOf(d.key),
          competitorId,
        })),
      );
      for (let i = 0; i < links.length; i += 1000) {
        await tx.insert(publishedDivisionCompetitors).values(links.slice(i, i + 1000));
      }
    }
    const { view, families } = await describeDiff(tx, diff);
    if (diff.moved.length) {
      const regOf = new Map(
        (
          await tx
            .select({ id: competitors.id, registrationId: competitors.registrationId })
            .from(competitors)
            .where(
              inArray(
                competitors.id,
                diff.moved.map((m) => m.competitorId),
              ),
            )
        ).map((r) => [r.id, r.registrationId]),
      );
      await tx.insert(divisionChangeNotices).values(
        diff.moved
          .filter((m) => regOf.has(m.competitorId))
          .map((m) => ({
            publicationId: pub.id,
            registrationId: regOf.get(m.competitorId)!,
            competitorId: m.competitorId,
            fromTitle: m.fromTitle,
            toTitle: m.toTitle,
            createdAt: deps.now(),
          })),
      );
    }
    // Rings run what is published: their divisions follow in the same transaction.
    await syncRingDivisions(tx, draft.tournamentId);
    // Issue 16: families hear of their divisions and of the changes. The notices are written in
    // this transaction, so they commit with the publication or not at all (decision 026).
    const notices = await publicationNotices(deps, tx, draft.tournamentId);
    return {
      tournamentId: draft.tournamentId,
      notices,
      result: { publicationId: pub.id, diff: view, familiesToNotify: families.length },
    };
  });
  await poke(deps, published.tournamentId, ['matchday', 'signage']);
  await afterPublication(deps, published.notices);
  return published.result;
}

// ---- what uses a division rule ----

/** Drafts whose divisions came from the rule: the in-use refusal names each (issue 13). */
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
