import crypto from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { msg, USER_PATHS } from '@tournament/shared';
import { idempotencyKeys } from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import { DomainError } from '../lib/errors.ts';
import type { AppEnv } from './context.ts';

// Idempotency-Key on /api POSTs (docs/decisions/034-idempotency-keys.md), as Stripe's API does:
// a client whose connection dropped sends the same request again with the same key and gets
// the first answer, with one effect. The same key with another request is refused (422); a
// retry arriving while the first still runs waits for its answer. Answers of 500 and above, and
// 429, are not kept: the retry runs again. Kept for 24 hours.

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Kept this long, then purged (the job queue's hourly task). */
export const IDEMPOTENCY_KEEP_MS = 24 * 60 * 60 * 1000;
/** A request still running after this long is taken to have died with its process. */
export const IDEMPOTENCY_ABANDONED_MS = 2 * 60 * 1000;
/** How long a retry waits for the first request's answer before answering 409. */
const WAIT_FOR_FIRST_MS = 15_000;
const POLL_MS = 50;

export const IDEMPOTENCY_MESSAGES = {
  badKey: msg('idempotency.badKey'),
  otherRequest: msg('idempotency.otherRequest'),
  stillRunning: msg('idempotency.stillRunning'),
} as const;

/**
 * Sign-in and session calls answer with tokens: a replay would hand a session to whoever holds
 * the key. Webhooks carry their sender's own ids.
 */
const NOT_IDEMPOTENT = new Set<string>([
  USER_PATHS.authenticate,
  USER_PATHS.googleOAuth,
  USER_PATHS.refresh,
  USER_PATHS.logout,
]);

const KEY = /^[\x21-\x7e]{1,255}$/;

export function idempotency(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = c.req.header(IDEMPOTENCY_HEADER);
    if (key === undefined || c.req.method !== 'POST' || NOT_IDEMPOTENT.has(c.req.path)) return next();
    if (!KEY.test(key)) throw new DomainError('bad_idempotency_key', IDEMPOTENCY_MESSAGES.badKey, 400);
    const deps = c.get('deps');
    const person = c.get('impersonator') ?? c.get('caller');
    const owner = person ? `user:${person.personId}` : 'visitor';
    const hash = crypto
      .createHash('sha256')
      .update(`${c.req.method} ${c.req.path}\n`)
      .update(new Uint8Array(await c.req.arrayBuffer()))
      .digest('hex');

    const deadline = Date.now() + WAIT_FOR_FIRST_MS;
    for (;;) {
      if (await claim(deps, owner, key, hash)) break;
      const [row] = await deps.database.db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.owner, owner), eq(idempotencyKeys.key, key)));
      if (!row) continue; // The first request failed and let go of the key: this one runs.
      if (row.requestHash !== hash)
        throw new DomainError('idempotency_key_reused', IDEMPOTENCY_MESSAGES.otherRequest, 422);
      if (row.status !== null) {
        return new Response(row.body, {
          status: row.status,
          headers: {
            ...(row.contentType ? { 'Content-Type': row.contentType } : {}),
            'Idempotent-Replayed': 'true',
          },
        });
      }
      if (Date.now() > deadline)
        throw new DomainError('idempotency_key_in_use', IDEMPOTENCY_MESSAGES.stillRunning, 409);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }

    let kept = false;
    try {
      await next();
      const status = c.res.status;
      if (status < 500 && status !== 429) {
        const body = await c.res.clone().text();
        await deps.database.db
          .update(idempotencyKeys)
          .set({ status, body, contentType: c.res.headers.get('Content-Type') })
          .where(and(eq(idempotencyKeys.owner, owner), eq(idempotencyKeys.key, key)));
        kept = true;
      }
    } finally {
      // Not kept (a server fault, an outage, a throttle): the key is free for the retry.
      if (!kept)
        await deps.database.db
          .delete(idempotencyKeys)
          .where(
            and(
              eq(idempotencyKeys.owner, owner),
              eq(idempotencyKeys.key, key),
              isNull(idempotencyKeys.status),
            ),
          )
          .catch(() => {});
    }
  };
}

/** Takes the key for this request: a new key, or one a dead process left running. */
async function claim(deps: Deps, owner: string, key: string, hash: string): Promise<boolean> {
  const now = deps.now();
  const db = deps.database.db;
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ owner, key, requestHash: hash, startedAt: now, createdAt: now })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length > 0) return true;
  const takenOver = await db
    .update(idempotencyKeys)
    .set({ startedAt: now })
    .where(
      and(
        eq(idempotencyKeys.owner, owner),
        eq(idempotencyKeys.key, key),
        eq(idempotencyKeys.requestHash, hash),
        isNull(idempotencyKeys.status),
        lt(idempotencyKeys.startedAt, new Date(now.getTime() - IDEMPOTENCY_ABANDONED_MS)),
      ),
    )
    .returning({ key: idempotencyKeys.key });
  return takenOver.length > 0;
}

/** Deletes the answers older than IDEMPOTENCY_KEEP_MS; answers how many. */
export async function purgeIdempotencyKeys(deps: Deps): Promise<number> {
  const rows = await deps.database.db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(deps.now().getTime() - IDEMPOTENCY_KEEP_MS)))
    .returning({ key: idempotencyKeys.key });
  return rows.length;
}
