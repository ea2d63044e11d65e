import { z } from 'zod';
import { endpoint } from './endpoint.ts';

// The server's own backups (docs/decisions/040-backups.md): the SuperAdmin page lists them and
// downloads the newest. Taking and restoring one is the operator's (npm run admin -- backup).

export const BACKUP_PATHS = {
  /** GET: the backups in the server's backup folder, newest first, and whether they are stale. */
  list: '/api/admin/backups',
  /** GET: the newest backup as an attachment (it holds the database and the secrets). */
  latest: '/api/admin/backups/latest',
} as const;

export const BackupEntrySchema = z.object({
  name: z.string(),
  bytes: z.number().int().nonnegative(),
  /** ISO 8601 (UTC). */
  createdAt: z.string(),
});
export type BackupEntry = z.infer<typeof BackupEntrySchema>;

export const BackupListSchema = z.object({
  backups: z.array(BackupEntrySchema),
  /** How many of the newest the server keeps (BACKUP_KEEP). */
  keep: z.number().int().positive(),
  /** No backup at all, or the newest is older than 26 hours: a nightly one was missed. */
  stale: z.boolean(),
});
export type BackupList = z.infer<typeof BackupListSchema>;

export const BACKUP_API = {
  list: endpoint({ method: 'get', path: BACKUP_PATHS.list, response: BackupListSchema }),
  latest: endpoint({ method: 'get', path: BACKUP_PATHS.latest, response: { file: 'application/gzip' } }),
} as const;
