import { and, asc, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import {
  allowedFileType,
  displayFileName,
  DIRECTOR_ROLES,
  downloadFileName,
  FILE_MESSAGES,
  fullName,
  hasAnyRole,
  isStaff,
  MAX_FILE_BYTES,
  STAFF_SENDER,
  type FileRegistration,
  type MyFiles,
  type SharedFile,
  NOT_FOUND_TEXT,
} from '@tournament/shared';
import type { Db, Tx } from '../db/client.ts';
import { competitors, registrations, sharedFiles, tournaments } from '../db/schema.ts';
import type { UploadLimits } from '../config/env.ts';
import type { Caller, Deps } from '../deps.ts';
import { fileStoreFor, isFileKey, newFileKey, type StoredFile } from '../lib/file-store.ts';
import { DomainError, notFound } from '../lib/errors.ts';
import { assertWithinRateLimit } from '../lib/rate-limit.ts';
import { recordAccess } from './access-log.ts';
import { writeAudit } from './audit.ts';
import { staffReachesTournament } from './staff-reach.ts';

// File sharing (decision 025; docs/product.md §1 and §2; docs/decisions/025-file-sharing.md).
// A customer uploads for staff on their own registration; directors share with everyone or
// with one registration. Every read checks the caller against the file: its registration's
// owner, staff within reach (decision 018), or anyone signed in for a share with everyone.
// Anything else answers 404, exactly like a file that does not exist.

type FileRow = typeof sharedFiles.$inferSelect;
type RegistrationRow = typeof registrations.$inferSelect;

const NOT_FOUND = NOT_FOUND_TEXT;

const isDirector = (caller: Caller) => hasAnyRole(caller.roles, DIRECTOR_ROLES);

/** What the service checked of an upload: its display name, real type and bytes. */
interface CheckedUpload {
  name: string;
  contentType: string;
  bytes: Uint8Array;
}

const fieldError = (message: string) => new DomainError('invalid_file', message, 400, { file: message });

/**
 * The upload refusals of decision 025: empty, too large, a path in the name, a type (found in the
 * content, whatever the name says) outside the allow list. Nothing is stored before they pass.
 */
async function checkUpload(file: File): Promise<CheckedUpload> {
  if (file.size === 0) throw fieldError(FILE_MESSAGES.empty);
  if (file.size > MAX_FILE_BYTES) throw new DomainError('too_large', FILE_MESSAGES.tooLarge, 413);
  const name = displayFileName(file.name);
  if (!name.ok) throw fieldError(name.message);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = allowedFileType((await fileTypeFromBuffer(bytes))?.mime);
  if (!type) throw fieldError(FILE_MESSAGES.wrongType);
  return { name: name.name, contentType: type.mime, bytes };
}

// ---- Quotas (docs/decisions/033-upload-quotas-and-dated-door-records.md) ----
// Uploads share DATA_DIR with the embedded database: a full disk would stop both. So a family's
// uploads are capped per registration (files and bytes, UPLOAD_* settings), every account's
// uploads are throttled, and none is taken when the disk would keep less than its floor.

/** Uploads (a family's or a staff share) one account may send in UPLOAD_WINDOW_SECONDS. */
export const UPLOADS_PER_ACCOUNT = 20;
export const UPLOAD_WINDOW_SECONDS = 10 * 60;

/** 429 with Retry-After past UPLOADS_PER_ACCOUNT in the window; counted before the body is looked at. */
function throttleUploads(deps: Deps, caller: Caller): Promise<void> {
  return assertWithinRateLimit(
    deps.database.db,
    `upload:acct:${caller.personId}`,
    UPLOADS_PER_ACCOUNT,
    UPLOAD_WINDOW_SECONDS,
    FILE_MESSAGES.tooManyUploads,
  );
}

/** 422 when `bytes` more would take a registration's family uploads past its quota (staff shares do not count). */
async function assertWithinQuota(db: Db | Tx, limits: UploadLimits, registrationId: number, bytes: number) {
  const [used] = await db
    .select({ files: count(), bytes: sql<string>`coalesce(sum(${sharedFiles.sizeBytes}), 0)` })
    .from(sharedFiles)
    .where(and(eq(sharedFiles.registrationId, registrationId), eq(sharedFiles.kind, 'upload')));
  const files = Number(used?.files ?? 0);
  const usedBytes = Number(used?.bytes ?? 0);
  if (files >= limits.maxFilesPerRegistration) {
    throw new DomainError('upload_quota', FILE_MESSAGES.tooManyFiles(limits.maxFilesPerRegistration), 422);
  }
  if (usedBytes + bytes > limits.maxBytesPerRegistration) {
    throw new DomainError(
      'upload_quota',
      FILE_MESSAGES.registrationFull(limits.maxBytesPerRegistration, usedBytes),
      422,
    );
  }
}

/** 507 when keeping `bytes` more under DATA_DIR would leave its disk under the floor (a bucket has none). */
async function assertDiskRoom(deps: Deps, bytes: number): Promise<void> {
  const free = await fileStoreFor(deps.config).freeBytes();
  if (free !== null && free - bytes < deps.config.uploads.minFreeDiskBytes) {
    throw new DomainError('insufficient_storage', FILE_MESSAGES.diskFull, 507);
  }
}

/** Stores the bytes, then the row (in `record`'s transaction); a failed row removes the bytes. */
async function store(
  deps: Deps,
  upload: CheckedUpload,
  record: (tx: Tx, publicId: string) => Promise<FileRow>,
): Promise<FileRow> {
  const files = fileStoreFor(deps.config);
  const publicId = newFileKey();
  await files.put(publicId, upload.bytes);
  try {
    return await deps.database.db.transaction((tx) => record(tx, publicId));
  } catch (err) {
    await files.remove(publicId);
    throw err;
  }
}

function toSharedFile(row: FileRow, caller: Caller, canDelete: boolean): SharedFile {
  return {
    fileId: row.publicId,
    name: row.displayName,
    contentType: row.contentType,
    size: row.sizeBytes,
    uploadedAt: row.createdAt.toISOString(),
    kind: row.kind,
    registrationId: row.registrationId,
    // A family sees staff shares as the tournament's, not a volunteer's name.
    from: row.kind === 'share' && !isStaff(caller.roles) ? STAFF_SENDER : row.uploadedByName,
    canDelete,
  };
}

/** Whether `caller` may delete `row` (through the route for its kind). */
function mayDelete(caller: Caller, row: FileRow, registration: RegistrationRow | undefined): boolean {
  if (row.kind === 'share') return isDirector(caller);
  return registration?.ownerUserId === caller.personId;
}

async function registrationRow(deps: Deps, id: number): Promise<RegistrationRow | undefined> {
  const [row] = await deps.database.db.select().from(registrations).where(eq(registrations.id, id));
  return row;
}

/** Whether `caller` may read a registration's files: its owner, or staff within reach. */
async function reachesRegistration(
  deps: Deps,
  caller: Caller,
  registration: RegistrationRow,
): Promise<boolean> {
  if (registration.ownerUserId === caller.personId) return true;
  return staffReachesTournament(deps, caller, registration.tournamentId);
}

/** The file `fileId` and its registration, if `caller` may read it; else 404. */
async function readableFile(
  deps: Deps,
  caller: Caller,
  fileId: string,
): Promise<{ row: FileRow; registration: RegistrationRow | undefined }> {
  // Any other text names no file, and may hold what the database cannot even compare (a NUL).
  if (!isFileKey(fileId)) throw notFound(NOT_FOUND);
  const [row] = await deps.database.db.select().from(sharedFiles).where(eq(sharedFiles.publicId, fileId));
  if (!row) throw notFound(NOT_FOUND);
  if (row.registrationId === null) return { row, registration: undefined }; // shared with everyone
  const registration = await registrationRow(deps, row.registrationId);
  if (!registration || !(await reachesRegistration(deps, caller, registration))) throw notFound(NOT_FOUND);
  return { row, registration };
}

/** The caller's registrations, newest tournament first, described for the upload form. */
async function ownRegistrations(deps: Deps, caller: Caller): Promise<FileRegistration[]> {
  const db = deps.database.db;
  const rows = await db
    .select({ id: registrations.id, tournamentDate: tournaments.tournamentDate })
    .from(registrations)
    .innerJoin(tournaments, eq(tournaments.id, registrations.tournamentId))
    .where(eq(registrations.ownerUserId, caller.personId))
    .orderBy(desc(tournaments.tournamentDate), desc(registrations.id));
  if (rows.length === 0) return [];
  const kids = await db
    .select({
      registrationId: competitors.registrationId,
      firstName: competitors.firstName,
      lastName: competitors.lastName,
    })
    .from(competitors)
    .where(
      inArray(
        competitors.registrationId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(competitors.id));
  return rows.map((r) => ({
    registrationId: r.id,
    tournamentDate: r.tournamentDate,
    competitorNames: kids
      .filter((k) => k.registrationId === r.id)
      .map((k) => fullName(k.firstName, k.lastName)),
  }));
}

/**
 * GET /api/files: what the caller's family sees (the customer area is one's own, decision
 * 018, so staff see theirs too): shares with everyone, and every file of their registrations.
 */
export async function listMyFiles(deps: Deps, caller: Caller): Promise<MyFiles> {
  const regs = await ownRegistrations(deps, caller);
  const ids = regs.map((r) => r.registrationId);
  const rows = await deps.database.db
    .select()
    .from(sharedFiles)
    .where(
      or(
        and(eq(sharedFiles.kind, 'share'), isNull(sharedFiles.registrationId)),
        ids.length ? inArray(sharedFiles.registrationId, ids) : undefined,
      ),
    )
    .orderBy(desc(sharedFiles.createdAt), desc(sharedFiles.id));
  return {
    files: rows.map((row) =>
      toSharedFile(
        row,
        caller,
        row.kind === 'share' ? isDirector(caller) : ids.includes(row.registrationId ?? 0),
      ),
    ),
    registrations: regs,
  };
}

/** POST /api/files: a customer's file for staff, on one of their own registrations. */
export async function uploadForStaff(
  deps: Deps,
  caller: Caller,
  input: { file: File; registrationId: number },
): Promise<SharedFile> {
  await throttleUploads(deps, caller);
  const registration = await registrationRow(deps, input.registrationId);
  if (!registration || registration.ownerUserId !== caller.personId) throw notFound(NOT_FOUND);
  const upload = await checkUpload(input.file);
  const limits = deps.config.uploads;
  const size = upload.bytes.byteLength;
  // Checked before the bytes are written, and again under the registration's lock with the row:
  // two uploads at once cannot both take the last place.
  await assertWithinQuota(deps.database.db, limits, registration.id, size);
  await assertDiskRoom(deps, size);
  const row = await store(deps, upload, async (tx, publicId) => {
    await tx
      .select({ id: registrations.id })
      .from(registrations)
      .where(eq(registrations.id, registration.id))
      .for('update');
    await assertWithinQuota(tx, limits, registration.id, size);
    const [inserted] = await tx
      .insert(sharedFiles)
      .values({
        publicId,
        kind: 'upload',
        registrationId: registration.id,
        uploadedByUserId: caller.personId,
        uploadedByName: caller.displayName,
        displayName: upload.name,
        contentType: upload.contentType,
        sizeBytes: upload.bytes.byteLength,
        createdAt: deps.now(),
      })
      .returning();
    return inserted!;
  });
  return toSharedFile(row, caller, true);
}

const auditView = (row: FileRow) => ({
  fileId: row.publicId,
  name: row.displayName,
  kind: row.kind,
  registrationId: row.registrationId,
  contentType: row.contentType,
  size: row.sizeBytes,
});

/** POST /api/admin/files (directors): a file for everyone, or for one registration. Audited. */
export async function shareFile(
  deps: Deps,
  caller: Caller,
  input: { file: File; registrationId?: number | undefined },
): Promise<SharedFile> {
  await throttleUploads(deps, caller);
  if (input.registrationId !== undefined) {
    const registration = await registrationRow(deps, input.registrationId);
    if (!registration || !(await reachesRegistration(deps, caller, registration))) throw notFound(NOT_FOUND);
  }
  const upload = await checkUpload(input.file);
  await assertDiskRoom(deps, upload.bytes.byteLength);
  const row = await store(deps, upload, async (tx, publicId) => {
    const [inserted] = await tx
      .insert(sharedFiles)
      .values({
        publicId,
        kind: 'share',
        registrationId: input.registrationId ?? null,
        uploadedByUserId: caller.personId,
        uploadedByName: caller.displayName,
        displayName: upload.name,
        contentType: upload.contentType,
        sizeBytes: upload.bytes.byteLength,
        createdAt: deps.now(),
      })
      .returning();
    await writeAudit(
      tx,
      caller,
      {
        entity: 'sharedFile',
        entityId: inserted!.id,
        action: 'create',
        before: null,
        after: auditView(inserted!),
      },
      deps.now(),
    );
    return inserted!;
  });
  return toSharedFile(row, caller, true);
}

export interface FileDownload {
  body: StoredFile['body'];
  size: number;
  contentType: string;
  /** The name to download under (display name with its real type's extension). */
  filename: string;
}

/**
 * GET /api/files/{fileId}: the bytes, if the caller may read the file. A staff member opening
 * a family's upload (a waiver, a medical form) is recorded in the audit log, like a CSV export.
 */
export async function openFile(deps: Deps, caller: Caller, fileId: string): Promise<FileDownload> {
  const { row, registration } = await readableFile(deps, caller, fileId);
  const stored = await fileStoreFor(deps.config).open(row.publicId);
  if (!stored) throw notFound(NOT_FOUND);
  if (row.kind === 'upload' && registration && registration.ownerUserId !== caller.personId) {
    await writeAudit(
      deps.database.db,
      caller,
      { entity: 'sharedFile', entityId: row.id, action: 'export', before: null, after: auditView(row) },
      deps.now(),
    );
    // Decision 045: a staff download of a family's file, in the access log.
    await recordAccess(
      deps.database.db,
      caller,
      [
        {
          kind: 'file',
          familyUserId: registration.ownerUserId,
          registrationId: registration.id,
          detail: `file ${row.publicId}`,
        },
      ],
      deps.now(),
    );
  }
  return {
    body: stored.body,
    size: stored.size,
    contentType: row.contentType,
    filename: downloadFileName(row.displayName, row.contentType),
  };
}

/** Deletes the row (audited when staff remove a share), then the bytes. */
async function remove(deps: Deps, caller: Caller, row: FileRow): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    const [gone] = await tx.delete(sharedFiles).where(eq(sharedFiles.id, row.id)).returning();
    if (!gone) throw notFound(NOT_FOUND); // removed meanwhile by someone else
    if (row.kind === 'share') {
      await writeAudit(
        tx,
        caller,
        { entity: 'sharedFile', entityId: row.id, action: 'delete', before: auditView(row), after: null },
        deps.now(),
      );
    }
  });
  await fileStoreFor(deps.config).remove(row.publicId);
}

