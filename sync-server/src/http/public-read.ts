import { createHash, randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler, TypedResponse } from 'hono';

// Public reads served as bodies serialized once (issue 18; decision 020). The services return
// the same object until the read cache (lib/cache.ts) drops it on a change, so the JSON text
// and its ETag are kept per object: a change brings a new object, hence a new body and ETag,
// here and on every server the invalidation reaches.

export interface SerializedBody {
  body: string;
  etag: string;
}

const serialized = new WeakMap<object, SerializedBody>();

/** `value`'s JSON text and a strong ETag of it, computed once per cached object. */
export function serializeOnce(value: object): SerializedBody {
  let hit = serialized.get(value);
  if (!hit) {
    const body = JSON.stringify(value);
    hit = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
    serialized.set(value, hit);
  }
  return hit;
}

/** Whether an If-None-Match header names `etag` (weak comparison, RFC 9110 section 13.1.2). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * The answer to a public read: 304 when the browser holds this version, else the kept body.
 * `no-cache`: a browser may keep it but asks each time (the answer changes when settings do).
 * Typed as the route's JSON answer: the body is `value`'s JSON, as `c.json(value)` would send.
 */
export function sendPublicRead<T extends object>(
  c: Context,
  value: T,
): Response & TypedResponse<T, 200, 'json'> {
  const { body, etag } = serializeOnce(value);
  const headers = { ETag: etag, 'Cache-Control': 'no-cache' };
  const res = matchesEtag(c.req.header('If-None-Match'), etag)
    ? c.body(null, 304, headers)
    : c.body(body, 200, { ...headers, 'Content-Type': 'application/json' });
  return res as unknown as Response & TypedResponse<T, 200, 'json'>;
}

/**
 * Headers a public read sets itself, or that belong to one answer only (a cookie, a date);
 * every other header of the full chain's answer is kept as is.
 */
const OWN_HEADERS = new Set([
  'etag',
  'cache-control',
  'content-type',
  'content-length',
  'x-request-id',
  'set-cookie',
  'date',
]);
const REQUEST_ID = /^[\w\-=]{1,255}$/;

/**
 * A visitor's public read, answered without the /api middleware chain (issue 18; decision 020).
 * It has no caller to find (no Authorization, no UserContext: a read carrying either goes
 * through the chain exactly as before), no body to limit and nothing to
 * store, so the chain's work comes down to its headers and its log line. The first answer
 * goes through the chain and its headers (CSP, HSTS, nosniff, frame options, ...) are kept and
 * sent from then on, so both ways answer with the same headers; the request id and the log
 * line (lib/request-log.ts) are made here. A load that fails goes through the chain, whose
 * error handler answers it.
 */
export function visitorPublicRead(
  load: () => Promise<object>,
  log: (entry: { requestId: string; method: string; path: string; status: number; ms: number }) => void,
  /** What the chain also does for every request before answering (the X-Forwarded-For warning). */
  onRequest: (c: Context) => void = () => undefined,
): MiddlewareHandler {
  let chainHeaders: Record<string, string> | undefined;
  return async (c, next) => {
    const header = incomingHeader(c);
    if (
      !chainHeaders ||
      header('authorization') !== undefined ||
      header('usercontext') !== undefined
    ) {
      await next();
      if (!chainHeaders && c.res.status === 200) {
        const kept: Record<string, string> = {};
        c.res.headers.forEach((value, name) => {
          if (!OWN_HEADERS.has(name)) kept[name] = value;
        });
        chainHeaders = kept;
      }
      return;
    }
    const started = performance.now();
    onRequest(c);
    let value: object;
    try {
      value = await load();
    } catch {
      return next();
    }
    const sent = header('x-request-id');
    const requestId = sent && REQUEST_ID.test(sent) ? sent : randomUUID();
    const { body, etag } = serializeOnce(value);
    const fresh = matchesEtag(header('if-none-match'), etag);
    const status = fresh ? 304 : 200;
    const headers: Record<string, string> = {
      ...chainHeaders,
      'x-request-id': requestId,
      etag,
      'cache-control': 'no-cache',
    };
    if (!fresh) headers['content-type'] = 'application/json';
    log({
      requestId,
      method: c.req.method,
      path: c.req.path,
      status,
      ms: Math.round(performance.now() - started),
    });
    return new Response(fresh ? null : body, { status, headers });
  };
}

/**
 * Reads a request header (lower-case name). On Node, from the incoming message's own header
 * object: `c.req.header()` builds a whole Headers object from the raw headers on first use,
 * which costs a visitor's read more than everything else it does.
 */
function incomingHeader(c: Context): (name: string) => string | undefined {
  const env = c.env as { incoming?: { headers?: Record<string, string | string[] | undefined> } } | undefined;
  const incoming = env?.incoming?.headers;
  if (!incoming) return (name) => c.req.header(name);
  return (name) => {
    const value = incoming[name];
    return Array.isArray(value) ? value.join(', ') : value;
  };
}
