import { z } from '@hono/zod-openapi';
import {
  CustomerUploadFormSchema,
  ErrorBodySchema,
  FILE_PATHS,
  FileDeletedSchema,
  FileIdParamSchema,
  IdParam,
  MyFilesSchema,
  SharedFileListSchema,
  SharedFileSchema,
  StaffShareFormSchema,
} from '@tournament/shared';
import { defineRawRoute } from '../http/define-route.ts';
import { jsonContent as json, requireCaller, router } from '../http/openapi-app.ts';
import {
  deleteOwnUpload,
  deleteShare,
  listMyFiles,
  openFile,
  registrationFiles,
  shareFile,
  uploadForStaff,
} from '../services/files.ts';

// File sharing (issue 16; docs/decisions/025-file-sharing.md). Thin: validate, call, answer.
// Upload bodies get their own size limit in app.ts (UPLOAD_PATHS), checked before they are read.

const MOUNT = '/api';
const common = { tags: ['files'], security: [{ bearer: [] }] };
const errors = {
  400: json(ErrorBodySchema, 'Invalid'),
  401: json(ErrorBodySchema, 'Not signed in'),
  403: json(ErrorBodySchema, 'Not allowed'),
  404: json(ErrorBodySchema, 'Not found, or not yours'),
};
const uploadErrors = {
  ...errors,
  413: json(ErrorBodySchema, 'The file is larger than 10 MB'),
  // Decision 033: the registration's quota, the account's pace, the server's disk.
  422: json(ErrorBodySchema, "The registration's files are at their quota"),
  429: json(ErrorBodySchema, 'Too many uploads in a short time (see Retry-After)'),
  507: json(ErrorBodySchema, 'The server is short of storage space'),
};
const form = <T extends z.ZodType>(schema: T) => ({
  body: { required: true, content: { 'multipart/form-data': { schema } } },
});

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
    defineRawRoute(MOUNT, {
      ...common,
      method: 'get',
      path: FILE_PATHS.mine,
      summary: "The caller's files: shares with everyone and every file of their registrations",
      responses: { 200: json(MyFilesSchema, 'Files'), ...errors },
    }),
    async (c) => c.json(await listMyFiles(c.get('deps'), requireCaller(c)), 200),
  )
  .openapi(
    defineRawRoute(MOUNT, {
      ...common,
      method: 'post',
      path: FILE_PATHS.mine,
      summary: "A customer's file for staff (a waiver, a medical form), on one of their registrations",
      request: form(CustomerUploadFormSchema),
      responses: { 201: json(SharedFileSchema, 'Stored'), ...uploadErrors },
    }),
    async (c) => c.json(await uploadForStaff(c.get('deps'), requireCaller(c), c.req.valid('form')), 201),
  )
  .openapi(
    defineRawRoute(MOUNT, {
      ...common,
      method: 'get',
      path: FILE_PATHS.file('{fileId}'),
      summary: 'The file, as an attachment in its stored type',
      request: { params: FileIdParamSchema },
      responses: {
        200: { description: 'The file', content: { 'application/octet-stream': { schema: z.string() } } },
        ...errors,
      },
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
    defineRawRoute(MOUNT, {
      ...common,
      method: 'delete',
      path: FILE_PATHS.file('{fileId}'),
      summary: "Deletes the caller's own upload",
      request: { params: FileIdParamSchema },
      responses: { 200: json(FileDeletedSchema, 'Deleted'), ...errors },
    }),
    async (c) => {
      const { fileId } = c.req.valid('param');
      await deleteOwnUpload(c.get('deps'), requireCaller(c), fileId);
      return c.json({ fileId }, 200);
    },
  )
  .openapi(
    defineRawRoute(MOUNT, {
      ...common,
      tags: ['staff'],
      method: 'post',
      path: FILE_PATHS.share,
      summary: 'Staff share a file (the schedule, the rules) with everyone, or with one registration',
      request: form(StaffShareFormSchema),
      responses: { 201: json(SharedFileSchema, 'Shared'), ...uploadErrors },
    }),
    async (c) => c.json(await shareFile(c.get('deps'), requireCaller(c), c.req.valid('form')), 201),
  )
  .openapi(
    defineRawRoute(MOUNT, {
      ...common,
      tags: ['staff'],
      method: 'delete',
      path: FILE_PATHS.shared('{fileId}'),
      summary: 'Removes a file staff shared',
      request: { params: FileIdParamSchema },
      responses: { 200: json(FileDeletedSchema, 'Deleted'), ...errors },
    }),
    async (c) => {
      const { fileId } = c.req.valid('param');
      await deleteShare(c.get('deps'), requireCaller(c), fileId);
      return c.json({ fileId }, 200);
    },
  )
  .openapi(
    defineRawRoute(MOUNT, {
      ...common,
      tags: ['staff'],
      method: 'get',
      path: FILE_PATHS.ofRegistration('{registrationId}'),
      summary: "A registration's files (its family's uploads and staff shares), for its desk page",
      request: { params: z.object({ registrationId: IdParam }) },
      responses: { 200: json(SharedFileListSchema, 'Files'), ...errors },
    }),
    async (c) =>
      c.json(
        await registrationFiles(c.get('deps'), requireCaller(c), c.req.valid('param').registrationId),
        200,
      ),
  );
