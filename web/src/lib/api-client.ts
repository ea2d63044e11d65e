import {
  answersFile,
  urlOf,
  type AnswerOf,
  type CallArgs,
  type Endpoint,
} from '@shared/contract/endpoint.ts';
import { errorText } from '@shared/contract/error-text.ts';
import { msg } from '@shared/i18n/message-ref.ts';
import { getImpersonatedUserId } from './impersonation.ts';
import { tm } from './i18n.tsx';
import { isKeptRead, keepOnDevice, keptOnDevice } from './offline-cache.ts';
import { forceLogout, getSession } from './session.ts';

/** A non-OK answer; `message` is the docs/product.md §8 text a user sees, in the page's language. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, body: unknown) {
    super(errorText(status, body, tm));
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
  /** Field errors of a 400 answer (`{errors:{field:message}}`), if any. */
  get fieldErrors(): Record<string, string> {
    const b = this.body as { errors?: unknown } | null;
    if (!b || typeof b.errors !== 'object' || !b.errors) return {};
    return Object.fromEntries(
      Object.entries(b.errors as Record<string, unknown>).map(([k, v]) => [
        k,
        typeof v === 'string' ? tm(v) : v,
      ]),
    ) as Record<string, string>;
  }
}

/** The calm text of a request that got no answer (offline is not an error): a message reference, shown with tm(). */
export const OFFLINE_TEXT = msg('error.offline');

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

/**
 * What an answer is parsed with: a zod schema from shared/contract (decision 019), so a screen
 * gets the contract's type because the answer was checked, never because it was asserted.
 */
export interface AnswerSchema<T> {
  parse(data: unknown): T;
}

/**
 * An OK answer that does not match the contract's schema (a server and a web app of
 * different releases, say). Shown as the generic section 8 text with the status; the
 * schema's complaint is the `cause`, for the console.
 */
export class UnexpectedAnswerError extends ApiError {
  constructor(status: number, cause: unknown) {
    super(status, undefined);
    this.name = 'UnexpectedAnswerError';
    this.cause = cause;
  }
}

/**
 * A schema, or a loader of one: first-paint code passes `() => import(...)` so zod and the
 * contract's schemas load with the answer instead of in the page's first chunk (decision 020).
 */
export type SchemaArg<T> = AnswerSchema<T> | (() => Promise<AnswerSchema<T>>);

function parsed<T>(status: number, data: unknown, schema: AnswerSchema<T> | undefined): T {
  if (!schema) return data as T;
  try {
    return schema.parse(data);
  } catch (err) {
    throw new UnexpectedAnswerError(status, err);
  }
}

