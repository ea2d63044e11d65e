import { z } from 'zod';
import type { PathParam } from './paths.ts';
import { endpoint } from './endpoint.ts';
import { IdParam } from './registration.ts';
import { FILE_MESSAGES } from '../domain/files.ts';
import { msg } from '../i18n/message-ref.ts';

// File sharing (decision 025; docs/product.md §1 and §2: customers "share files", /customer/file-sharing;
// docs/decisions/025-file-sharing.md). Uploads are multipart/form-data with a `file` field;
// downloads are attachments. Every other answer is JSON.

/** A file's id in a path: random and made by the server. Anything else simply answers 404. */
export type FileIdParam = string;

export const FILE_PATHS = {
  /** GET: the caller's files (their uploads and what staff shared with them); POST: a customer's upload for staff. */
  mine: '/api/files',
  /** GET: the file as an attachment; DELETE: the caller's own upload. */
  file: (fileId: FileIdParam) => `/api/files/${fileId}`,
  /** POST: staff share a file with everyone, or with one registration (`registrationId`). */
  share: '/api/admin/files',
  /** DELETE: a file staff shared. */
  shared: (fileId: FileIdParam) => `/api/admin/files/${fileId}`,
  /** GET: a registration's files, for its desk page. */
  ofRegistration: (registrationId: PathParam) => `/api/admin/registrations/${registrationId}/files`,
} as const;

/** The two paths whose bodies are files: they get the upload body limit instead of the JSON one. */
export const UPLOAD_PATHS: readonly string[] = [FILE_PATHS.mine, FILE_PATHS.share];

export const FILE_KINDS = ['upload', 'share'] as const;
/** The path parameter: any short text; only a real file's id the caller may reach answers. */
export const FileIdParamSchema = z.object({ fileId: z.string().min(1).max(64) });

/** The uploaded file (OpenAPI: a binary string). */
const fileField = z.file({ error: FILE_MESSAGES.missing }).meta({ type: 'string', format: 'binary' });

const registrationIdField = z.coerce
  .number({ error: FILE_MESSAGES.chooseRegistration })
  .int()
  .positive()
  .max(2_147_483_647);

/** POST /api/files (multipart): a customer's file for staff, for one of their registrations. */
export const CustomerUploadFormSchema = z.object({
  file: fileField,
  registrationId: registrationIdField,
});

/** POST /api/admin/files (multipart): no `registrationId` shares with everyone. */
export const StaffShareFormSchema = z.object({
  file: fileField,
  registrationId: z.preprocess((v) => (v === '' ? undefined : v), registrationIdField.optional()),
});

export const SharedFileSchema = z.object({
  fileId: z.string(),
  /** The name it came with (display only; the server stores it under `fileId`). */
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  uploadedAt: z.string(),
  /** upload: a customer's, for staff; share: from staff. */
  kind: z.enum(FILE_KINDS),
  /** The registration it belongs to; null: shared with everyone. */
  registrationId: z.number().int().nullable(),
  /** Who uploaded it: a family sees "Tournament staff" for staff shares. */
  from: z.string(),
  /** Whether the caller may delete it (a customer: their own uploads; directors: staff shares). */
  canDelete: z.boolean(),
});
export type SharedFile = z.infer<typeof SharedFileSchema>;

/** A registration the caller may upload files for, described for a picker. */
export const FileRegistrationSchema = z.object({
  registrationId: z.number().int(),
  tournamentDate: z.string(),
  competitorNames: z.array(z.string()),
});
export type FileRegistration = z.infer<typeof FileRegistrationSchema>;

/** GET /api/files. */
export const MyFilesSchema = z.object({
  files: z.array(SharedFileSchema),
  registrations: z.array(FileRegistrationSchema),
});
export type MyFiles = z.infer<typeof MyFilesSchema>;

export const SharedFileListSchema = z.array(SharedFileSchema);

export const FileDeletedSchema = z.object({ fileId: z.string() });

/** What a family sees as the sender of a staff share. */
export const STAFF_SENDER = msg('files.staffSender');

// ---- The endpoints (decision 035) ----

export const FILE_API = {
  mine: endpoint({ method: 'get', path: FILE_PATHS.mine, response: MyFilesSchema }),
  upload: endpoint({
    method: 'post',
    path: FILE_PATHS.mine,
    body: CustomerUploadFormSchema,
    bodyType: 'form',
    response: SharedFileSchema,
    status: 201,
  }),
  /** The file as an attachment in its stored type. */
  download: endpoint({
    method: 'get',
    path: FILE_PATHS.file('{fileId}'),
    params: FileIdParamSchema,
    response: { file: 'application/octet-stream' },
  }),
  deleteUpload: endpoint({
    method: 'delete',
    path: FILE_PATHS.file('{fileId}'),
    params: FileIdParamSchema,
    response: FileDeletedSchema,
  }),
  share: endpoint({
    method: 'post',
    path: FILE_PATHS.share,
    body: StaffShareFormSchema,
    bodyType: 'form',
    response: SharedFileSchema,
    status: 201,
  }),
  deleteShare: endpoint({
    method: 'delete',
    path: FILE_PATHS.shared('{fileId}'),
    params: FileIdParamSchema,
    response: FileDeletedSchema,
  }),
  ofRegistration: endpoint({
    method: 'get',
    path: FILE_PATHS.ofRegistration('{registrationId}'),
    params: z.object({ registrationId: IdParam }),
    response: SharedFileListSchema,
  }),
} as const;
