import { PUBLIC_API } from '@tournament/shared';
import { defineRoute } from '../http/define-route.ts';
import { sendPublicRead } from '../http/public-read.ts';
import { router } from '../http/openapi-app.ts';
import { getSiteSettings } from '../services/site-settings.ts';
import { listEventTypes, listTournaments } from '../services/tournaments.ts';

// Cached reads, sent as bodies serialized once with an ETag (decision 020).
export const publicRoutes = router()
  .openapi(
    defineRoute('/api', PUBLIC_API.tournaments, {
      tags: ['public'],
      summary: 'Every tournament with its registration flags (docs/product.md §3 and §4)',
      ok: 'Tournaments',
    }),
    async (c) => sendPublicRead(c, await listTournaments(c.get('deps'))),
  )
  .openapi(
    defineRoute('/api', PUBLIC_API.eventTypes, { tags: ['public'], summary: 'Event types', ok: 'Event types' }),
    async (c) => sendPublicRead(c, await listEventTypes(c.get('deps'))),
  )
  .openapi(
    defineRoute('/api', PUBLIC_API.settings, {
      tags: ['public'],
      summary: "The site's identity and feature flags",
      ok: 'Site settings',
    }),
    async (c) => sendPublicRead(c, await getSiteSettings(c.get('deps'))),
  );
