import { z } from 'zod';
import { MESSAGES } from '../domain/messages.ts';
import { freeText, TEXT_LIMITS } from '../domain/text.ts';
import { msg } from '../i18n/message-ref.ts';
import { endpoint } from './endpoint.ts';
import type { PathParam } from './paths.ts';

// Matchmaking drafts, publishing and division sheets under /api/admin (TournamentDirector,
// SuperAdmin; docs/product.md §6), and copying division rules (SuperAdmin). The rules themselves
// are pure functions in domain/matchmaking; split and combine previews run them in the browser,
// the server runs them again when applying (docs/decisions/017-matchmaking.md).

const id = z.coerce.number().int().positive().max(2_147_483_647);
const intId = z.number().int();

export const MATCHMAKING_PATHS = {
  list: '/api/admin/matchmaking',
  options: (tournamentId: PathParam) => `/api/admin/matchmaking/options/${tournamentId}`,
  drafts: '/api/admin/matchmaking/drafts',
  draft: (draftId: PathParam) => `/api/admin/matchmaking/drafts/${draftId}`,
  regenerate: (draftId: PathParam) => `/api/admin/matchmaking/drafts/${draftId}/regenerate`,
  division: (draftId: PathParam, divisionId: PathParam) =>
    `/api/admin/matchmaking/drafts/${draftId}/divisions/${divisionId}`,
  split: (draftId: PathParam, divisionId: PathParam) =>
    `/api/admin/matchmaking/drafts/${draftId}/divisions/${divisionId}/split`,
  combine: (draftId: PathParam, divisionId: PathParam) =>
    `/api/admin/matchmaking/drafts/${draftId}/divisions/${divisionId}/combine`,
  move: (draftId: PathParam) => `/api/admin/matchmaking/drafts/${draftId}/move`,
  place: (draftId: PathParam) => `/api/admin/matchmaking/drafts/${draftId}/place`,
  publish: (draftId: PathParam) => `/api/admin/matchmaking/drafts/${draftId}/publish`,
  sheet: (draftDivisionId: PathParam) => `/api/admin/division-sheets/${draftDivisionId}`,
  sheetsAll: (draftId: PathParam) => `/api/admin/division-sheets/all/${draftId}`,
  copyRules: (tournamentId: PathParam) => `/api/admin/divisions/copy-from-tournament/${tournamentId}`,
} as const;

export const DraftIdParamSchema = z.object({ draftId: id });
export const DraftDivisionParamSchema = z.object({ draftId: id, divisionId: id });
export const DraftDivisionIdParamSchema = z.object({ draftDivisionId: id });
export const TournamentIdParamSchema = z.object({ tournamentId: id });

export const CreateDraftSchema = z.object({
  tournamentId: z.number().int().positive().max(2_147_483_647),
  /** Every completed registration, or only checked-in competitors (for the day itself). */
  source: z.enum(['completed', 'checkedIn'], {
    message: msg('server.matchmaking.field.source'),
  }),
  eventTypeIds: z
    .array(z.number().int().positive().max(2_147_483_647))
    .min(1, msg('server.matchmaking.field.eventTypes'))
    .max(100),
});
export type CreateDraftInput = z.infer<typeof CreateDraftSchema>;
export const DraftCreatedSchema = z.object({ draftId: intId });

export const DraftStatusSchema = z.enum(['draft', 'published']);

export const DraftSummarySchema = z.object({
  id: intId,
  name: z.string(),
  status: DraftStatusSchema,
  source: z.enum(['completed', 'checkedIn']),
  divisions: intId,
  competitors: intId,
  /** Divisions with a warning (too small, too large, outside the rule). */
  warnings: intId,
  /** Entries no division holds (no rule fits, or registered after the draft). */
  unplaced: intId,
  createdAt: z.string(),
  publishedAt: z.string().nullable(),
});
export const MatchmakingListSchema = z.object({
  tournaments: z.array(
    z.object({
      id: intId,
      tournamentDate: z.string(),
      city: z.string(),
      venue: z.string(),
      drafts: z.array(DraftSummarySchema),
    }),
  ),
});
export type MatchmakingList = z.infer<typeof MatchmakingListSchema>;

