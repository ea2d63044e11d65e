import { z } from '@hono/zod-openapi';
import {
  SETTINGS_PATHS,
  AdminTournamentSchema,
  IdParamSchema,
  MessageSchema,
  TournamentInputSchema,
} from '@tournament/shared';
import { defineRawRoute } from '../http/define-route.ts';
import { router } from '../http/openapi-app.ts';
import {
  adminGetTournament,
  adminListTournaments,
  createTournament,
  deleteTournament,
  updateTournament,
} from '../services/tournaments.ts';
import { jsonBody as body, requireCaller as callerOf, jsonContent as json } from '../http/openapi-app.ts';
import {
  ADMIN_MOUNT as MOUNT,
  settingsCommon as common,
  settingsErrors as errors,
} from './admin-settings-kit.ts';

/** Tournaments, SuperAdmin only (decision 007). */
export const adminTournamentRoutes = router()
  .openapi(
    defineRawRoute(MOUNT, {
      ...common,
      method: 'get',
      path: SETTINGS_PATHS.tournaments,
      summary: 'Every tournament, newest first, with registration and event counts',
      responses: { 200: json(z.array(AdminTournamentSchema), 'Tournaments'), ...errors },
    }),
    async (c) => c.json(await adminListTournaments(c.get('deps')), 200),
  )
  .openapi(
    defineRawRoute(MOUNT, {
      ...common,
      method: 'post',
      path: SETTINGS_PATHS.tournaments,
      summary: 'Create a tournament (docs/product.md §3 fields, schedule lines included)',
      request: body(TournamentInputSchema),
      responses: { 201: json(AdminTournamentSchema, 'Created'), ...errors },
    }),
    async (c) => c.json(await createTournament(c.get('deps'), callerOf(c), c.req.valid('json')), 201),
  )
  .openapi(
    defineRawRoute(MOUNT, {
      ...common,
      method: 'get',
      path: SETTINGS_PATHS.tournament('{id}'),
      summary: 'One tournament',
      request: { params: IdParamSchema },
      responses: { 200: json(AdminTournamentSchema, 'The tournament'), ...errors },
    }),
    async (c) => c.json(await adminGetTournament(c.get('deps'), c.req.valid('param').id), 200),
  )
  .openapi(
    defineRawRoute(MOUNT, {
      ...common,
      method: 'put',
      path: SETTINGS_PATHS.tournament('{id}'),
      summary: 'Replace a tournament with the full body sent (schedule lines included)',
      request: { params: IdParamSchema, ...body(TournamentInputSchema) },
      responses: { 200: json(AdminTournamentSchema, 'Saved'), ...errors },
    }),
    async (c) =>
      c.json(
        await updateTournament(c.get('deps'), callerOf(c), c.req.valid('param').id, c.req.valid('json')),
        200,
      ),
  )
  .openapi(
    defineRawRoute(MOUNT, {
      ...common,
      method: 'delete',
      path: SETTINGS_PATHS.tournament('{id}'),
      summary: 'Delete a tournament without registrations (its events go with it)',
      request: { params: IdParamSchema },
      responses: { 200: json(MessageSchema, 'Deleted'), ...errors },
    }),
    async (c) => {
      await deleteTournament(c.get('deps'), callerOf(c), c.req.valid('param').id);
      return c.json({ message: 'The tournament was deleted.' }, 200);
    },
  );
