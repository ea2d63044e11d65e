import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { DomainError } from './errors.ts';

/**
 * Fixed-window counter kept in the database, so every server sharing it counts together.
 * Throws 429 once `key` has been hit more than `limit` times in `windowSeconds`.
 */
export async function assertWithinRateLimit(db: Db, key: string, limit: number, windowSeconds: number): Promise<void> {
  const window = sql.raw(`interval '${Math.floor(windowSeconds)} seconds'`);
  const rows = await db.execute<{ hits: number }>(sql`
    insert into rate_limits (key, window_start, hits) values (${key}, now(), 1)
    on conflict (key) do update set
      hits = case when rate_limits.window_start < now() - ${window} then 1 else rate_limits.hits + 1 end,
      window_start = case when rate_limits.window_start < now() - ${window} then now() else rate_limits.window_start end
    returning hits`);
  const list = (Array.isArray(rows) ? rows : (rows as { rows: { hits: number }[] }).rows) as { hits: number }[];
  const hits = Number(list[0]?.hits ?? 0);
  if (hits > limit) {
    throw new DomainError('rate_limited', 'Too many requests. Please wait a few minutes and try again.', 429);
  }
}
