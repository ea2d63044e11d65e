import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { ACCOUNT_ROLES, fullName, type Role } from '@tournament/shared';
import type { Config } from '../config/env.ts';
import { users } from '../db/schema.ts';
import type { Caller, Deps } from '../deps.ts';
import type { Cache } from '../lib/cache.ts';
import { verifyJwt } from '../lib/jwt.ts';

// Access tokens (docs/design.md §6): HS256 pinned, `exp` required, issuer and audience
// checked, and a token version per user so a password change revokes every token.
const ALG = 'HS256';
export const ISSUER = 'nomac';
export const AUDIENCE = 'nomac-api';
export const ACCESS_TOKEN_SECONDS = 15 * 60;

export interface AccessClaims {
  personId: number;
  roles: Role[];
  userDisplayName: string;
  tv: number;
}

export interface TokenService {
  signAccess(claims: AccessClaims, now?: Date): Promise<string>;
  /** The caller a token stands for, or null when it is missing, forged, expired or revoked. */
  verifyAccess(token: string, accounts: AccountSource, now?: Date): Promise<Caller | null>;
  key: Uint8Array;
}

export function loadJwtKey(config: Config): Uint8Array {
  if (config.jwtSecret) return new TextEncoder().encode(config.jwtSecret);
  const file = path.join(config.dataDir, 'jwt-secret');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.writeFileSync(file, crypto.randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  return new TextEncoder().encode(fs.readFileSync(file, 'utf8').trim());
}

export function createTokenService(key: Uint8Array): TokenService {
  return {
    key,
    async signAccess(claims, now = new Date()) {
      const iat = Math.floor(now.getTime() / 1000);
      return new SignJWT({ ...claims })
        .setProtectedHeader({ alg: ALG, typ: 'JWT' })
        .setSubject(String(claims.personId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(iat)
        .setExpirationTime(iat + ACCESS_TOKEN_SECONDS)
        .sign(key);
    },
    async verifyAccess(token, accounts, now = new Date()) {
      const payload = await verifyJwt(token, key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        requiredClaims: ['exp', 'iat', 'sub'],
        now,
      });
      if (!payload) return null;
      const personId = Number(payload.sub);
      if (!Number.isInteger(personId) || typeof payload.tv !== 'number') return null;
      return currentCaller(accounts, personId, payload.tv);
    },
  };
}

/** Where the sign-in check reads accounts: the database, through this server's cache. */
export type AccountSource = Pick<Deps, 'database' | 'cache'>;

interface SignInRow {
  roles: string[];
  tokenVersion: number;
  first: string;
  last: string;
}

/**
 * The cache key of an account's sign-in row. Migration 0027's trigger NOTIFYs it to every
 * server when the account's roles, token version or name change, or the account is deleted
 * (decision 057).
 */
export const callerCacheKey = (personId: number) => `caller:${personId}`;

/**
 * Drops this server's copy of an account's sign-in row now, after a change to it has
 * committed: the database's NOTIFY does the same on every server a moment later, and this
 * server's next request must not wait for it (a revoked volunteer's very next push is refused).
 */
export function forgetCaller(cache: Cache, personId: number): void {
  cache.drop(callerCacheKey(personId));
}

/**
 * The account as it is now, if its tokens of version `tv` still stand: roles and revocation
 * come from the account, not from a token alone (access tokens, event stream tickets). Read
 * once per server until the account changes (decision 057), not once per request.
 */
export async function currentCaller(
  accounts: AccountSource,
  personId: number,
  tv: number,
): Promise<Caller | null> {
  const key = callerCacheKey(personId);
  const user = await accounts.cache.get(key, async (): Promise<SignInRow | null> => {
    const [row] = await accounts.database.db
      .select({
        roles: users.roles,
        tokenVersion: users.tokenVersion,
        first: users.firstName,
        last: users.lastName,
      })
      .from(users)
      .where(eq(users.id, personId));
    return row ?? null;
  });
  if (!user) {
    // The account is gone (erased, a door guest merged): nothing is kept for it.
    accounts.cache.drop(key);
    return null;
  }
  if (user.tokenVersion !== tv) return null;
  const roles = user.roles.filter((r): r is Role => (ACCOUNT_ROLES as readonly string[]).includes(r));
  return { personId, roles, displayName: fullName(user.first, user.last) };
}
