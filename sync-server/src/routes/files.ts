import { FILE_API as F } from '@tournament/shared';
import { defineRoute } from '../http/define-route.ts';
import { requireCaller, router } from '../http/openapi-app.ts';
import {
  deleteOwnUpload,
  deleteShare,
  listMyFiles,
  openFile,
  registrationFiles,
  shareFile,
  uploadForStaff,
} from '../services/files.ts';

// File sharing (docs/decisions/025-file-sharing.md). Thin: validate, call, answer.
// Upload bodies get their own size limit in app.ts (UPLOAD_PATHS), checked before they are read.

const MOUNT = '/api';
const common = { tags: ['files'], security: [{ bearer: [] }] };
// 403 as before: a customer's file routes can refuse a caller the role table lets in.
const errors = { 403: 'Not allowed', 404: 'Not found, or not yours' } as const;
const uploadErrors = {
  ...errors,
  413: 'The file is larger than 10 MB',
  // Decision 033: the registration's quota, the account's pace, the server's disk.
  422: "The registration's files are at their quota",
  429: 'Too many uploads in a short time (see Retry-After)',
  507: 'The server is short of storage space',
} as const;

/** `attachment` with the name as plain ASCII and, for other letters, RFC 8187's UTF-8 form. */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export const fileRoutes = router()
  .openapi(
    defineRoute(MOUNT, F.mine, {
      ...common,
      summary: "The caller's files: shares with everyone and every file of their registrations",
      ok: 'Files',
      errors,
    }),
    async (c) => c.json(await listMyFiles(c.get('deps'), requireCaller(c)), 200),
  )
  .openapi(
    defineRoute(MOUNT, F.upload, {
      ...common,
      summary: "A customer's file for staff (a waiver, a medical form), on one of their registrations",
      ok: 'Stored',
      errors: uploadErrors,
    }),
    async (c) => c.json(await uploadForStaff(c.get('deps'), requireCaller(c), c.req.valid('form')), 201),
  )
  .openapi(
    defineRoute(MOUNT, F.download, {
      ...common,
      summary: 'The file, as an attachment in its stored type',
      ok: 'The file',
      errors,
    }),
    async (c) => {
      const file = await openFile(c.get('deps'), requireCaller(c), c.req.valid('param').fileId);
      return c.body(file.body, 200, {
        'Content-Type': file.contentType,
        'Content-Length': String(file.size),
        'Content-Disposition': attachmentDisposition(file.filename),
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'private, no-store',
      });
    },
  )
  .openapi(
    defineRoute(MOUNT, F.deleteUpload, {
      ...common,
      summary: "Deletes the caller's own upload",
      ok: 'Deleted',
      errors,
    }),
    async (c) => {
      const { fileId } = c.req.valid('param');
      await deleteOwnUpload(c.get('deps'), requireCaller(c), fileId);
      return c.json({ fileId }, 200);
    },
  )
  .openapi(
    defineRoute(MOUNT, F.share, {
      ...common,
      tags: ['staff'],
      summary: 'Staff share a file (the schedule, the rules) with everyone, or with one registration',
      ok: 'Shared',
      errors: uploadErrors,
    }),
    async (c) => c.json(await shareFile(c.get('deps'), requireCaller(c), c.req.valid('form')), 201),
  )
  .openapi(
    defineRoute(MOUNT, F.deleteShare, {
      ...common,
      tags: ['staff'],
      summary: 'Removes a file staff shared',
      ok: 'Deleted',
      errors,
    }),
    async (c) => {
      const { fileId } = c.req.valid('param');
      await deleteShare(c.get('deps'), requireCaller(c), fileId);
      return c.json({ fileId }, 200);
    },
  )
  .openapi(
    defineRoute(MOUNT, F.ofRegistration, {
      ...common,
      tags: ['staff'],
      summary: "A registration's files (its family's uploads and staff shares), for its desk page",
      ok: 'Files',
      errors,
    }),
    async (c) =>
      c.json(
        await registrationFiles(c.get('deps'), requireCaller(c), c.req.valid('param').registrationId),
        200,
      ),
  );
