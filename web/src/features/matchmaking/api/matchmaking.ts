import {
  MATCHMAKING_API as M,
  type CreateDraftInput,
  type DivisionPatch,
  type DraftView,
  type MoveInput,
  type PlaceInput,
  type SplitInput,
} from '@shared/contract/matchmaking.ts';
import { api } from '@web/lib/api-client.ts';
import { invalidateQueries, setQueryData, useQuery } from '@web/lib/use-query.ts';

// Matchmaking's calls (decision 017). Every edit answers the draft as it now stands; the cached
// draft is replaced by that answer in place (no refetch, so the page never turns into a spinner
// and keeps its scroll and focus: decision 052), and the drafts list and previews are dropped.

const draftKey = (draftId: number) => `matchmaking-draft:${draftId}`;

export const useDrafts = () => useQuery('matchmaking-list', () => api.call(M.list));
export const useDraftOptions = (tournamentId: number) =>
  useQuery(`matchmaking-options:${tournamentId}`, () => api.call(M.options, { params: { tournamentId } }));
export const useDraft = (draftId: number) =>
  useQuery(draftKey(draftId), () => api.call(M.draft, { params: { draftId } }));
export const usePublishPreview = (draftId: number, enabled: boolean) =>
  useQuery(`matchmaking-publish:${draftId}:${enabled ? 'on' : 'off'}`, () =>
    enabled ? api.call(M.publishPreview, { params: { draftId } }) : Promise.resolve(null),
  );

function changed(draftId: number, view?: DraftView): void {
  invalidateQueries('matchmaking-list');
  if (view) setQueryData<DraftView>(draftKey(draftId), () => view);
  else invalidateQueries(draftKey(draftId));
  invalidateQueries(`matchmaking-publish:${draftId}`);
  invalidateQueries(`division-sheets`);
}

async function edit(draftId: number, send: () => Promise<DraftView>): Promise<DraftView> {
  const view = await send();
  changed(draftId, view);
  return view;
}

export async function createDraft(input: CreateDraftInput): Promise<number> {
  const { draftId } = await api.call(M.createDraft, { body: input });
  invalidateQueries('matchmaking-list');
  return draftId;
}

export const regenerateDraft = (draftId: number) =>
  edit(draftId, () => api.call(M.regenerate, { params: { draftId } }));
export const patchDivision = (draftId: number, divisionId: number, patch: DivisionPatch) =>
  edit(draftId, () => api.call(M.patchDivision, { params: { draftId, divisionId }, body: patch }));
export const splitDivision = (draftId: number, divisionId: number, how: SplitInput) =>
  edit(draftId, () => api.call(M.split, { params: { draftId, divisionId }, body: how }));
export const combineDivision = (draftId: number, divisionId: number, withDivisionId: number) =>
  edit(draftId, () => api.call(M.combine, { params: { draftId, divisionId }, body: { withDivisionId } }));
export const moveCompetitor = (draftId: number, input: MoveInput) =>
  edit(draftId, () => api.call(M.move, { params: { draftId }, body: input }));
export const placeLateEntry = (draftId: number, input: PlaceInput) =>
  edit(draftId, () => api.call(M.place, { params: { draftId }, body: input }));

export async function publishDraft(draftId: number, confirm: boolean) {
  const result = await api.call(M.publish, { params: { draftId }, body: { confirm } });
  changed(draftId);
  return result;
}
