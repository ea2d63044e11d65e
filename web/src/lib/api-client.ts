import { errorText } from '@shared/contract/error-text.ts';
import { getImpersonatedUserId } from './impersonation.ts';
import { isKeptRead, keepOnDevice, keptOnDevice } from './offline-cache.ts';
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

/** The calm text of a request that got no answer (issue 12 section 5: offline is not an error). */
export const OFFLINE_TEXT = 'You are offline. This needs a connection: try again when the network is back.';

/**
 * A request that got no answer at all (the fetch threw: offline, or the server unreachable).
 * Status 0 so callers treating every failure as an `ApiError` still do; `isOfflineError`
 * (lib/offline.ts) tells it apart from an answer with a status.
 */
export class OfflineError extends ApiError {
  constructor() {
    super(0, { message: OFFLINE_TEXT });
    this.name = 'OfflineError';
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
    // No answer at all: the device is offline (issue 12 section 5), not a section 8 error. A
    // read kept on the device answers with its last good copy.
    const kept = method === 'GET' && isKeptRead(path) ? keptOnDevice<T>(path) : undefined;
    if (kept) return kept.data;
    throw new OfflineError();
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
  if (method === 'GET' && isKeptRead(path)) keepOnDevice(path, data);
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
