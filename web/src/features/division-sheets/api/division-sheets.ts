import { MATCHMAKING_API as M } from '@shared/contract/matchmaking.ts';
import { api } from '@web/lib/api-client.ts';
import { useQuery } from '@web/lib/use-query.ts';

// Division sheets' reads (decision 017): all of a draft, or one draft division.

export const useDraftSheets = (draftId: number) =>
  useQuery(`division-sheets:all:${draftId}`, () => api.call(M.sheetsAll, { params: { draftId } }));
export const useDivisionSheet = (draftDivisionId: number) =>
  useQuery(`division-sheets:one:${draftDivisionId}`, () =>
    api.call(M.sheet, { params: { draftDivisionId } }),
  );
