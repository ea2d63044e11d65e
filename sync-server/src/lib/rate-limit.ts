import { sql } from 'drizzle-orm';
import { msg } from '@tournament/shared';
import type { Db } from '../db/client.ts';
import { DomainError } from './errors.ts';

type Row = { hits: number; retry: number };

/**
 * Fixed-window counter kept in the database, so every server sharing it counts together.
 * Throws 429 once `key` has been hit more than `limit` times in `windowSeconds`, with a
 * Retry-After of the seconds left in the window; `message` says it in the caller's words,
 * given those seconds.
 */
export async function assertWithinRateLimit(
  db: Db,
  key: string,
  limit: number,
  windowSeconds: number,
  message: (retryAfterSeconds: number) => string = () => msg('server.rateLimited'),
): Promise<void> {
  const window = sql.raw(`interval '${Math.floor(windowSeconds)} seconds'`);
  const rows = await db.execute<Row>(sql`
    insert into rate_limits (key, window_start, hits) values (${key}, now(), 1)
    on conflict (key) do update set
      hits = case when rate_limits.window_start < now() - ${window} then 1 else rate_limits.hits + 1 end,
      window_start = case when rate_limits.window_start < now() - ${window} then now() else rate_limits.window_start end
    returning hits, ceil(extract(epoch from (window_start + ${window} - now())))::int as retry`);
  const list = (Array.isArray(rows) ? rows : (rows as { rows: Row[] }).rows) as Row[];
  const hits = Number(list[0]?.hits ?? 0);
  if (hits > limit) {
    const retryAfter = Math.max(1, Number(list[0]?.retry ?? windowSeconds));
    throw new DomainError('rate_limited', message(retryAfter), 429, undefined, {
      'Retry-After': String(retryAfter),
    });
  }
}
