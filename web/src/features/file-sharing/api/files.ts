import { FILE_API as F, type SharedFile } from '@shared/contract/files.ts';
import { downloadFileName } from '@shared/domain/files.ts';
import { api } from '@web/lib/api-client.ts';
import { invalidateQueries, useQuery } from '@web/lib/use-query.ts';

// File sharing calls (docs/decisions/025-file-sharing.md).

const KEY = 'files:';

export function useMyFiles() {
  return useQuery(`${KEY}mine`, () => api.call(F.mine));
}

/** A registration's files, for its desk page (staff). */
export function useRegistrationFiles(registrationId: number) {
  return useQuery(`${KEY}registration:${registrationId}`, () =>
    api.call(F.ofRegistration, { params: { registrationId } }),
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
  api.call(F.upload, { body: formOf(file, registrationId) });

/** Staff share: with one registration, or (no id) with everyone. */
export const shareFile = (file: File, registrationId?: number) =>
  api.call(F.share, { body: formOf(file, registrationId) });

/** Deletes through the route for the file's kind: a family's own upload, or a staff share. */
export const deleteFile = (file: SharedFile) =>
  api.call(file.kind === 'share' ? F.deleteShare : F.deleteUpload, { params: { fileId: file.fileId } });

/** Fetched with the bearer token (a bare link carries none) and saved under its download name. */
export async function downloadFile(file: SharedFile): Promise<void> {
  const blob = await api.call(F.download, { params: { fileId: file.fileId } });
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
