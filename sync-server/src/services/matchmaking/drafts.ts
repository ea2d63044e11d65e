import {
  divisionAccepts,
  divisionTitle,
  combineDivisions,
  divisionWarnings,
  entriesOutside,
  generateDraft,
  moveCompetitor,
  noRuleReason,
  sortDivisions,
  splitDivision,
  suggestDivision,
  tournamentStatus,
  type CreateDraftInput,
  type DivisionPatch,
  type DraftView,
  type MatchmakingList,
  type MatchRule,
  type MoveInput,
  type PlaceInput,
  type SplitInput,
  type DraftOptions,
  notFoundText,
  msg,
} from '@tournament/shared';
import type { Tx } from '../../db/client.ts';
import type { Caller, Deps } from '../../deps.ts';
import { DomainError, notFound } from '../../lib/errors.ts';
import { poke } from '../../sync/push.ts';
import { afterPublication, publicationNotices } from '../notices.ts';
import { syncRingDivisions } from '../ring-divisions.ts';
import * as q from './queries.ts';
import { idOf, keyOf, type DbLike, type DraftRow } from './queries.ts';

// Matchmaking drafts (decision 017; docs/design.md §5; docs/decisions/017-matchmaking.md). The rules
// are shared pure functions; this module reads their input (queries.ts), runs them inside a
// transaction that holds the draft's row lock (two directors editing one draft take turns), and
// writes the result. Publishing is publish.ts.

const DIVISION_NOT_FOUND = msg('server.matchmaking.divisionNotInDraft');

/**
 * Runs matchmaking rules. A rule refusal (split of one age, combine across event types...) is
 * already a DomainError answered 409 with its message (MATCHMAKING_REFUSED in shared).
 */
async function rules<T>(fn: () => T | Promise<T>): Promise<T> {
  return await fn();
}

const snapshot = (list: readonly MatchRule[]) =>
  list.map((r) => ({ ...r, competitorLevelIds: [...r.competitorLevelIds] }));

/** Stores the display order (shared `sortDivisions`) and touches the draft. */
async function reorder(tx: Tx, draftId: number, at: Date): Promise<void> {
  const [list, types, levels] = await Promise.all([
    q.readDivisions(tx, draftId),
    q.readEventTypes(tx),
    q.readLevels(tx),
  ]);
  const sorted = sortDivisions(list, types, levels);
  await q.writeSortOrder(
    tx,
    draftId,
    sorted.map((d) => idOf(d.key)),
  );
  await q.touchDraft(tx, draftId, at);
}

// ---- list, options, create ----