const EventTypeRefSchema = z.object({
  id: intId,
  title: z.string(),
  sortOrder: intId,
  decidedBy: z.enum(['judged', 'bracket']),
});

export const DraftOptionsSchema = z.object({
  tournament: z.object({
    id: intId,
    tournamentDate: z.string(),
    city: z.string(),
    isTournamentToday: z.boolean(),
  }),
  eventTypes: z.array(EventTypeRefSchema.extend({ competitors: intId })),
  competitors: z.object({ completed: intId, checkedIn: intId }),
  rules: intId,
});
export type DraftOptions = z.infer<typeof DraftOptionsSchema>;

const CriteriaSchema = z.object({
  minAge: intId,
  maxAge: intId,
  gender: z.union([z.literal(1), z.literal(2)]).nullable(),
  competitorLevelIds: z.array(intId),
  minWeight: z.number().nullable(),
  maxWeight: z.number().nullable(),
  minSize: intId,
  maxSize: intId,
});

export const DraftDivisionViewSchema = z.object({
  id: intId,
  ruleId: intId.nullable(),
  title: z.string(),
  criteria: CriteriaSchema,
  eventTypeIds: z.array(intId),
  competitorIds: z.array(intId),
  locked: z.boolean(),
  note: z.string(),
  overrides: z.array(z.string()),
  warnings: z.array(
    z.object({
      kind: z.enum(['empty', 'tooSmall', 'tooLarge', 'outsideRule']),
      message: z.string(),
      rule: z.enum(['gender', 'age', 'weight', 'level']).optional(),
      competitorId: z.number().int().optional(),
    }),
  ),
});
export const MatchCompetitorSchema = z.object({
  id: intId,
  registrationId: intId,
  firstName: z.string(),
  lastName: z.string(),
  age: intId,
  gender: z.union([z.literal(1), z.literal(2)]),
  competitorLevelId: intId.nullable(),
  weight: z.number().nullable(),
  school: z.string(),
  checkedIn: z.boolean(),
  eventTypeIds: z.array(intId),
});

export const DraftViewSchema = z.object({
  draft: z.object({
    id: intId,
    name: z.string(),
    status: DraftStatusSchema,
    source: z.enum(['completed', 'checkedIn']),
    eventTypeIds: z.array(intId),
    tournament: z.object({ id: intId, tournamentDate: z.string(), city: z.string() }),
    publishedAt: z.string().nullable(),
  }),
  eventTypes: z.array(EventTypeRefSchema),
  levels: z.array(z.object({ id: intId, name: z.string(), sortOrder: intId })),
  divisions: z.array(DraftDivisionViewSchema),
  competitors: z.array(MatchCompetitorSchema),
  /** Entries no division holds: no rule fits (with the reason) or "not in a division yet". */
  unplaced: z.array(
    z.object({
      competitorId: intId,
      eventTypeId: intId,
      reason: z.string(),
      late: z.boolean(),
      suggestedDivisionId: intId.nullable(),
    }),
  ),
});
export type DraftView = z.infer<typeof DraftViewSchema>;

export const SplitInputSchema = z.discriminatedUnion('by', [
  z.object({ by: z.literal('age') }),
  z.object({ by: z.literal('weight') }),
  z.object({ by: z.literal('level') }),
  z.object({
    by: z.literal('pick'),
    competitorIds: z
      .array(z.number().int().positive().max(2_147_483_647))
      .min(1, msg('server.matchmaking.field.pickCompetitors'))
      .max(500),
  }),
]);
export type SplitInput = z.infer<typeof SplitInputSchema>;

