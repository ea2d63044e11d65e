import { errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';

// The one verification of the tokens this server signs with its own key (access tokens,
// event stream tickets, unsubscribe links): HS256 pinned, expiry checked as of `now`, the
// caller's audience (and issuer, when it sets one) required, and the claims it names present.
// Each caller checks its own payload claims (tv, scope, ...) after this.

/** The payload, or null when the token is malformed, forged, expired or for another audience. */
export async function verifyJwt(
  token: string,
  key: Uint8Array,
  opts: { audience: string; issuer?: string; requiredClaims: string[]; now: Date },
): Promise<JWTPayload | null> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      ...(opts.issuer !== undefined ? { issuer: opts.issuer } : {}),
      audience: opts.audience,
      requiredClaims: opts.requiredClaims,
      currentDate: opts.now,
    });
    return payload;
  } catch (e) {
    if (e instanceof joseErrors.JOSEError) return null;
    throw e;
  }
}
