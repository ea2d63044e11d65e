import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';

// Google Identity Services ID tokens: RS256 JWTs signed with the keys at GOOGLE_JWKS_URL.
const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

export interface GoogleIdentity {
  subject: string;
  email: string;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
}

/**
 * Verifies a Google ID token: signature against Google's key set, algorithm pinned,
 * issuer, audience (our client id) and expiry checked. Throws on any failure.
 */
export async function verifyGoogleIdToken(
  credential: string,
  opts: { jwksUrl: string; clientId: string; now: Date },
): Promise<GoogleIdentity> {
  let jwks = keySets.get(opts.jwksUrl);
  if (!jwks) {
    jwks = createRemoteJWKSet(new URL(opts.jwksUrl), { timeoutDuration: 5000 });
    keySets.set(opts.jwksUrl, jwks);
  }
  const { payload } = await jwtVerify<JWTPayload & Record<string, unknown>>(credential, jwks, {
    algorithms: ['RS256'],
    issuer: GOOGLE_ISSUERS,
    audience: opts.clientId,
    requiredClaims: ['exp', 'sub', 'email'],
    currentDate: opts.now,
  });
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    subject: str(payload.sub),
    email: str(payload.email),
    // Google sends a boolean; older tokens carried the string "true".
    emailVerified: payload.email_verified === true || payload.email_verified === 'true',
    givenName: str(payload.given_name),
    familyName: str(payload.family_name),
  };
}
