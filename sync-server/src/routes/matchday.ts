import {
  AdminRingListSchema,
  AdminRingSchema,
  CompetitorScheduleSchema,
  ErrorBodySchema,
  MATCHDAY_PATHS,
  MatchdayTournamentParamSchema,
  MessageSchema,
  PublicResultsSchema,
  RingCreateSchema,
  RingIdParamSchema,
  RingReorderSchema,
  RingUpdateSchema,
  SignageRingListSchema,
} from '@tournament/shared';
import { defineRawRoute } from '../http/define-route.ts';
import { jsonBody as body, jsonContent as json, requireCaller, router } from '../http/openapi-app.ts';
import { competitorSchedule, publicResults, signageRingAssignments } from '../services/matchday-public.ts';
import { createRing, deleteRing, reorderRings, updateRing } from '../services/rings.ts';

// Decisions 021 and 022 over /api: directors set rings up (what happens at the rings goes through
// /sync), the signage TVs and the results page read without login, and a family reads its
// own competitors' divisions with their rings and estimated start times.

const MOUNT = '/api';
const admin = { tags: ['rings'], security: [{ bearer: [] }] };
const errors = {
  400: json(ErrorBodySchema, 'Invalid input (docs/product.md §8 shape)'),
  401: json(ErrorBodySchema, 'Not signed in'),
  403: json(ErrorBodySchema, 'Not a TournamentDirector or SuperAdmin'),
  404: json(ErrorBodySchema, 'No such tournament or ring'),
};
const publicErrors = { 400: errors[400], 404: json(ErrorBodySchema, 'No such tournament') };

export const matchdayRoutes = router()
  .openapi(
    defineRawRoute(MOUNT, {
      ...admin,
      method: 'post',
      path: MATCHDAY_PATHS.rings,
      summary: "Add a ring at the end of the tournament's order",
      request: body(RingCreateSchema),
      responses: { 201: json(AdminRingSchema, 'Created'), ...errors },
    }),
    async (c) => c.json(await createRing(c.get('deps'), requireCaller(c), c.req.valid('json')), 201),
  )
  .openapi(
    defineRawRoute(MOUNT, {
      ...admin,
      method: 'post',
      path: MATCHDAY_PATHS.reorderRings,
      summary: "Put a tournament's rings in a new order (every ring exactly once)",
      request: body(RingReorderSchema),
      responses: { 200: json(AdminRingListSchema, "The tournament's rings in their new order"), ...errors },
    }),
    async (c) => c.json(await reorderRings(c.get('deps'), requireCaller(c), c.req.valid('json')), 200),
  )
  .openapi(
    defineRawRoute(MOUNT, {
      ...admin,
      method: 'put',
      path: MATCHDAY_PATHS.ring('{ringId}'),
      summary: 'Rename a ring',
      request: { params: RingIdParamSchema, ...body(RingUpdateSchema) },
      responses: { 200: json(AdminRingSchema, 'The ring'), ...errors },
    }),
    async (c) =>
      c.json(
        await updateRing(c.get('deps'), requireCaller(c), c.req.valid('param').ringId, c.req.valid('json')),
        200,
      ),
  )
  .openapi(
    defineRawRoute(MOUNT, {
      ...admin,
      method: 'delete',
      path: MATCHDAY_PATHS.ring('{ringId}'),
      summary: 'Remove a ring that has run nothing; its upcoming divisions go back to unassigned',
      request: { params: RingIdParamSchema },
      responses: {
        200: json(MessageSchema, 'Removed'),
        ...errors,
        409: json(ErrorBodySchema, 'The ring has a current or completed division'),
      },
    }),
    async (c) => {
      await deleteRing(c.get('deps'), requireCaller(c), c.req.valid('param').ringId);
      return c.json({ message: 'The ring was removed.' }, 200);
    },
  )
  .openapi(
    defineRawRoute(MOUNT, {
      method: 'get',
      path: MATCHDAY_PATHS.signage('{tournamentId}'),
      tags: ['public'],
      summary:
        'Each ring with its current and upcoming divisions (docs/product.md §3 and §7; no personal data)',
      request: { params: MatchdayTournamentParamSchema },
      responses: { 200: json(SignageRingListSchema, 'Rings in their order'), ...publicErrors },
    }),
    async (c) => c.json(await signageRingAssignments(c.get('deps'), c.req.valid('param').tournamentId), 200),
  )
  .openapi(
    defineRawRoute(MOUNT, {
      method: 'get',
      path: MATCHDAY_PATHS.results('{tournamentId}'),
      tags: ['public'],
      summary:
        'Completed divisions with placings and the Grand Championship leaderboard (first name, last initial, school)',
      request: { params: MatchdayTournamentParamSchema },
      responses: { 200: json(PublicResultsSchema, 'Results'), ...publicErrors },
    }),
    async (c) => c.json(await publicResults(c.get('deps'), c.req.valid('param').tournamentId), 200),
  )
  .openapi(
    defineRawRoute(MOUNT, {
      method: 'get',
      path: MATCHDAY_PATHS.schedule('{tournamentId}'),
      tags: ['registration'],
      security: [{ bearer: [] }],
      summary: "The caller's own competitors' divisions: rings, status and estimated start times",
      request: { params: MatchdayTournamentParamSchema },
      responses: {
        200: json(CompetitorScheduleSchema, 'One entry per competitor and division'),
        ...errors,
      },
    }),
    async (c) =>
      c.json(
        await competitorSchedule(c.get('deps'), requireCaller(c), c.req.valid('param').tournamentId),
        200,
      ),
  );