export const CombineInputSchema = z.object({
  withDivisionId: z.number().int().positive().max(2_147_483_647),
});
export const MoveInputSchema = z.object({
  competitorId: z.number().int().positive().max(2_147_483_647),
  fromDivisionId: z.number().int().positive().max(2_147_483_647),
  toDivisionId: z.number().int().positive().max(2_147_483_647),
});
export type MoveInput = z.infer<typeof MoveInputSchema>;
export const PlaceInputSchema = z.object({
  competitorId: z.number().int().positive().max(2_147_483_647),
  eventTypeId: z.number().int().positive().max(2_147_483_647),
  divisionId: z.number().int().positive().max(2_147_483_647),
});
export type PlaceInput = z.infer<typeof PlaceInputSchema>;

/** Rename, note, lock: each left out stays as it is. */
export const DivisionPatchSchema = z
  .object({
    /** null: back to the title made from the division's criteria (an Undo of a rename). */
    title: freeText(120).min(1, MESSAGES.required).nullable().optional(),
    note: freeText(TEXT_LIMITS.note).optional(),
    locked: z.boolean().optional(),
  })
  .refine((p) => p.title !== undefined || p.note !== undefined || p.locked !== undefined, {
    message: msg('server.matchmaking.field.nothingToChange'),
    path: ['title'],
  });
export type DivisionPatch = z.infer<typeof DivisionPatchSchema>;

export const PublishDiffSchema = z.object({
  added: z.array(z.object({ id: intId, title: z.string() })),
  removed: z.array(z.object({ id: intId, title: z.string() })),
  renamed: z.array(z.object({ id: intId, from: z.string(), to: z.string() })),
  moved: z.array(
    z.object({
      competitorId: intId,
      competitorName: z.string(),
      fromId: intId,
      fromTitle: z.string(),
      toId: intId.nullable(),
      toTitle: z.string().nullable(),
    }),
  ),
});
export type PublishDiffView = z.infer<typeof PublishDiffSchema>;

export const PublishPreviewSchema = z.object({
  /** True when the tournament has never been published: nothing to compare with. */
  firstPublication: z.boolean(),
  /** Whether publishing would change anything (false: this draft is published as it stands). */
  changed: z.boolean(),
  diff: PublishDiffSchema,
  /** Registrations whose competitors moved: the families the notice goes to. */
  familiesToNotify: intId,
});
export type PublishPreview = z.infer<typeof PublishPreviewSchema>;

/** Publishing after a first time needs `confirm: true`, given after seeing the change list. */
export const PublishInputSchema = z.object({ confirm: z.boolean().optional() });

export const PublishResultSchema = z.object({
  publicationId: intId,
  diff: PublishDiffSchema,
  familiesToNotify: intId,
});

const SheetMatchSchema = z.object({ round: intId, a: intId.nullable(), b: intId.nullable() });

/**
 * One division's printed sheet (decision 050): read from the live division the rings run when
 * the draft is published (its ring, queue place, the competitors the tablet runs and the stored
 * draw), from the draft otherwise.
 */
export const SheetSchema = z.object({
  division: z.object({
    id: intId,
    title: z.string(),
    /** `judges`: the event type's panel, as the ring tablet scores it. */
    eventTypes: z.array(
      z.object({
        id: intId,
        title: z.string(),
        decidedBy: z.enum(['judged', 'bracket']),
        judges: z.union([z.literal(3), z.literal(5)]),
      }),
    ),
    /** The ring's name; null while the division is not on a ring (or the draft not published). */
    ring: z.string().nullable(),
    /** Place in the ring's queue of upcoming divisions; null when running, done or not queued. */
    queuePosition: intId.nullable(),
    /** The live division's status; null when the draft is not the published one. */
    status: z.enum(['upcoming', 'current', 'completed']).nullable(),
    /**
     * The latest sync version among the live division's rows (its ring and queue place, its
     * entries and no-shows, its draws): a sheet printed at a lower one has changed since. Null
     * when the draft is not the published one.
     */
    changeVersion: intId.nullable(),
    overrides: z.array(z.string()),
    note: z.string(),
  }),
  competitors: z.array(
    z.object({
      id: intId,
      name: z.string(),
      school: z.string(),
      level: z.string(),
      age: intId,
      weight: z.number().nullable(),
      checkedIn: z.boolean(),
      /** Photos and video may be published (decision 043): the sheet marks "no photos" otherwise. */
      photosAllowed: z.boolean(),
    }),
  ),
  /**
   * Each bracket event type's draw as stored with the division (the tablet runs the same). Not
   * drawn yet: `rounds` is empty. `fits` false: competitors changed since the draw (a director
   * redraws, or the tablet runs the draw as it stands).
   */
  brackets: z.array(
    z.object({
      eventTypeId: intId,
      title: z.string(),
      drawn: z.boolean(),
      fits: z.boolean(),
      kind: z.enum(['roundRobin', 'singleElimination']),
      rounds: z.array(z.array(SheetMatchSchema)),
    }),
  ),
});
export type Sheet = z.infer<typeof SheetSchema>;

