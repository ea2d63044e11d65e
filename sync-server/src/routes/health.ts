import { msg, PUBLIC_API } from '@tournament/shared';
import { defineRoute } from '../http/define-route.ts';
import { router } from '../http/openapi-app.ts';

export const healthRoutes = router().openapi(
  defineRoute('/api', PUBLIC_API.health, {
    tags: ['operations'],
    summary: '200 while the database answers, 503 otherwise',
    ok: 'Healthy',
    errors: { 503: 'Database unreachable' },
  }),
  async (c) => {
    try {
      await c.get('deps').database.ping();
      return c.json({ status: 'ok' as const }, 200);
    } catch {
      return c.json({ message: msg('server.databaseUnavailable') }, 503);
    }
  },
);
