import { DATA_ACCESS_API as D } from '@tournament/shared';
import { defineRoute } from '../http/define-route.ts';
import { requireCaller, router } from '../http/openapi-app.ts';
import { listAccessLog } from '../services/access-log.ts';
import { exportMyData } from '../services/data-export.ts';

// A family's own data, and who looked at it (docs/decisions/045-data-export-and-access-log.md).

const MOUNT = '/api';

export const dataAccessRoutes = router()
  .openapi(
    defineRoute(MOUNT, D.myData, {
      tags: ['users'],
      security: [{ bearer: [] }],
      summary:
        "Everything held about the signed-in account, as a ZIP: my-data.json, a CSV per table and the family's uploads",
      ok: 'application/zip',
      errors: { 429: 'Too many downloads in a short time (see Retry-After)' },
    }),
    async (c) => {
      const { filename, archive } = await exportMyData(
        c.get('deps'),
        requireCaller(c),
        c.get('impersonator'),
      );
      return c.body(new Uint8Array(archive), 200, {
        'Content-Type': 'application/zip',
        'Content-Length': String(archive.length),
        'Content-Disposition': `attachment; filename="${filename}"`,
        'Cache-Control': 'private, no-store',
      });
    },
  )
  .openapi(
    defineRoute(MOUNT, D.accessLog, {
      tags: ['operations'],
      security: [{ bearer: [] }],
      summary:
        "Who looked at a family's data: staff views, CSV exports, impersonation, file downloads and data exports",
      ok: 'The entries, newest first, and everyone who has one',
      errors: { 400: 'Invalid filter (docs/product.md §8 shape)' },
    }),
    async (c) => c.json(await listAccessLog(c.get('deps'), c.req.valid('query')), 200),
  );
