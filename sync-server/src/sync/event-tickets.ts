import { decodeJwt, SignJWT } from 'jose';
import { SyncScopeSchema, type SyncScope } from '@tournament/shared';
import type { Caller } from '../deps.ts';
import { verifyJwt } from '../lib/jwt.ts';
import { currentCaller, type AccountSource } from '../services/tokens.ts';

// Tickets for /sync/events (decision 018): EventSource cannot send headers, and an access token
// in a URL lands in proxies' and browsers' logs. A device trades its access token for a
// ticket (POST /sync/events/ticket): good for one scope, for TICKET_SECONDS to open a stream,
// and useless anywhere else (its own audience). The stream it opens ends when the access
// token it was traded for would have expired, or as soon as the account's tokens are revoked.

const ALG = 'HS256';
const ISSUER = 'nomac';
const AUDIENCE = 'nomac-sync-events';
export const TICKET_SECONDS = 60;

export interface EventTicket {
  caller: Caller;
  scope: SyncScope;
  /** When the access token it was traded for expires: the stream ends then. */
  endsAt: Date;
  /** The account's token version when issued: a change (password, logout everywhere) ends the stream. */
  tokenVersion: number;
}

/** A ticket for `scope`, traded for the bearer `accessToken` (already verified as `caller`). */
export async function issueEventTicket(
  key: Uint8Array,
  caller: Caller,
  accessToken: string,
  scope: SyncScope,
  now: Date,
): Promise<{ ticket: string; expiresIn: number }> {
  const claims = decodeJwt(accessToken);
  const iat = Math.floor(now.getTime() / 1000);
  const ticket = await new SignJWT({ scope, tv: claims.tv, end: claims.exp })
    .setProtectedHeader({ alg: ALG, typ: 'JWT' })
    .setSubject(String(caller.personId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + TICKET_SECONDS)
    .sign(key);
  return { ticket, expiresIn: TICKET_SECONDS };
}

/** The ticket's holder and scope, or null when it is forged, expired, or the account's tokens were revoked. */
export async function verifyEventTicket(
  key: Uint8Array,
  ticket: string,
  accounts: AccountSource,
  now: Date,
): Promise<EventTicket | null> {
  const payload = await verifyJwt(ticket, key, {
    issuer: ISSUER,
    audience: AUDIENCE,
    requiredClaims: ['exp', 'iat', 'sub'],
    now,
  });
  if (!payload) return null;
  const personId = Number(payload.sub);
  const scope = SyncScopeSchema.safeParse(payload.scope);
  if (
    !Number.isInteger(personId) ||
    !scope.success ||
    typeof payload.tv !== 'number' ||
    typeof payload.end !== 'number'
  )
    return null;
  const caller = await currentCaller(accounts, personId, payload.tv);
  if (!caller) return null;
  return { caller, scope: scope.data, endsAt: new Date(payload.end * 1000), tokenVersion: payload.tv };
}