export async function listDrafts(deps: Deps): Promise<MatchmakingList> {
  const db = deps.database.db;
  const [ts, drafts, published] = await Promise.all([
    q.readTournamentsNewestFirst(db),
    q.readDraftRows(db),
    q.latestPublications(db),
  ]);
  const stats = await q.readDraftCounts(db);
  const sizes = await q.readDraftSizeWarnings(db);
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
  const t = await q.readTournament(db, tournamentId);
  const [types, all, ruleCount] = await Promise.all([
    q.readEventTypes(db),
    q.readMatchCompetitors(db, t, 'completed'),
    q.countRules(db),
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
    rules: ruleCount,
  };
}

export async function createDraft(
  deps: Deps,
  caller: Caller,
  input: CreateDraftInput,
): Promise<{ draftId: number }> {
  return deps.database.db.transaction(async (tx) => {
    const t = await q.readTournament(tx, input.tournamentId);
    const types = await q.readEventTypes(tx);
    const unknown = input.eventTypeIds.filter((id) => !types.some((e) => e.id === id));
    if (unknown.length) {
      const message = msg('server.matchmaking.unknownEventType');
      throw new DomainError('unknown_event_type', message, 400, { eventTypeIds: message });
    }
    // Drafts of a tournament are numbered in order.
    const n = await q.nextDraftNumber(tx, t.id);
    const draftId = await q.insertDraft(tx, {
      tournamentId: t.id,
      // Said in each reader's language when answered ("Draft 2", "Ébauche 2").
      name: msg('server.matchmaking.draftName', { n: String(n) }),
      source: input.source,
      eventTypeIds: [...new Set(input.eventTypeIds)].sort((a, b) => a - b),
      rules: snapshot(await q.readRules(tx)),
      createdBy: caller.personId,
      createdAt: deps.now(),
      updatedAt: deps.now(),
    });
    const [ruleList, levels, competitorList] = await Promise.all([
      q.readRules(tx),
      q.readLevels(tx),
      q.readMatchCompetitors(tx, t, input.source),
    ]);
    const { divisions: made } = generateDraft({
      rules: ruleList,
      levels,
      eventTypes: types,
      competitors: competitorList,
      eventTypeIds: input.eventTypeIds,
    });
    const ids = await q.insertDivisions(tx, draftId, made);
    // Generated in display order already: the insert order is the sort order.
    if (ids.length) await q.sortAsInserted(tx, draftId, ids[0]!);
    return { draftId };
  });
}

/** Makes the draft again from today's registrations, keeping locked divisions as they are. */
export async function regenerateDraft(deps: Deps, draftId: number): Promise<DraftView> {
  await deps.database.db.transaction(async (tx) => {
    const draft = await q.lockDraft(tx, draftId);
    const t = await q.readTournament(tx, draft.tournamentId);
    const current = await q.readDivisions(tx, draftId);
    const locked = current.filter((d) => d.locked);
    await q.deleteDivisions(
      tx,
      current.filter((d) => !d.locked).map((d) => idOf(d.key)),
    );
    const [ruleList, levels, types, competitorList] = await Promise.all([
      q.readRules(tx),
      q.readLevels(tx),
      q.readEventTypes(tx),
      q.readMatchCompetitors(tx, t, draft.source),
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
    await q.insertDivisions(
      tx,
      draftId,
      made.filter((d) => !d.key.startsWith('d')),
    );
    await q.setDraftRules(tx, draftId, snapshot(ruleList));
    await reorder(tx, draftId, deps.now());
  });
  return getDraft(deps, draftId);
}

// ---- the draft page ----

async function unplacedEntries(db: DbLike, draft: DraftRow) {
  const t = await q.readTournament(db, draft.tournamentId);
  const [list, ruleList, levels, competitorList] = await Promise.all([
    q.readDivisions(db, draft.id),
    q.readRules(db),
    q.readLevels(db),
    q.readMatchCompetitors(db, t, draft.source),
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
      reason: fits ? msg('server.matchmaking.notPlacedYet') : noRuleReason(competitor, ruleList, levels),
      suggestedDivisionId: suggestion ? idOf(suggestion.key) : null,
    };
  });
}

export async function getDraft(deps: Deps, draftId: number): Promise<DraftView> {
  const db = deps.database.db;
  const draft = await q.readDraftRow(db, draftId);
  const t = await q.readTournament(db, draft.tournamentId);
  const [list, types, levels, competitorList, published, unplaced] = await Promise.all([
    q.readDivisions(db, draftId),
    q.readEventTypes(db),
    q.readLevels(db),
    q.readMatchCompetitors(db, t, draft.source),
    q.latestPublications(db),
    unplacedEntries(db, draft),
  ]);
  // Competitors held by the draft who no longer match its source (a withdrawn check-in) are
  // still shown: read them too.
  const known = new Set(competitorList.map((c) => c.id));
  const missing = [...new Set(list.flatMap((d) => d.competitorIds))].filter((id) => !known.has(id));
  const extra = missing.length
    ? (await q.readMatchCompetitors(db, t, 'completed')).filter((c) => missing.includes(c.id))
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
      warnings: divisionWarnings(d, byId, levels),
    })),
    competitors: everyone.map((c) => ({ ...c, eventTypeIds: [...c.eventTypeIds] })),
    unplaced,
  };
}

// ---- edits ----

async function editContext(tx: Tx, draftId: number) {
  const draft = await q.lockDraft(tx, draftId);
  const t = await q.readTournament(tx, draft.tournamentId);
  const [list, levels, competitorList] = await Promise.all([
    q.readDivisions(tx, draftId),
    q.readLevels(tx),
    q.readMatchCompetitors(tx, t, 'completed'),
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
    await q.updateDivision(tx, a);
    await q.insertDivisions(tx, draftId, [b]);
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
    await q.deleteDivisions(tx, [withDivisionId]);
    await q.updateDivision(tx, combined);
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
    await q.updateDivision(tx, f);
    await q.updateDivision(tx, t);
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
    const { find, levels } = await editContext(tx, draftId);
    const d = find(divisionId);
    const { title, ...rest } = patch;
    await q.patchDivision(tx, divisionId, {
      ...rest,
      ...(title === undefined ? {} : { title: title ?? divisionTitle(d.criteria, levels) }),
    });
    await q.touchDraft(tx, draftId, deps.now());
  });
  return getDraft(deps, draftId);
}

/**
 * Places a late entry in a division (decision 017). On the published draft the published
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
      throw new DomainError('matchmaking_refused', msg('server.matchmaking.alreadyPlaced'), 409);
    }
    if (!d.eventTypeIds.includes(input.eventTypeId) || !d.eventTypeIds.every((t) => outside.includes(t))) {
      throw new DomainError('matchmaking_refused', msg('server.matchmaking.notWaiting'), 409);
    }
    await q.addDivisionCompetitor(tx, input.divisionId, c.id);
    await q.touchDraft(tx, draftId, deps.now());
    const pub = await q.latestPublication(tx, draft.tournamentId);
    if (pub?.draftId === draftId) {
      await q.addPublishedCompetitor(tx, pub.id, input.divisionId, c.id);
      await syncRingDivisions(tx, draft.tournamentId);
      // The late entry hears of their division (decision 026); everyone else was told before.
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
