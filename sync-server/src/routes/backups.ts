import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { BACKUP_API as B, backupStale, msg } from '@tournament/shared';
import { defineRoute } from '../http/define-route.ts';
import { router } from '../http/openapi-app.ts';
import { DomainError } from '../lib/errors.ts';
import { listBackups } from '../services/backups.ts';

// The server's backups for the SuperAdmin (decision 040): the list, and the newest to download.

const MOUNT = '/api/admin';
const common = { tags: ['operations'], security: [{ bearer: [] }] };

export const backupRoutes = router()
  .openapi(
    defineRoute(MOUNT, B.list, {
      ...common,
      summary:
        "The server's backups (nightly and before migrations), newest first, and whether they are stale",
      ok: 'Backups',
    }),
    (c) => {
      const deps = c.get('deps');
      const backups = listBackups(deps.config);
      return c.json(
        {
          backups: backups.map((b) => ({
            name: b.name,
            bytes: b.bytes,
            createdAt: b.createdAt.toISOString(),
          })),
          keep: deps.config.backups.keep,
          stale: backupStale(backups[0]?.createdAt, deps.now()),
        },
        200,
      );
    },
  )
  .openapi(
    defineRoute(MOUNT, B.latest, {
      ...common,
      summary: 'The newest backup as an attachment (the database, uploads and secrets: keep it private)',
      ok: 'application/gzip',
      errors: { 404: 'No backup yet' },
    }),
    (c) => {
      const deps = c.get('deps');
      const newest = listBackups(deps.config)[0];
      if (!newest) throw new DomainError('not_found', msg('server.noBackupYet'), 404);
      const stream = fs.createReadStream(path.join(deps.config.backups.dir, newest.name));
      return c.body(Readable.toWeb(stream) as ReadableStream, 200, {
        'Content-Type': 'application/gzip',
        'Content-Disposition': `attachment; filename="${newest.name}"`,
        'Cache-Control': 'no-store',
      });
    },
  );