async function request<T>(
  method: string,
  path: string,
  body?: unknown,
  schemaArg?: SchemaArg<T>,
  as: 'json' | 'blob' = 'json',
): Promise<T> {
  // A lazy schema loads while the request is in flight.
  const schemaReady = typeof schemaArg === 'function' ? schemaArg() : Promise.resolve(schemaArg);
  // Nothing waits on it before the answer: a failed load must not go unhandled meanwhile.
  schemaReady.catch(() => undefined);
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

  // A POST that creates something carries an Idempotency-Key, and is sent again with the same
  // key when it got no answer or the server was briefly away: the server answers a retry with
  // the first answer, so a dropped connection never pays or registers twice. (A file upload is
  // not: its multipart body differs on every send.)
  const idempotent = method === 'POST' && !(body instanceof FormData);
  if (idempotent) headers['Idempotency-Key'] = newIdempotencyKey();
  let res: Response | undefined;
  for (let attempt = 0; ; attempt++) {
    try {
      res = await fetch(path, { method, headers, body: payload });
    } catch {
      res = undefined;
    }
    const pauseMs = POST_RETRY_PAUSES_MS[attempt];
    const worthRetrying =
      res === undefined
        ? typeof navigator === 'undefined' || navigator.onLine
        : RETRIED_STATUSES.has(res.status);
    if (!idempotent || pauseMs === undefined || !worthRetrying) break;
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  if (!res) {
    // No answer at all: the device is offline, not a docs/product.md §8 error. A
    // read kept on the device answers with its last good copy.
    const kept = method === 'GET' && isKeptRead(path) ? keptOnDevice<unknown>(path) : undefined;
    if (kept) return parsed(200, kept.data, await schemaReady);
    throw new OfflineError();
  }
  if (res.ok && as === 'blob') return (await res.blob()) as T;
  const data = await readBody(res);
  if (!res.ok) {
    // docs/product.md §4: a 401 or 403 while signed in forces logout.
    if ((res.status === 401 || res.status === 403) && session) {
      void forceLogout();
      onSignedOut();
    }
    throw new ApiError(res.status, data);
  }
  const answer = parsed(res.status, data, await schemaReady);
  if (method === 'GET' && isKeptRead(path)) keepOnDevice(path, data);
  return answer;
}

/** Pauses before a POST is sent again (see `request`): two more tries within about 4 s. */
export const POST_RETRY_PAUSES_MS = [1000, 3000];
/** A server restarting, its database away, a proxy without its upstream. */
const RETRIED_STATUSES = new Set([502, 503, 504]);

/**
 * A random key for one action. `crypto.randomUUID` exists only on secure pages, and a venue
 * may serve the app over plain http on its own network; `getRandomValues` works on both.
 */
function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function call(method: string) {
  function send<T>(path: string, body: unknown, schema: AnswerSchema<T>): Promise<T>;
  function send(path: string, body?: unknown): Promise<unknown>;
  function send<T>(path: string, body?: unknown, schema?: AnswerSchema<T>): Promise<T | unknown> {
    return request(method, path, body, schema);
  }
  return send;
}

function get<T>(path: string, schema: SchemaArg<T>): Promise<T>;
function get(path: string): Promise<unknown>;
function get<T>(path: string, schema?: SchemaArg<T>): Promise<T | unknown> {
  return request('GET', path, undefined, schema);
}

/** `[args]`, optional when the endpoint needs none of params, query or body. */
type ArgsOf<E extends Endpoint> =
  Record<never, never> extends CallArgs<E> ? [args?: CallArgs<E>] : [args: CallArgs<E>];

/**
 * Calls an endpoint of the contract (shared/src/contract/<area>.ts; decision 035): the URL is
 * built from its path and `params`/`query`, `body` is sent, and the answer is parsed with its
 * response schema (a file answer comes back as a Blob).
 */
function callEndpoint<E extends Endpoint>(entry: E, ...[args]: ArgsOf<E>): Promise<AnswerOf<E>> {
  const a = (args ?? {}) as { params?: object; query?: object; body?: unknown };
  const url = urlOf(entry, a.params, a.query);
  const method = entry.method.toUpperCase();
  if (answersFile(entry)) return request<AnswerOf<E>>(method, url, a.body, undefined, 'blob');
  return request(method, url, a.body, entry.response as AnswerSchema<AnswerOf<E>>);
}

/**
 * The one /api client (docs/style.md §3). `api.call(ENTRY, { params, query, body })` calls
 * an endpoint of the contract (decision 035). The older `get`/`post`/... remain for the
 * first-paint reads whose schemas load lazily (decision 020). Paths come from shared/contract (`PUBLIC_PATHS`,
 * `REGISTRATION_PATHS.get(id)`, ...) and an answer is parsed with the contract's schema
 * (decision 019): the answer's type comes from the schema that checked it. Without a schema the
 * answer is `unknown` (a removal whose answer nobody reads).
 */
export const api = {
  call: callEndpoint,
  get,
  post: call('POST'),
  put: call('PUT'),
  del: call('DELETE'),
  /** A file download (e.g. a CSV export) with the same token, header and error handling. */
  getBlob: (path: string) => request<Blob>('GET', path, undefined, undefined, 'blob'),
};
