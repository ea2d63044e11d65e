import { z } from '@hono/zod-openapi';
import { PUBLIC_PATHS, EventTypeSchema, SiteSettingsSchema, TournamentSchema } from '@tournament/shared';
import { defineRawRoute } from '../http/define-route.ts';
import { sendPublicRead } from '../http/public-read.ts';
import { router } from '../http/openapi-app.ts';
import { getSiteSettings } from '../services/site-settings.ts';
import { listEventTypes, listTournaments } from '../services/tournaments.ts';

// Cached reads, sent as bodies serialized once with an ETag (issue 18; decision 020).
export const publicRoutes = router()
  .openapi(
    defineRawRoute('/api', {
      method: 'get',
      path: PUBLIC_PATHS.tournaments,
      tags: ['public'],
      summary: 'Every tournament with its registration flags (SPEC.md sections 3 and 4)',
      responses: {
        200: { description: 'Tournaments', content: { 'application/json': { schema: z.array(TournamentSchema) } } },
      },
    }),
    async (c) => sendPublicRead(c, await listTournaments(c.get('deps'))),
  )
  .openapi(
    defineRawRoute('/api', {
      method: 'get',
      path: PUBLIC_PATHS.eventTypes,
      tags: ['public'],
      summary: 'Event types',
      responses: {
        200: { description: 'Event types', content: { 'application/json': { schema: z.array(EventTypeSchema) } } },
      },
    }),
    async (c) => sendPublicRead(c, await listEventTypes(c.get('deps'))),
  )
  .openapi(
    defineRawRoute('/api', {
      method: 'get',
      path: PUBLIC_PATHS.settings,
      tags: ['public'],
      summary: "The site's identity and feature flags",
      responses: {
        200: { description: 'Site settings', content: { 'application/json': { schema: SiteSettingsSchema } } },
      },
    }),
    async (c) => sendPublicRead(c, await getSiteSettings(c.get('deps'))),
  );
