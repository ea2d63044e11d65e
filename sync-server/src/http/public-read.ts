import { createHash, randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler, TypedResponse } from 'hono';

// Public reads served as bodies serialized once (decision 020). The services return
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

/** A cached public read as the visitor's read needs it (services/tournaments.ts, site-settings.ts). */
export interface PublicRead {
  /** The cached value, without waiting; undefined while it loads or once a change dropped it. */
  peek: () => object | undefined;
  /** The value, loaded when the cache does not hold it. */
  load: () => Promise<object>;
}

type RequestHeader = (name: string) => string | undefined;

export interface VisitorReadLog {
  requestId: string;
  method: string;
  path: string;
  status: number;
  ms: number;
}

/**
 * A visitor's public reads, answered without the /api middleware chain (decision 020).
 * Such a read has no caller to find (no Authorization, no UserContext: a read carrying either
 * goes through the chain exactly as before), no body to limit and nothing to store, so the
 * chain's work comes down to its headers and its log line. The first answer per path goes
 * through the chain and its headers (CSP, HSTS, nosniff, frame options, ...) are kept and sent
 * from then on, so both ways answer with the same headers; the request id and the log line
 * (lib/request-log.ts) are made here.
 *
 * Two ways in, one answer (`answer` below):
 * - `ahead`, wrapped around the app's fetch before Hono's router: with the cache warm it
 *   returns the Response itself, not a Promise. Hono would otherwise compose every `app.use`
 *   handler matching the path and answer through a Promise, and @hono/node-server writes an
 *   awaited Response the slow way; a Response returned synchronously with a string body is
 *   written at once. Anything it does not answer (cold cache, a caller, another path or
 *   method, the chain's headers not yet known) goes to the app as before.
 * - `middleware(path)`, registered first on the app for the path: the same answer once the
 *   load has settled (a cold cache), and the capture of the chain's headers. A load that fails
 *   goes through the chain, whose error handler answers it.
 */
export function visitorPublicReads(
  reads: Readonly<Record<string, PublicRead>>,
  log: (entry: VisitorReadLog) => void,
  /** What the chain also does for every request before answering (the X-Forwarded-For warning). */
  onRequest: (header: RequestHeader) => void = () => undefined,
) {
  const chainHeaders = new Map<string, AnswerHeaders>();

  const answer = (
    path: string,
    method: string,
    header: RequestHeader,
    value: object,
    started: number,
    headersOfChain: AnswerHeaders,
  ): Response => {
    const sent = header('x-request-id');
    const requestId = sent && REQUEST_ID.test(sent) ? sent : randomUUID();
    const { body, etag } = serializeOnce(value);
    const fresh = matchesEtag(header('if-none-match'), etag);
    const status = fresh ? 304 : 200;
    // A copy of a whole answer's headers with two values set: an object of the same keys each
    // time (a spread then new keys made a slow object per request: 1.7 KB of garbage each).
    const headers = { ...(fresh ? headersOfChain.notModified : headersOfChain.ok) };
    headers['x-request-id'] = requestId;
    headers.etag = etag;
    log({ requestId, method, path, status, ms: Math.round(performance.now() - started) });
    // HEAD: the GET's status and headers without the body, as Hono answers HEAD on a GET route.
    return new Response(fresh || method === 'HEAD' ? null : body, { status, headers });
  };

  return {
    paths: Object.keys(reads),

    /**
     * The synchronous answer to a visitor's read when the cache holds it, else undefined.
     * `getPath` is the app's own (`app.getPath`), so a path is answered here only when Hono's
     * router would have matched it to the read's route.
     */
    ahead(request: Request, env: unknown, getPath: (request: Request, options: { env: unknown }) => string) {
      const method = request.method;
      if (method !== 'GET' && method !== 'HEAD') return undefined;
      const path = getPath(request, { env });
      const read = reads[path];
      const headersOfChain = chainHeaders.get(path);
      if (!read || !headersOfChain) return undefined;
      const header = requestHeader(request, env);
      if (!isVisitor(header)) return undefined;
      const started = performance.now();
      const value = read.peek();
      if (value === undefined) return undefined;
      onRequest(header);
      return answer(path, method, header, value, started, headersOfChain);
    },

    middleware(path: string): MiddlewareHandler {
      const read = reads[path];
      if (!read) throw new Error(`no public read for ${path}`);
      return async (c, next) => {
        const header = requestHeader(c.req.raw, c.env);
        const headersOfChain = chainHeaders.get(path);
        if (!headersOfChain || !isVisitor(header)) {
          await next();
          if (!chainHeaders.has(path) && c.res.status === 200) {
            const kept: Record<string, string> = {};
            c.res.headers.forEach((value, name) => {
              if (!OWN_HEADERS.has(name)) kept[name] = value;
            });
            chainHeaders.set(path, answerHeaders(kept));
          }
          return;
        }
        const started = performance.now();
        onRequest(header);
        let value: object;
        try {
          value = await read.load();
        } catch {
          return next();
        }
        return answer(c.req.path, c.req.method, header, value, started, headersOfChain);
      };
    },
  };
}

/** Every header of a visitor's read, the chain's first and ours after, in the order sent. */
interface AnswerHeaders {
  ok: Record<string, string>;
  notModified: Record<string, string>;
}

function answerHeaders(chain: Record<string, string>): AnswerHeaders {
  const notModified = { ...chain, 'x-request-id': '', etag: '', 'cache-control': 'no-cache' };
  return { notModified, ok: { ...notModified, 'content-type': 'application/json' } };
}

function isVisitor(header: RequestHeader): boolean {
  return header('authorization') === undefined && header('usercontext') === undefined;
}

/**
 * Reads a request header (lower-case name). On Node, from the incoming message's own header
 * object: `request.headers` builds a whole Headers object from the raw headers on first use,
 * which costs a visitor's read more than everything else it does.
 */
function requestHeader(request: Request, env: unknown): RequestHeader {
  const incoming = (
    env as { incoming?: { headers?: Record<string, string | string[] | undefined> } } | undefined
  )?.incoming?.headers;
  if (!incoming) return (name) => request.headers.get(name) ?? undefined;
  return (name) => {
    const value = incoming[name];
    return Array.isArray(value) ? value.join(', ') : value;
  };
}
