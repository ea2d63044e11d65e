import crypto from 'node:crypto';

// Device cookies (decision 018; OWASP "Slow Down Online Guessing Attacks with Device Cookies";
// docs/decisions/018-account-safety.md). A browser that signed in to an account gets a
// signed entry for that account; on later sign-ins with it, only that device's own failures
// count against it, so strangers guessing a staff member's password cannot lock the tablets
// that signed in before. Stateless: an entry is the account id, a random nonce and an HMAC
// with the server's key, so nothing is stored and every server sharing the key accepts it.

export const DEVICE_COOKIE = 'nomac_device';
/** A shared tablet remembers this many accounts (most recent first). */
export const DEVICE_COOKIE_ACCOUNTS = 5;
export const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

function signature(key: Uint8Array, userId: number, nonce: string): string {
  return crypto.createHmac('sha256', key).update(`device:${userId}:${nonce}`).digest('base64url');
}

interface Entry {
  userId: number;
  nonce: string;
  raw: string;
}

function parse(cookie: string | undefined): Entry[] {
  if (!cookie || cookie.length > 2000) return [];
  return cookie
    .split('~')
    .slice(0, DEVICE_COOKIE_ACCOUNTS)
    .map((raw) => {
      const [id, nonce, sig] = raw.split('.');
      const userId = Number(id);
      return Number.isInteger(userId) && nonce && sig ? { userId, nonce, sig, raw } : undefined;
    })
    .filter((e): e is Entry & { sig: string } => e !== undefined);
}

/** The nonce of this device's valid entry for `userId`, or undefined (no entry, or forged). */
export function trustedDeviceNonce(key: Uint8Array, cookie: string | undefined, userId: number): string | undefined {
  for (const e of parse(cookie) as (Entry & { sig: string })[]) {
    if (e.userId !== userId) continue;
    const expected = Buffer.from(signature(key, userId, e.nonce));
    const given = Buffer.from(e.sig);
    if (expected.length === given.length && crypto.timingSafeEqual(expected, given)) return e.nonce;
  }
  return undefined;
}

/** The cookie value after a successful sign-in to `userId`: a fresh entry first, others kept. */
export function withDeviceEntry(key: Uint8Array, cookie: string | undefined, userId: number): string {
  const nonce = crypto.randomBytes(16).toString('base64url');
  const fresh = `${userId}.${nonce}.${signature(key, userId, nonce)}`;
  const others = parse(cookie)
    .filter((e) => e.userId !== userId)
    .map((e) => e.raw);
  return [fresh, ...others].slice(0, DEVICE_COOKIE_ACCOUNTS).join('~');
}
