import {
  DraftCreatedSchema,
  DraftOptionsSchema,
  DraftViewSchema,
  MATCHMAKING_PATHS as P,
  MatchmakingListSchema,
  PublishPreviewSchema,
  PublishResultSchema,
  type CreateDraftInput,
  type DivisionPatch,
  type DraftView,
  type MoveInput,
  type PlaceInput,
  type SplitInput,
} from '@tournament/shared';
import { api } from '@web/lib/api-client.ts';
import { invalidateQueries, useQuery } from '@web/lib/use-query.ts';

// Matchmaking's calls (decision 017). Every edit answers the draft as it now stands; the cached
// draft is replaced by that answer through a refetch of its key, and the drafts list is dropped.

const draftKey = (draftId: number) => `matchmaking-draft:${draftId}`;

export const useDrafts = () => useQuery('matchmaking-list', () => api.get(P.list, MatchmakingListSchema));
export const useDraftOptions = (tournamentId: number) =>
  useQuery(`matchmaking-options:${tournamentId}`, () => api.get(P.options(tournamentId), DraftOptionsSchema));
export const useDraft = (draftId: number) =>
  useQuery(draftKey(draftId), () => api.get(P.draft(draftId), DraftViewSchema));
export const usePublishPreview = (draftId: number, enabled: boolean) =>
  useQuery(`matchmaking-publish:${draftId}:${enabled ? 'on' : 'off'}`, () =>
    enabled ? api.get(P.publish(draftId), PublishPreviewSchema) : Promise.resolve(null),
  );

function changed(draftId: number): void {
  invalidateQueries('matchmaking-list');
  invalidateQueries(draftKey(draftId));
  invalidateQueries(`matchmaking-publish:${draftId}`);
  invalidateQueries(`division-sheets`);
}

async function edit(draftId: number, send: () => Promise<DraftView>): Promise<DraftView> {
  const view = await send();
  changed(draftId);
  return view;
}

export async function createDraft(input: CreateDraftInput): Promise<number> {
  const { draftId } = await api.post(P.drafts, input, DraftCreatedSchema);
  invalidateQueries('matchmaking-list');
  return draftId;
}

export const regenerateDraft = (draftId: number) =>
  edit(draftId, () => api.post(P.regenerate(draftId), undefined, DraftViewSchema));
export const patchDivision = (draftId: number, divisionId: number, patch: DivisionPatch) =>
  edit(draftId, () => api.put(P.division(draftId, divisionId), patch, DraftViewSchema));
export const splitDivision = (draftId: number, divisionId: number, how: SplitInput) =>
  edit(draftId, () => api.post(P.split(draftId, divisionId), how, DraftViewSchema));
export const combineDivision = (draftId: number, divisionId: number, withDivisionId: number) =>
  edit(draftId, () => api.post(P.combine(draftId, divisionId), { withDivisionId }, DraftViewSchema));
export const moveCompetitor = (draftId: number, input: MoveInput) =>
  edit(draftId, () => api.post(P.move(draftId), input, DraftViewSchema));
export const placeLateEntry = (draftId: number, input: PlaceInput) =>
  edit(draftId, () => api.post(P.place(draftId), input, DraftViewSchema));

export async function publishDraft(draftId: number, confirm: boolean) {
  const result = await api.post(P.publish(draftId), { confirm }, PublishResultSchema);
  changed(draftId);
  return result;
}