export const SheetsSchema = z.object({
  draft: z.object({
    id: intId,
    name: z.string(),
    status: DraftStatusSchema,
    tournamentDate: z.string(),
    city: z.string(),
  }),
  sheets: z.array(SheetSchema),
});
export type Sheets = z.infer<typeof SheetsSchema>;

export const CopyRulesResultSchema = z.object({ copied: intId, skipped: intId });

// ---- The endpoints (decision 035): one entry each, for the server's route and the web's call ----

const P = MATCHMAKING_PATHS;
const draftP = DraftIdParamSchema;
const divisionP = DraftDivisionParamSchema;
const D = '{draftId}';
const DIV = '{divisionId}';

export const MATCHMAKING_API = {
  list: endpoint({ method: 'get', path: P.list, response: MatchmakingListSchema }),
  options: endpoint({
    method: 'get',
    path: P.options('{tournamentId}'),
    params: TournamentIdParamSchema,
    response: DraftOptionsSchema,
  }),
  createDraft: endpoint({
    method: 'post',
    path: P.drafts,
    body: CreateDraftSchema,
    response: DraftCreatedSchema,
    status: 201,
  }),
  draft: endpoint({ method: 'get', path: P.draft(D), params: draftP, response: DraftViewSchema }),
  /** The draft made again from current registrations; the answer is the draft as it now stands. */
  regenerate: endpoint({ method: 'post', path: P.regenerate(D), params: draftP, response: DraftViewSchema }),
  patchDivision: endpoint({
    method: 'put',
    path: P.division(D, DIV),
    params: divisionP,
    body: DivisionPatchSchema,
    response: DraftViewSchema,
  }),
  split: endpoint({
    method: 'post',
    path: P.split(D, DIV),
    params: divisionP,
    body: SplitInputSchema,
    response: DraftViewSchema,
  }),
  combine: endpoint({
    method: 'post',
    path: P.combine(D, DIV),
    params: divisionP,
    body: CombineInputSchema,
    response: DraftViewSchema,
  }),
  move: endpoint({
    method: 'post',
    path: P.move(D),
    params: draftP,
    body: MoveInputSchema,
    response: DraftViewSchema,
  }),
  place: endpoint({
    method: 'post',
    path: P.place(D),
    params: draftP,
    body: PlaceInputSchema,
    response: DraftViewSchema,
  }),
  publishPreview: endpoint({
    method: 'get',
    path: P.publish(D),
    params: draftP,
    response: PublishPreviewSchema,
  }),
  publish: endpoint({
    method: 'post',
    path: P.publish(D),
    params: draftP,
    body: PublishInputSchema,
    response: PublishResultSchema,
  }),
  sheetsAll: endpoint({ method: 'get', path: P.sheetsAll(D), params: draftP, response: SheetsSchema }),
  sheet: endpoint({
    method: 'get',
    path: P.sheet('{draftDivisionId}'),
    params: DraftDivisionIdParamSchema,
    response: SheetsSchema,
  }),
  /** Copying a past tournament's division rules into settings (SuperAdmin). */
  copyRules: endpoint({
    method: 'post',
    path: P.copyRules('{tournamentId}'),
    params: TournamentIdParamSchema,
    response: CopyRulesResultSchema,
  }),
} as const;
