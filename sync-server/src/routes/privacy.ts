import { PRIVACY_API as P } from '@tournament/shared';
import { defineRoute } from '../http/define-route.ts';
import { requireCaller, router } from '../http/openapi-app.ts';
import { eraseAccountForRequest } from '../services/erasure.ts';
import { retentionPreview, saveRetentionSettings } from '../services/retention.ts';

// Super admins: a family's deletion request carried out from its desk page, the dry run of the
// retention purges and the two periods they follow (docs/decisions/046-erasure-and-retention.md).

const MOUNT = '/api/admin';
const common = { tags: ['privacy'], security: [{ bearer: [] }] };

export const privacyRoutes = router()
  .openapi(
    defineRoute(MOUNT, P.eraseAccount, {
      ...common,
      summary:
        'Deletes a family\'s account on its request (by mail or in person), as "Delete my account" does; audited with the reason',
      ok: 'Deleted (or already deleted)',
      errors: { 404: 'No such account', 409: 'A staff account' },
    }),
    async (c) => {
      const { userId } = c.req.valid('param');
      const { reason } = c.req.valid('json');
      const message = await eraseAccountForRequest(c.get('deps'), requireCaller(c), userId, reason);
      return c.json({ message }, 200);
    },
  )
  .openapi(
    defineRoute(MOUNT, P.retention, {
      ...common,
      summary:
        'What each purge after a tournament would erase now (a dry run), when it is due, and the idle accounts',
      ok: 'The preview',
    }),
    async (c) => c.json(await retentionPreview(c.get('deps')), 200),
  )
  .openapi(
    defineRoute(MOUNT, P.saveRetention, {
      ...common,
      summary:
        'Sets the months after a tournament before its purge and the days venue devices keep its personal rows; audited',
      ok: 'The periods saved',
    }),
    async (c) =>
      c.json(await saveRetentionSettings(c.get('deps'), requireCaller(c), c.req.valid('json')), 200),
  );
