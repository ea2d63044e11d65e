import { msg, SETTINGS_API as S } from '@tournament/shared';
import { defineRoute } from '../http/define-route.ts';
import {
  adminGetTournament,
  adminListTournaments,
  createTournament,
  deleteTournament,
  updateTournament,
} from '../services/tournaments.ts';
import { requireCaller as callerOf, router } from '../http/openapi-app.ts';
import {
  ADMIN_MOUNT as MOUNT,
  settingsCommon as common,
  settingsErrors as errors,
} from './admin-settings-kit.ts';

/** Tournaments, SuperAdmin only (decision 007). */
export const adminTournamentRoutes = router()
  .openapi(
    defineRoute(MOUNT, S.tournaments, {
      ...common,
      summary: 'Every tournament, newest first, with registration and event counts',
      ok: 'Tournaments',
      errors,
    }),
    async (c) => c.json(await adminListTournaments(c.get('deps')), 200),
  )
  .openapi(
    defineRoute(MOUNT, S.createTournament, {
      ...common,
      summary: 'Create a tournament (docs/product.md §3 fields, schedule lines included)',
      ok: 'Created',
      errors,
    }),
    async (c) => c.json(await createTournament(c.get('deps'), callerOf(c), c.req.valid('json')), 201),
  )
  .openapi(
    defineRoute(MOUNT, S.tournament, {
      ...common,
      summary: 'One tournament',
      ok: 'The tournament',
      errors,
    }),
    async (c) => c.json(await adminGetTournament(c.get('deps'), c.req.valid('param').id), 200),
  )
  .openapi(
    defineRoute(MOUNT, S.updateTournament, {
      ...common,
      summary: 'Replace a tournament with the full body sent (schedule lines included)',
      ok: 'Saved',
      errors,
    }),
    async (c) =>
      c.json(
        await updateTournament(c.get('deps'), callerOf(c), c.req.valid('param').id, c.req.valid('json')),
        200,
      ),
  )
  .openapi(
    defineRoute(MOUNT, S.deleteTournament, {
      ...common,
      summary: 'Delete a tournament without registrations (its events go with it)',
      ok: 'Deleted',
      errors,
    }),
    async (c) => {
      await deleteTournament(c.get('deps'), callerOf(c), c.req.valid('param').id);
      return c.json({ message: msg('server.removed.tournament') }, 200);
    },
  );
