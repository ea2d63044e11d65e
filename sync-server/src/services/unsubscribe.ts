import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { normalizeAddress, type Channel } from '@tournament/shared';
import { unsubscribes } from '../db/schema.ts';
import type { Db, Tx } from '../db/client.ts';
import type { Deps } from '../deps.ts';

// Unsubscribing (issue 16): each e-mail carries a link (and a List-Unsubscribe header) holding a
// signed token naming the address, so it works without signing in; a STOP reply to an SMS is
// the same for a phone number. Both are kept in `unsubscribes` and every later send honours them.

const ALG = 'HS256';
const AUDIENCE = 'nomac-unsubscribe';
/** Long enough for a mail kept in an inbox until next year's tournament. */
const TOKEN_DAYS = 400;

export async function signUnsubscribeToken(deps: Deps, channel: Channel, address: string): Promise<string> {
  const iat = Math.floor(deps.now().getTime() / 1000);
  return new SignJWT({ ch: channel })
    .setProtectedHeader({ alg: ALG, typ: 'JWT' })
    .setSubject(address)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + TOKEN_DAYS * 86_400)
    .sign(deps.tokens.key);
}

/** The channel and address an unsubscribe token names, or null when it is forged or expired. */
export async function readUnsubscribeToken(
  deps: Deps,
  token: string,
): Promise<{ channel: Channel; address: string } | null> {
  try {
    const { payload } = await jwtVerify(token, deps.tokens.key, {
      algorithms: [ALG],
      audience: AUDIENCE,
      requiredClaims: ['exp', 'sub'],
      currentDate: deps.now(),
    });
    const channel = payload.ch === 'sms' ? 'sms' : payload.ch === 'email' ? 'email' : undefined;
    const address = channel && payload.sub ? normalizeAddress(channel, payload.sub) : undefined;
    return channel && address ? { channel, address } : null;
  } catch (e) {
    if (e instanceof joseErrors.JOSEError) return null;
    throw e;
  }
}

/** The unsubscribe link of an e-mail address. */
export async function unsubscribeUrl(deps: Deps, address: string): Promise<string> {
  const token = await signUnsubscribeToken(deps, 'email', address);
  return `${deps.config.publicUrl}/api/communications/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** Records that an address wants no more messages on a channel (once; repeating is harmless). */
export async function recordUnsubscribe(db: Db | Tx, channel: Channel, address: string, source: string) {
  await db.insert(unsubscribes).values({ channel, address, source }).onConflictDoNothing();
}
