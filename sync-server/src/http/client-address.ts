import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/**
 * The caller's address for rate limits: the socket's peer. X-Forwarded-For is not
 * trusted here (a spoofed header must not dodge a limit); a trusted-proxy setting
 * can extend this when the site runs behind one.
 */
export function clientAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown'; // app.request() in tests has no socket
  }
}
