// File sharing (docs/decisions/025-file-sharing.md): what may be uploaded, and the
// name a file is shown and downloaded under. The server decides the type from the bytes
// (`file-type`); these rules are the same on the device, so a parent hears "too large" or
// "not a PDF or a photo" before waiting for an upload.

import { msg } from '../i18n/message-ref.ts';

/** 10 MB: a scanned waiver or a phone photo of a medical form fits; a video does not. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
/** Longer display names are refused rather than cut, so two files never end up looking alike. */
export const MAX_FILE_NAME_LENGTH = 200;

/** The types accepted, by the type found in the file's content (never by its name). */
export const ALLOWED_FILE_TYPES = [
  { mime: 'application/pdf', extensions: ['pdf'] },
  { mime: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
  { mime: 'image/png', extensions: ['png'] },
  { mime: 'image/webp', extensions: ['webp'] },
  // iPhone photos; most browsers convert them to JPEG on upload, some send them as they are.
  { mime: 'image/heic', extensions: ['heic'] },
  { mime: 'image/heif', extensions: ['heif'] },
] as const;
/** The `accept` attribute of a file input: the allowed extensions and types. */
export const FILE_INPUT_ACCEPT = ALLOWED_FILE_TYPES.flatMap((t) => [
  ...t.extensions.map((e) => `.${e}`),
  t.mime,
]).join(',');

export const FILE_MESSAGES = {
  empty: msg('file.empty'),
  tooLarge: msg('file.tooLarge'),
  wrongType: msg('file.wrongType'),
  pathInName: msg('file.pathInName'),
  badName: msg('file.badName'),
  longName: msg('file.longName', { max: MAX_FILE_NAME_LENGTH }),
  missing: msg('file.missing'),
  chooseRegistration: msg('file.chooseRegistration'),
  // Quotas (docs/decisions/033-upload-quotas-and-dated-door-records.md): said so a parent knows
  // what to do next, since the server decides them.
  tooManyFiles: (max: number) => msg('file.tooManyFiles', { max }),
  registrationFull: (max: number, used: number) =>
    msg('file.registrationFull', { max: fileSizeRef(max), used: fileSizeRef(used) }),
  tooManyUploads: (retryAfterSeconds: number) =>
    msg('file.tooManyUploads', { minutes: Math.max(1, Math.ceil(retryAfterSeconds / 60)) }),
  diskFull: msg('file.diskFull'),
} as const;

/** The allowed type whose mime is `mime`, if any. */
export function allowedFileType(mime: string | undefined) {
  return ALLOWED_FILE_TYPES.find((t) => t.mime === mime);
}

// Control characters, and the invisible direction marks that make "fdp.exe" read as "exe.pdf".
// eslint-disable-next-line no-control-regex
const FORBIDDEN_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

export type DisplayNameResult = { ok: true; name: string } | { ok: false; message: string };

/**
 * The name a file is shown under, from the name it came with. A folder path in it ("a/b.pdf",
 * "..\\x.pdf", "../../x.pdf") is refused, not stripped: a browser sends only a file's own name,
 * so a path means a hand-made request, and saying so beats silently keeping half of it.
 */
export function displayFileName(raw: string): DisplayNameResult {
  const name = raw.normalize('NFC').trim();
  if (/[/\\]/.test(name) || name === '.' || name === '..')
    return { ok: false, message: FILE_MESSAGES.pathInName };
  if (FORBIDDEN_CHARACTERS.test(name)) return { ok: false, message: FILE_MESSAGES.badName };
  if ([...name].length > MAX_FILE_NAME_LENGTH) return { ok: false, message: FILE_MESSAGES.longName };
  return { ok: true, name: name || 'file' };
}

/**
 * The name a file downloads under: its display name ending in an extension of its real type,
 * so the family's or staff member's computer opens it with the right program ("scan.pdf" that
 * is really a JPEG downloads as "scan.jpg").
 */
export function downloadFileName(displayName: string, mime: string): string {
  const type = allowedFileType(mime);
  if (!type) return displayName;
  const dot = displayName.lastIndexOf('.');
  const ext = dot > 0 ? displayName.slice(dot + 1).toLowerCase() : '';
  if ((type.extensions as readonly string[]).includes(ext)) return displayName;
  const base = dot > 0 && /^[A-Za-z0-9]{1,5}$/.test(ext) ? displayName.slice(0, dot) : displayName;
  return `${base}.${type.extensions[0]}`;
}

/** "2.4 MB", "120 KB": a file's size as a person reads it. */
/** A size as `formatFileSize` writes it, as a message reference: "1.5 MB", "1,5 Mo" in French. */
function fileSizeRef(bytes: number): string {
  if (bytes >= 1024 * 1024) return msg('file.sizeMb', { size: Number((bytes / (1024 * 1024)).toFixed(1)) });
  return msg('file.sizeKb', { size: Math.max(1, Math.round(bytes / 1024)) });
}

export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
