import { MATCHDAY_API as M, msg } from '@tournament/shared';
import { defineRoute } from '../http/define-route.ts';
import { clientAddress } from '../http/client-address.ts';
import { requireCaller, router } from '../http/openapi-app.ts';
import { confirmDirectorPassword } from '../services/accounts.ts';
import { competitorSchedule, publicResults, signageRingAssignments } from '../services/matchday-public.ts';
import { createRing, deleteRing, reorderRings, updateRing } from '../services/rings.ts';

// Decisions 021 and 022 over /api: directors set rings up (what happens at the rings goes through
// /sync), the signage TVs and the results page read without login, and a family reads its
// own competitors' divisions with their rings and estimated start times. Each route's method,
// path, parameters, body and answer are its contract entry's (decision 035).

const MOUNT = '/api';
const admin = (summary: string, ok: string) => ({
  tags: ['rings'],
  security: [{ bearer: [] }],
  summary,
  ok,
  errors: { 404: 'No such tournament or ring' },
});
const open = (summary: string, ok: string) => ({
  tags: ['public'],
  summary,
  ok,
  errors: { 404: 'No such tournament' },
});

export const matchdayRoutes = router()
  .openapi(
    defineRoute(MOUNT, M.createRing, admin("Add a ring at the end of the tournament's order", 'Created')),
    async (c) => c.json(await createRing(c.get('deps'), requireCaller(c), c.req.valid('json')), 201),
  )
  .openapi(
    defineRoute(
      MOUNT,
      M.reorderRings,
      admin(
        "Put a tournament's rings in a new order (every ring exactly once)",
        "The tournament's rings in their new order",
      ),
    ),
    async (c) => c.json(await reorderRings(c.get('deps'), requireCaller(c), c.req.valid('json')), 200),
  )
  .openapi(defineRoute(MOUNT, M.renameRing, admin('Rename a ring', 'The ring')), async (c) =>
    c.json(
      await updateRing(c.get('deps'), requireCaller(c), c.req.valid('param').ringId, c.req.valid('json')),
      200,
    ),
  )
  .openapi(
    defineRoute(MOUNT, M.removeRing, {
      ...admin('Remove a ring that has run nothing; its upcoming divisions go back to unassigned', 'Removed'),
      errors: { 404: 'No such tournament or ring', 409: 'The ring has a current or completed division' },
    }),
    async (c) => {
      await deleteRing(c.get('deps'), requireCaller(c), c.req.valid('param').ringId);
      return c.json({ message: msg('server.removed.ring') }, 200);
    },
  )
  .openapi(
    defineRoute(
      MOUNT,
      M.signage,
      open(
        'Each ring with its current and upcoming divisions (docs/product.md §3 and §7; no personal data)',
        'Rings in their order',
      ),
    ),
    async (c) => c.json(await signageRingAssignments(c.get('deps'), c.req.valid('param').tournamentId), 200),
  )
  .openapi(
    defineRoute(
      MOUNT,
      M.results,
      open(
        'Completed divisions with placings and the Grand Championship leaderboard (first name, last initial, school)',
        'Results',
      ),
    ),
    async (c) => c.json(await publicResults(c.get('deps'), c.req.valid('param').tournamentId), 200),
  )
  .openapi(
    defineRoute(MOUNT, M.schedule, {
      tags: ['registration'],
      security: [{ bearer: [] }],
      summary: "The caller's own competitors' divisions: rings, status and estimated start times",
      ok: 'One entry per competitor and division',
      errors: { 404: 'No such tournament or ring' },
    }),
    async (c) =>
      c.json(
        await competitorSchedule(c.get('deps'), requireCaller(c), c.req.valid('param').tournamentId),
        200,
      ),
  )
  .openapi(
    defineRoute(MOUNT, M.unlockRing, {
      tags: ['rings'],
      security: [{ bearer: [] }],
      summary: "Check a director's e-mail and password before a ring tablet unlocks (decision 042)",
      ok: 'The password is a director’s: the tablet may unlock',
      errors: {
        422: 'Not a director’s e-mail and password (422, so the tablet stays signed in)',
        429: 'Too many attempts',
      },
    }),
    async (c) => {
      await confirmDirectorPassword(c.get('deps'), c.req.valid('json'), clientAddress(c));
      return c.json({ message: msg('server.ringLock.unlocked') }, 200);
    },
  );
