import {
  FILE_PATHS as P,
  FileDeletedSchema,
  MyFilesSchema,
  SharedFileListSchema,
  SharedFileSchema,
  type SharedFile,
} from '@shared/contract/files.ts';
import { downloadFileName } from '@shared/domain/files.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateQueries, useQuery } from '../../../lib/use-query.ts';

// File sharing calls (docs/decisions/025-file-sharing.md).

const KEY = 'files:';

export function useMyFiles() {
  return useQuery(`${KEY}mine`, () => api.get(P.mine, MyFilesSchema));
}

/** A registration's files, for its desk page (staff). */
export function useRegistrationFiles(registrationId: number) {
  return useQuery(`${KEY}registration:${registrationId}`, () =>
    api.get(P.ofRegistration(registrationId), SharedFileListSchema),
  );
}

export function invalidateFiles(): void {
  invalidateQueries(KEY);
}

function formOf(file: File, registrationId: number | undefined): FormData {
  const form = new FormData();
  form.set('file', file);
  if (registrationId !== undefined) form.set('registrationId', String(registrationId));
  return form;
}

/** A family's file for staff, on one of its registrations. */
export const uploadForStaff = (file: File, registrationId: number) =>
  api.post(P.mine, formOf(file, registrationId), SharedFileSchema);

/** Staff share: with one registration, or (no id) with everyone. */
export const shareFile = (file: File, registrationId?: number) =>
  api.post(P.share, formOf(file, registrationId), SharedFileSchema);

/** Deletes through the route for the file's kind: a family's own upload, or a staff share. */
export const deleteFile = (file: SharedFile) =>
  api.del(file.kind === 'share' ? P.shared(file.fileId) : P.file(file.fileId), undefined, FileDeletedSchema);

/** Fetched with the bearer token (a bare link carries none) and saved under its download name. */
export async function downloadFile(file: SharedFile): Promise<void> {
  const blob = await api.getBlob(P.file(file.fileId));
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = downloadFileName(file.name, file.contentType);
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}
