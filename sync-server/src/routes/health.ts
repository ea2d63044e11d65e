import { z } from '@hono/zod-openapi';
import { PUBLIC_PATHS, ErrorBodySchema } from '@tournament/shared';
import { defineRawRoute } from '../http/define-route.ts';
import { router } from '../http/openapi-app.ts';

export const healthRoutes = router().openapi(
  defineRawRoute('/api', {
    method: 'get',
    path: PUBLIC_PATHS.health,
    tags: ['operations'],
    summary: '200 while the database answers, 503 otherwise',
    responses: {
      200: { description: 'Healthy', content: { 'application/json': { schema: z.object({ status: z.literal('ok') }) } } },
      503: { description: 'Database unreachable', content: { 'application/json': { schema: ErrorBodySchema } } },
    },
  }),
  async (c) => {
    try {
      await c.get('deps').database.ping();
      return c.json({ status: 'ok' as const }, 200);
    } catch {
      return c.json({ message: 'The database is unavailable.' }, 503);
    }
  },
);
