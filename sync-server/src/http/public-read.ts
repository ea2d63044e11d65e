import { createHash } from 'node:crypto';
import type { Context, TypedResponse } from 'hono';

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
export function sendPublicRead<T extends object>(c: Context, value: T): Response & TypedResponse<T, 200, 'json'> {
  const { body, etag } = serializeOnce(value);
  const headers = { ETag: etag, 'Cache-Control': 'no-cache' };
  const res = matchesEtag(c.req.header('If-None-Match'), etag)
    ? c.body(null, 304, headers)
    : c.body(body, 200, { ...headers, 'Content-Type': 'application/json' });
  return res as unknown as Response & TypedResponse<T, 200, 'json'>;
}
