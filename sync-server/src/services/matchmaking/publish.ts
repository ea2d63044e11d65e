import {
  isEmptyDiff,
  publishDiff,
  publishableDivisions,
  type PublishDiff,
  type PublishDiffView,
  type PublishPreview,
  msg,
  translateText,
  translatorFor,
} from '@tournament/shared';
import type { Caller, Deps } from '../../deps.ts';
import { DomainError } from '../../lib/errors.ts';
import { poke } from '../../sync/push.ts';
import { afterPublication, publicationNotices } from '../notices.ts';
import { syncRingDivisions } from '../ring-divisions.ts';
import * as q from './queries.ts';
import { idOf, type DbLike } from './queries.ts';

// Publishing a matchmaking draft (decision 017): its divisions are frozen as what rings run and
// sheets print (queries.ts readPublishedDivisions), compared with the previous publication.

async function diffWithPublished(db: DbLike, draftId: number, tournamentId: number) {
  const [before, all] = await Promise.all([
    q.readPublishedDivisions(db, tournamentId),
    q.readDivisions(db, draftId),
  ]);
  // An empty division stays in the draft ("empty, will not be published") and nowhere else.
  const list = publishableDivisions(all);
  const after = list.map((d) => ({
    id: idOf(d.key),
    title: d.title,
    eventTypeIds: d.eventTypeIds,
    competitorIds: d.competitorIds,
  }));
  // Titles compared and sorted by their English text: a generated title is a message reference
  // (shared titles.ts), and a title published before titles were references reads the same.
  const diff = publishDiff(before?.divisions ?? [], after, (title) =>
    translateText(translatorFor('en'), title),
  );
  return { before, list, diff };
}

async function describeDiff(
  db: DbLike,
  diff: PublishDiff,
): Promise<{ view: PublishDiffView; families: number[] }> {
  const rows = await q.readCompetitorNames(db, [...new Set(diff.moved.map((m) => m.competitorId))]);
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
  const draft = await q.readDraftRow(db, draftId);
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
    const draft = await q.lockDraft(tx, draftId);
    // One publisher of a tournament at a time, so two publications compare against each other.
    await q.lockPublishing(tx, draft.tournamentId);
    const { before, list, diff } = await diffWithPublished(tx, draftId, draft.tournamentId);
    if (before !== null && !confirm) {
      throw new DomainError('confirm_required', msg('server.matchmaking.confirmRepublish'), 409);
    }
    const types = await q.readEventTypes(tx);
    const title = new Map(types.map((t) => [t.id, t.title]));
    const publicationId = await q.insertPublication(tx, {
      tournamentId: draft.tournamentId,
      draftId,
      publishedBy: caller.personId,
      publishedAt: deps.now(),
    });
    await q.insertPublishedDivisions(
      tx,
      list.map((d, i) => ({
        publicationId,
        divisionId: idOf(d.key),
        title: d.title,
        eventTypeIds: [...d.eventTypeIds],
        eventTypes: d.eventTypeIds.map((t) => title.get(t) ?? ''),
        sortOrder: i + 1,
      })),
      list.flatMap((d) =>
        d.competitorIds.map((competitorId) => ({ publicationId, divisionId: idOf(d.key), competitorId })),
      ),
    );
    const { view, families } = await describeDiff(tx, diff);
    if (diff.moved.length) {
      const regOf = new Map(
        (
          await q.readCompetitorNames(
            tx,
            diff.moved.map((m) => m.competitorId),
          )
        ).map((r) => [r.id, r.registrationId]),
      );
      await q.insertDivisionChangeNotices(
        tx,
        diff.moved
          .filter((m) => regOf.has(m.competitorId))
          .map((m) => ({
            publicationId,
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
    // Families hear of their divisions and of the changes. The notices are written in
    // this transaction, so they commit with the publication or not at all (decision 026).
    const notices = await publicationNotices(deps, tx, draft.tournamentId);
    return {
      tournamentId: draft.tournamentId,
      notices,
      result: { publicationId, diff: view, familiesToNotify: families.length },
    };
  });
  await poke(deps, published.tournamentId, ['matchday', 'signage']);
  await afterPublication(deps, published.notices);
  return published.result;
}