/** DELETE /api/files/{fileId}: a family deletes its own upload. Anything else: 404. */
export async function deleteOwnUpload(deps: Deps, caller: Caller, fileId: string): Promise<void> {
  const { row, registration } = await readableFile(deps, caller, fileId);
  if (row.kind !== 'upload' || !mayDelete(caller, row, registration)) throw notFound(NOT_FOUND);
  await remove(deps, caller, row);
}

/** DELETE /api/admin/files/{fileId} (directors): removes a staff share. A family's upload: 404. */
export async function deleteShare(deps: Deps, caller: Caller, fileId: string): Promise<void> {
  const { row, registration } = await readableFile(deps, caller, fileId);
  if (row.kind !== 'share' || !mayDelete(caller, row, registration)) throw notFound(NOT_FOUND);
  await remove(deps, caller, row);
}

/** GET /api/admin/registrations/{id}/files (staff): the registration's files, for its desk page. */
export async function registrationFiles(
  deps: Deps,
  caller: Caller,
  registrationId: number,
): Promise<SharedFile[]> {
  const registration = await registrationRow(deps, registrationId);
  if (!registration || !(await reachesRegistration(deps, caller, registration))) throw notFound(NOT_FOUND);
  const rows = await deps.database.db
    .select()
    .from(sharedFiles)
    .where(eq(sharedFiles.registrationId, registrationId))
    .orderBy(desc(sharedFiles.createdAt), desc(sharedFiles.id));
  return rows.map((row) => toSharedFile(row, caller, mayDelete(caller, row, registration)));
}
