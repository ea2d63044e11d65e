// Matchmaking (decision 017): drafts.ts makes and edits drafts, publish.ts publishes them, and
// queries.ts holds every read and write of their tables. Import from here, except
// ring-divisions.ts, which publishing calls: it imports queries.ts so that no cycle forms.
export {
  combineDraftDivisions,
  createDraft,
  draftOptions,
  getDraft,
  listDrafts,
  moveDraftCompetitor,
  patchDraftDivision,
  placeLateEntry,
  regenerateDraft,
  splitDraftDivision,
} from './drafts.ts';
export { publishDraft, publishPreview } from './publish.ts';
export {
  draftsUsingRule,
  readDivisionRules,
  readPublishedDivisions,
  type PublishedDivision,
} from './queries.ts';
