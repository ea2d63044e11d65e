import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { logger } from '../lib/logger.ts';

/**
 * The caller's address for rate limits: the socket's peer. X-Forwarded-For is believed
 * only when that peer is a configured trusted proxy (TRUSTED_PROXY), so a spoofed header
 * cannot dodge a limit. Behind a trusted proxy the client is the right-most address in
 * X-Forwarded-For that is not itself a trusted proxy.
 */
export function clientAddress(c: Context, trustedProxies: readonly string[] = trustedFromContext(c)): string {
  let peer: string;
  try {
    peer = getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    peer = 'unknown'; // app.request() in tests has no socket
  }
  return addressBehindProxies(peer, c.req.header('X-Forwarded-For'), trustedProxies);
}

/** Pure part of `clientAddress`, testable without a socket. */
export function addressBehindProxies(
  peer: string,
  forwardedFor: string | undefined,
  trustedProxies: readonly string[],
): string {
  if (!trustedProxies.length || !forwardedFor || !isTrusted(peer, trustedProxies)) return peer;
  const hops = forwardedFor
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i] as string;
    if (!isTrusted(hop, trustedProxies)) return hop;
  }
  return hops[0] ?? peer;
}

function isTrusted(address: string, trusted: readonly string[]): boolean {
  const a = address.replace(/^::ffff:/i, '');
  return trusted.some((t) =>
    t === 'loopback' ? a === '::1' || a.startsWith('127.') : t.replace(/^::ffff:/i, '') === a,
  );
}

function trustedFromContext(c: Context): readonly string[] {
  const deps = c.get('deps' as never) as { config?: { trustedProxies?: string[] } } | undefined;
  return deps?.config?.trustedProxies ?? [];
}

let warnedForwarded = false;

/**
 * Requests carrying X-Forwarded-For while TRUSTED_PROXY is unset mean a proxy in front whose
 * header is ignored, so every visitor shares the proxy's address (and its rate limits). Said
 * loudly once per process, on the first such request (decision 018). True when it warned.
 */
export function warnIfForwardedUntrusted(
  forwardedFor: string | undefined,
  trustedProxies: readonly string[],
): boolean {
  if (warnedForwarded || !forwardedFor || trustedProxies.length) return false;
  warnedForwarded = true;
  logger.warn(
    'requests carry X-Forwarded-For but TRUSTED_PROXY is unset: the header is ignored, so behind a proxy every visitor shares one address and its rate limits. Set TRUSTED_PROXY (see README).',
  );
  return true;
}

/** Tests: warn again on the next such request. */
export function resetForwardedWarning(): void {
  warnedForwarded = false;
}
