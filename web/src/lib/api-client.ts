import { errorText } from '@shared/contract/error-text.ts';
import { getImpersonatedUserId } from './impersonation.ts';
import { forceLogout, getSession } from './session.ts';

/** A non-OK answer; `message` is the SPEC.md section 8 text a user sees. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, body: unknown) {
    super(errorText(status, body));
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
  /** Field errors of a 400 answer (`{errors:{field:message}}`), if any. */
  get fieldErrors(): Record<string, string> {
    const b = this.body as { errors?: unknown } | null;
    return b && typeof b.errors === 'object' && b.errors ? (b.errors as Record<string, string>) : {};
  }
}

let onSignedOut: () => void = () => window.location.assign('/');

/** The app tells the client how to navigate to `/` after a forced logout (router navigation). */
export function setSignedOutHandler(handler: () => void): void {
  onSignedOut = handler;
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function request<T>(
  method: string,
  path: string,
  body?: unknown,
  as: 'json' | 'blob' = 'json',
): Promise<T> {
  // No custom header for a visitor's GET, so it can use the reads public/boot.js preloads.
  const headers: Record<string, string> = {};
  const session = getSession();
  if (session) headers.Authorization = `Bearer ${session.token}`;
  const impersonated = getImpersonatedUserId();
  if (impersonated !== null) headers.UserContext = String(impersonated);
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let res: Response;
  try {
    res = await fetch(path, { method, headers, body: payload });
  } catch {
    // Network failure: no status at all; 0 keeps the section 8 wording.
    throw new ApiError(0, undefined);
  }
  if (res.ok && as === 'blob') return (await res.blob()) as T;
  const data = await readBody(res);
  if (!res.ok) {
    // SPEC.md section 4: a 401 or 403 while signed in forces logout.
    if ((res.status === 401 || res.status === 403) && session) {
      void forceLogout();
      onSignedOut();
    }
    throw new ApiError(res.status, data);
  }
  return data as T;
}

/** The one /api client (STYLE.md "Errors"). */
export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body),
  del: <T>(path: string, body?: unknown) => request<T>('DELETE', path, body),
  /** A file download (e.g. a CSV export) with the same token, header and error handling. */
  getBlob: (path: string) => request<Blob>('GET', path, undefined, 'blob'),
};
