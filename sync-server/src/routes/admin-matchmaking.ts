import {
  CombineInputSchema,
  CopyRulesResultSchema,
  CreateDraftSchema,
  DraftCreatedSchema,
  DivisionPatchSchema,
  DraftDivisionIdParamSchema,
  DraftDivisionParamSchema,
  DraftIdParamSchema,
  DraftOptionsSchema,
  DraftViewSchema,
  ErrorBodySchema,
  MatchmakingListSchema,
  MoveInputSchema,
  PlaceInputSchema,
  PublishInputSchema,
  PublishPreviewSchema,
  PublishResultSchema,
  SheetsSchema,
  SplitInputSchema,
  TournamentIdParamSchema,
} from '@tournament/shared';
import { defineRawRoute } from '../http/define-route.ts';
import { jsonBody as body, jsonContent as json, requireCaller, router } from '../http/openapi-app.ts';
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
// Decision 017.

const MOUNT = '/api/admin';
const common = { tags: ['matchmaking'], security: [{ bearer: [] }] };
const errors = {
  400: json(ErrorBodySchema, 'Invalid input (docs/product.md §8 shape)'),
  401: json(ErrorBodySchema, 'Not signed in'),
  403: json(ErrorBodySchema, 'Not a TournamentDirector or SuperAdmin'),
  404: json(ErrorBodySchema, 'No such tournament, draft, division or competitor'),
  409: json(ErrorBodySchema, 'A matchmaking rule refuses the change'),
};
const draftView = { 200: json(DraftViewSchema, 'The draft as it now stands'), ...errors };
const D = '/matchmaking/drafts/{draftId}';

