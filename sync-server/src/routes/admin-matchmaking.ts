import { MATCHMAKING_API as M } from '@tournament/shared';
import { defineRoute } from '../http/define-route.ts';
import { requireCaller, router } from '../http/openapi-app.ts';
import { divisionSheet, draftSheets } from '../services/division-sheets.ts';
import {
  combineDraftDivisions,
  createDraft,
  draftOptions,
  getDraft,
  listDrafts,
  moveDraftCompetitor,
  patchDraftDivision,
  placeLateEntry,
  publishDraft,
  publishPreview,
  regenerateDraft,
  splitDraftDivision,
} from '../services/matchmaking/index.ts';
import { copyRulesFromTournament } from '../services/settings-divisions.ts';

// Matchmaking drafts, publishing and division sheets (TournamentDirector, SuperAdmin;
// docs/product.md §6), and copying a past tournament's division rules (SuperAdmin, a setting).
// Decision 017. Each route's method, path, parameters, body and answer are its contract
// entry's (decision 035).

const MOUNT = '/api/admin';
const refusals = {
  404: 'No such tournament, draft, division or competitor',
  409: 'A matchmaking rule refuses the change',
} as const;
const doc = (summary: string, ok: string, tags = ['matchmaking']) => ({
  tags,
  security: [{ bearer: [] }],
  summary,
  ok,
  errors: refusals,
});
const DRAFT_VIEW = 'The draft as it now stands';

export const adminMatchmakingRoutes = router()
  .openapi(
    defineRoute(
      MOUNT,
      M.list,
      doc("Each tournament's drafts with counts and warnings", 'Tournaments and drafts'),
    ),
    async (c) => c.json(await listDrafts(c.get('deps')), 200),
  )
  .openapi(
    defineRoute(
      MOUNT,
      M.options,
      doc('What a new draft can be made of: event types and competitor counts', 'Options'),
    ),
    async (c) => c.json(await draftOptions(c.get('deps'), c.req.valid('param').tournamentId), 200),
  )
  .openapi(
    defineRoute(
      MOUNT,
      M.createDraft,
      doc('Create a draft: competitors grouped by the division rules per event type', 'Created'),
    ),
    async (c) => c.json(await createDraft(c.get('deps'), requireCaller(c), c.req.valid('json')), 201),
  )
  .openapi(
    defineRoute(
      MOUNT,
      M.draft,
      doc('A draft: divisions with warnings, competitors, entries no division holds', DRAFT_VIEW),
    ),
    async (c) => c.json(await getDraft(c.get('deps'), c.req.valid('param').draftId), 200),
  )
  .openapi(
    defineRoute(
      MOUNT,
      M.regenerate,
      doc('Make the draft again from current registrations, leaving locked divisions alone', DRAFT_VIEW),
    ),
    async (c) => c.json(await regenerateDraft(c.get('deps'), c.req.valid('param').draftId), 200),
  )
  .openapi(
    defineRoute(MOUNT, M.patchDivision, doc('Rename a division, note it, lock or unlock it', DRAFT_VIEW)),
    async (c) => {
      const { draftId, divisionId } = c.req.valid('param');
      return c.json(await patchDraftDivision(c.get('deps'), draftId, divisionId, c.req.valid('json')), 200);
    },
  )
  .openapi(
    defineRoute(
      MOUNT,
      M.split,
      doc('Split a division in two by age, weight, level or picked competitors', DRAFT_VIEW),
    ),
    async (c) => {
      const { draftId, divisionId } = c.req.valid('param');
      return c.json(await splitDraftDivision(c.get('deps'), draftId, divisionId, c.req.valid('json')), 200);
    },
  )
  .openapi(
    defineRoute(
      MOUNT,
      M.combine,
      doc('Combine another division of the same event types into this one', DRAFT_VIEW),
    ),
    async (c) => {
      const { draftId, divisionId } = c.req.valid('param');
      const { withDivisionId } = c.req.valid('json');
      return c.json(await combineDraftDivisions(c.get('deps'), draftId, divisionId, withDivisionId), 200);
    },
  )
  .openapi(
    defineRoute(
      MOUNT,
      M.move,
      doc('Move one competitor to another division of the same event types', DRAFT_VIEW),
    ),
    async (c) =>
      c.json(
        await moveDraftCompetitor(c.get('deps'), c.req.valid('param').draftId, c.req.valid('json')),
        200,
      ),
  )
  .openapi(
    defineRoute(
      MOUNT,
      M.place,
      doc('Place a late entry in a division (published at once on the published draft)', DRAFT_VIEW),
    ),
    async (c) =>
      c.json(await placeLateEntry(c.get('deps'), c.req.valid('param').draftId, c.req.valid('json')), 200),
  )
  .openapi(
    defineRoute(
      MOUNT,
      M.publishPreview,
      doc(
        'What publishing this draft would change (divisions added, removed, competitors moved)',
        'The change list',
      ),
    ),
    async (c) => c.json(await publishPreview(c.get('deps'), c.req.valid('param').draftId), 200),
  )
  .openapi(
    defineRoute(
      MOUNT,
      M.publish,
      doc(
        'Publish the draft (after a first time, with confirm: true once the changes were seen)',
        'Published',
      ),
    ),
    async (c) =>
      c.json(
        await publishDraft(
          c.get('deps'),
          requireCaller(c),
          c.req.valid('param').draftId,
          c.req.valid('json').confirm === true,
        ),
        200,
      ),
  )
  .openapi(defineRoute(MOUNT, M.sheetsAll, doc('Every division sheet of a draft', 'Sheets')), async (c) =>
    c.json(await draftSheets(c.get('deps'), c.req.valid('param').draftId), 200),
  )
  .openapi(defineRoute(MOUNT, M.sheet, doc('The sheet of one draft division', 'Sheet')), async (c) =>
    c.json(await divisionSheet(c.get('deps'), c.req.valid('param').draftDivisionId), 200),
  )
  .openapi(
    defineRoute(
      MOUNT,
      M.copyRules,
      doc(
        'Copy the division rules a past tournament used into settings (SuperAdmin)',
        'Rules copied and skipped',
        ['settings'],
      ),
    ),
    async (c) =>
      c.json(
        await copyRulesFromTournament(c.get('deps'), requireCaller(c), c.req.valid('param').tournamentId),
        200,
      ),
  );
