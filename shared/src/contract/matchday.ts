import { z } from 'zod';
import { MESSAGES } from '../domain/messages.ts';
import { freeText, TEXT_MESSAGES } from '../domain/text.ts';
import { emailField, secretText } from '../domain/validation.ts';
import { endpoint } from './endpoint.ts';
import type { PathParam } from './paths.ts';
import { MessageSchema } from './public.ts';
import { DIVISION_STATUSES } from './sync-entities.ts';

// The /api side of rings, matchday, results and signage (decisions 021 and 022). What ring
// officials and directors do at the rings goes through /sync (the matchday mutators); these
// routes set rings up, and answer the public, the families and the TVs.

export const MATCHDAY_PATHS = {
  /** Rings of a tournament (directors): create, rename, remove, reorder. */
  rings: '/api/admin/rings',
  ring: (ringId: PathParam) => `/api/admin/rings/${ringId}`,
  reorderRings: '/api/admin/rings/reorder',
  /** docs/product.md §7: public, no personal data. */
  signage: (tournamentId: PathParam) => `/api/signage/ring-assignments/${tournamentId}`,
  /** The public results page: completed divisions and the Grand Championship leaderboard. */
  results: (tournamentId: PathParam) => `/api/results/${tournamentId}`,
  /** A family's own competitors' divisions, rings and estimated start times. */
  schedule: (tournamentId: PathParam) => `/api/registration/schedule/${tournamentId}`,
  /** A director's password, asked by a tablet locked to one ring before it unlocks (decision 042). */
  unlockRing: '/api/matchday/ring-lock/unlock',
} as const;

const PathId = z.coerce.number().int().positive().max(2_147_483_647);
export const RingIdParamSchema = z.object({ ringId: PathId });
/** Path parameter of the public reads and the schedule: an unknown tournament answers 404. */
export const MatchdayTournamentParamSchema = z.object({ tournamentId: PathId });

// ---- Rings (directors) ----

const RingName = freeText(40, { tooLong: TEXT_MESSAGES.atMost(40) }).min(1, MESSAGES.required);

export const RingCreateSchema = z.object({
  tournamentId: z.number().int().positive().max(2_147_483_647),
  name: RingName,
});
export const RingUpdateSchema = z.object({ name: RingName });
export const RingReorderSchema = z.object({
  tournamentId: z.number().int().positive().max(2_147_483_647),
  ids: z.array(z.number().int().positive().max(2_147_483_647)).max(100),
});

export const AdminRingSchema = z.object({
  id: z.number().int(),
  tournamentId: z.number().int(),
  name: z.string(),
  isOpen: z.boolean(),
  sortOrder: z.number().int(),
});
export type AdminRing = z.infer<typeof AdminRingSchema>;
export const AdminRingListSchema = z.array(AdminRingSchema);

// ---- Unlocking a ring tablet (decision 042) ----

/** A director's e-mail and password, typed on the locked tablet; nothing else is sent or kept. */
export const RingUnlockRequestSchema = z.object({
  email: emailField(),
  password: secretText(),
});
export type RingUnlockRequest = z.input<typeof RingUnlockRequestSchema>;

// ---- Signage (docs/product.md §3, exactly) ----

export const RingAssignmentSchema = z.object({
  ringAssignmentId: z.number().int(),
  title: z.string(),
  eventTypes: z.array(z.string()),
  order: z.number().int(),
  isCompleted: z.boolean(),
});
export type RingAssignment = z.infer<typeof RingAssignmentSchema>;

export const SignageRingSchema = z.object({
  ringId: z.number().int(),
  name: z.string(),
  isOpen: z.boolean(),
  current: RingAssignmentSchema.nullable(),
  /** The ring's other divisions in queue order, completed ones flagged (the screen leaves them out). */
  upcoming: z.array(RingAssignmentSchema),
});
export type SignageRing = z.infer<typeof SignageRingSchema>;
export const SignageRingListSchema = z.array(SignageRingSchema);

// ---- Public results (first name, last initial and school only) ----

export const PublicPlacingSchema = z.object({
  place: z.number().int().min(1).max(4),
  /** "Sam K.": first name and last initial. */
  name: z.string(),
  school: z.string(),
});

export const PublicDivisionResultSchema = z.object({
  divisionId: z.number().int(),
  title: z.string(),
  eventTypes: z.array(z.string()),
  completedAt: z.string().nullable(),
  results: z.array(
    z.object({
      eventTypeId: z.number().int(),
      eventType: z.string(),
      placings: z.array(PublicPlacingSchema),
    }),
  ),
});

export const PublicLeaderboardSectionSchema = z.object({
  groupId: z.string(),
  label: z.string(),
  rows: z.array(
    z.object({
      rank: z.number().int(),
      tied: z.boolean(),
      name: z.string(),
      school: z.string(),
      points: z.number().int(),
    }),
  ),
});

export const PublicResultsSchema = z.object({
  tournamentId: z.number().int(),
  divisions: z.array(PublicDivisionResultSchema),
  leaderboard: z.array(PublicLeaderboardSectionSchema),
});
export type PublicResults = z.infer<typeof PublicResultsSchema>;

// ---- A family's schedule ----

export const CompetitorScheduleEntrySchema = z.object({
  competitorId: z.number().int(),
  firstName: z.string(),
  divisionId: z.number().int(),
  title: z.string(),
  eventTypes: z.array(z.string()),
  ringName: z.string().nullable(),
  status: z.enum(DIVISION_STATUSES),
  /** ISO 8601; null when not on a ring yet or completed. */
  estimatedStart: z.string().nullable(),
  /** The competitor's own placings once the division completed, one per event type placed. */
  placings: z.array(
    z.object({ eventTypeId: z.number().int(), eventType: z.string(), place: z.number().int().min(1).max(4) }),
  ),
  /** The competitor as the public results name them (their own family's view: highlighting). */
  publicName: z.string(),
});
export type CompetitorScheduleEntry = z.infer<typeof CompetitorScheduleEntrySchema>;
export const CompetitorScheduleSchema = z.array(CompetitorScheduleEntrySchema);

// ---- The endpoints (decision 035): one entry each, for the server's route and the web's call ----

const P = MATCHDAY_PATHS;
const byTournament = MatchdayTournamentParamSchema;

export const MATCHDAY_API = {
  createRing: endpoint({
    method: 'post',
    path: P.rings,
    body: RingCreateSchema,
    response: AdminRingSchema,
    status: 201,
  }),
  reorderRings: endpoint({
    method: 'post',
    path: P.reorderRings,
    body: RingReorderSchema,
    response: AdminRingListSchema,
  }),
  renameRing: endpoint({
    method: 'put',
    path: P.ring('{ringId}'),
    params: RingIdParamSchema,
    body: RingUpdateSchema,
    response: AdminRingSchema,
  }),
  removeRing: endpoint({
    method: 'delete',
    path: P.ring('{ringId}'),
    params: RingIdParamSchema,
    response: MessageSchema,
  }),
  signage: endpoint({
    method: 'get',
    path: P.signage('{tournamentId}'),
    params: byTournament,
    response: SignageRingListSchema,
  }),
  results: endpoint({
    method: 'get',
    path: P.results('{tournamentId}'),
    params: byTournament,
    response: PublicResultsSchema,
  }),
  schedule: endpoint({
    method: 'get',
    path: P.schedule('{tournamentId}'),
    params: byTournament,
    response: CompetitorScheduleSchema,
  }),
  unlockRing: endpoint({
    method: 'post',
    path: P.unlockRing,
    body: RingUnlockRequestSchema,
    response: MessageSchema,
  }),
} as const;