export const adminMatchmakingRoutes = router()
  .openapi(
    defineRawRoute(MOUNT, {
      ...common,
      method: 'get',
      path: '/matchmaking',
      summary: "Each tournament's drafts with counts and warnings",
      responses: { 200: json(MatchmakingListSchema, 'Tournaments and drafts'), ...errors },
    }),
    async (c) => c.json(await listDrafts(c.get('deps')), 200),
  )
  .openapi(
    defineRawRoute(MOUNT, {
      ...common,
      method: 'get',
      path: '/matchmaking/options/{tournamentId}',
      summary: 'What a new draft can be made of: event types and competitor counts',
      request: { params: TournamentIdParamSchema },
      responses: { 200: json(DraftOptionsSchema, 'Options'), ...errors },
    }),
    async (c) => c.json(await draftOptions(c.get('deps'), c.req.valid('param').tournamentId), 200),
  )
  .openapi(
    defineRawRoute(MOUNT, {
      ...common,
      method: 'post',
      path: '/matchmaking/drafts',
      summary: 'Create a draft: competitors grouped by the division rules per event type',
      request: body(CreateDraftSchema),
      responses: { 201: json(DraftCreatedSchema, 'Created'), ...errors },
    }),
    async (c) => c.json(await createDraft(c.get('deps'), requireCaller(c), c.req.valid('json')), 201),
  )
  .openapi(
    defineRawRoute(MOUNT, {
      ...common,
      method: 'get',
      path: D,
      summary: 'A draft: divisions with warnings, competitors, entries no division holds',
      request: { params: DraftIdParamSchema },
      responses: draftView,
    }),
    async (c) => c.json(await getDraft(c.get('deps'), c.req.valid('param').draftId), 200),
  )
  .openapi(
    defineRawRoute(MOUNT, {
      ...common,
      method: 'post',
      path: `${D}/regenerate`,
      summary: 'Make the draft again from current registrations, leaving locked divisions alone',
      request: { params: DraftIdParamSchema },
      responses: draftView,
    }),
    async (c) => c.json(await regenerateDraft(c.get('deps'), c.req.valid('param').draftId), 200),
  )
  .openapi(
    defineRawRoute(MOUNT, {
      ...common,
      method: 'put',
      path: `${D}/divisions/{divisionId}`,
      summary: 'Rename a division, note it, lock or unlock it',
      request: { params: DraftDivisionParamSchema, ...body(DivisionPatchSchema) },
      responses: draftView,
    }),
    async (c) => {
      const { draftId, divisionId } = c.req.valid('param');
      return c.json(await patchDraftDivision(c.get('deps'), draftId, divisionId, c.req.valid('json')), 200);
    },
  )
  .openapi(
    defineRawRoute(MOUNT, {
      ...common,
      method: 'post',
      path: `${D}/divisions/{divisionId}/split`,
      summary: 'Split a division in two by age, weight, level or picked competitors',
      request: { params: DraftDivisionParamSchema, ...body(SplitInputSchema) },
      responses: draftView,
    }),
    async (c) => {
      const { draftId, divisionId } = c.req.valid('param');
      return c.json(await splitDraftDivision(c.get('deps'), draftId, divisionId, c.req.valid('json')), 200);
    },
  )
  .openapi(
    defineRawRoute(MOUNT, {
      ...common,
      method: 'post',
      path: `${D}/divisions/{divisionId}/combine`,
      summary: 'Combine another division of the same event types into this one',
      request: { params: DraftDivisionParamSchema, ...body(CombineInputSchema) },
      responses: draftView,
    }),
    async (c) => {
      const { draftId, divisionId } = c.req.valid('param');
      const { withDivisionId } = c.req.valid('json');
      return c.json(await combineDraftDivisions(c.get('deps'), draftId, divisionId, withDivisionId), 200);
    },
  )
  .openapi(
    defineRawRoute(MOUNT, {
      ...common,
      method: 'post',
      path: `${D}/move`,
      summary: 'Move one competitor to another division of the same event types',
      request: { params: DraftIdParamSchema, ...body(MoveInputSchema) },
      responses: draftView,
    }),
    async (c) =>
      c.json(
        await moveDraftCompetitor(c.get('deps'), c.req.valid('param').draftId, c.req.valid('json')),
        200,
      ),
  )
  .openapi(
    defineRawRoute(MOUNT, {
      ...common,
      method: 'post',
      path: `${D}/place`,
      summary: 'Place a late entry in a division (published at once on the published draft)',
      request: { params: DraftIdParamSchema, ...body(PlaceInputSchema) },
      responses: draftView,
    }),
    async (c) =>
      c.json(await placeLateEntry(c.get('deps'), c.req.valid('param').draftId, c.req.valid('json')), 200),
  )
  .openapi(
    defineRawRoute(MOUNT, {
      ...common,
      method: 'get',
      path: `${D}/publish`,
      summary: 'What publishing this draft would change (divisions added, removed, competitors moved)',
      request: { params: DraftIdParamSchema },
      responses: { 200: json(PublishPreviewSchema, 'The change list'), ...errors },
    }),
    async (c) => c.json(await publishPreview(c.get('deps'), c.req.valid('param').draftId), 200),
  )
  .openapi(
    defineRawRoute(MOUNT, {
      ...common,
      method: 'post',
      path: `${D}/publish`,
      summary: 'Publish the draft (after a first time, with confirm: true once the changes were seen)',
      request: { params: DraftIdParamSchema, ...body(PublishInputSchema) },
      responses: { 200: json(PublishResultSchema, 'Published'), ...errors },
    }),
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
  .openapi(
    defineRawRoute(MOUNT, {
      ...common,
      method: 'get',
      path: '/division-sheets/all/{draftId}',
      summary: 'Every division sheet of a draft',
      request: { params: DraftIdParamSchema },
      responses: { 200: json(SheetsSchema, 'Sheets'), ...errors },
    }),
    async (c) => c.json(await draftSheets(c.get('deps'), c.req.valid('param').draftId), 200),
  )
  .openapi(
    defineRawRoute(MOUNT, {
      ...common,
      method: 'get',
      path: '/division-sheets/{draftDivisionId}',
      summary: 'The sheet of one draft division',
      request: { params: DraftDivisionIdParamSchema },
      responses: { 200: json(SheetsSchema, 'Sheet'), ...errors },
    }),
    async (c) => c.json(await divisionSheet(c.get('deps'), c.req.valid('param').draftDivisionId), 200),
  )
  .openapi(
    defineRawRoute(MOUNT, {
      ...common,
      tags: ['settings'],
      method: 'post',
      path: '/divisions/copy-from-tournament/{tournamentId}',
      summary: 'Copy the division rules a past tournament used into settings (SuperAdmin)',
      request: { params: TournamentIdParamSchema },
      responses: { 200: json(CopyRulesResultSchema, 'Rules copied and skipped'), ...errors },
    }),
    async (c) =>
      c.json(
        await copyRulesFromTournament(c.get('deps'), requireCaller(c), c.req.valid('param').tournamentId),
        200,
      ),
  );
