import crypto from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ACCOUNT_ROLES,
  DIRECTOR_ROLES,
  hasAnyRole,
  msg,
  USER_MESSAGES,
  type AccountRole,
  type AuthenticateRequestSchema,
  type AuthResponse,
  type ForgotRequestSchema,
  type GoogleAuthRequestSchema,
  type Locale,
  type RegisterRequestSchema,
  type ResetRequestSchema,
  type RingUnlockRequestSchema,
  translatorFor,
} from '@tournament/shared';
import { accountLinks, rateLimits, refreshTokens, users } from '../db/schema.ts';
import type { Db, Tx } from '../db/client.ts';
import type { Deps } from '../deps.ts';
import { DomainError } from '../lib/errors.ts';
import { logger } from '../lib/logger.ts';
import type { Mail } from '../lib/mailer.ts';
import { assertWithinRateLimit } from '../lib/rate-limit.ts';
import { trustedDeviceNonce, withDeviceEntry } from './device-cookies.ts';
import { verifyGoogleIdToken } from './google.ts';
import { hashPassword, isCommonPassword, verifyPassword } from './passwords.ts';
import { getSiteSettings } from './site-settings.ts';
import { ACCESS_TOKEN_SECONDS, forgetCaller } from './tokens.ts';

// Decision 006 / docs/product.md §4 and §7 / docs/design.md §6: sign-up, verification,
// sign-in (password or Google), refresh, logout, forgot and reset.

export const VERIFY_LINK_MS = 24 * 60 * 60 * 1000;
export const RESET_LINK_MS = 60 * 60 * 1000;
/** A refresh token lives a week; each use replaces it, so a tablet in use stays signed in. */
export const REFRESH_TOKEN_MS = 7 * 24 * 60 * 60 * 1000;
/** A session (refresh family) ends this long after its sign-in however often it is used (decision 018). */
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Rate limits: per account tight, per client address generous (every tablet at the
 * venue shares one public address). [limit, window seconds].
 */
export const ACCOUNT_LIMITS = {
  authenticate: { account: [10, 15 * 60], address: [100, 15 * 60] },
  register: { account: [5, 60 * 60], address: [20, 60 * 60] },
  forgot: { account: [5, 60 * 60], address: [30, 60 * 60] },
  // Decision 018: counted per link (the hash sent), not per user id, so bogus attempts naming
  // a user id cannot lock that user's real link.
  reset: { account: [10, 60 * 60], address: [30, 60 * 60] },
  // A locked ring tablet asking a director's password (decision 042): as sign-in.
  ringUnlock: { account: [10, 15 * 60], address: [100, 15 * 60] },
} as const satisfies Record<
  string,
  { account: readonly [number, number]; address: readonly [number, number] }
>;

type User = typeof users.$inferSelect;

const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
/** 256 random bits, URL-safe. */
const randomSecret = () => crypto.randomBytes(32).toString('base64url');
const byEmail = (email: string) => sql`lower(${users.email}) = lower(${email})`;

async function limit(deps: Deps, action: keyof typeof ACCOUNT_LIMITS, account: string, address: string) {
  const { account: acct, address: addr } = ACCOUNT_LIMITS[action];
  await assertWithinRateLimit(deps.database.db, `${action}:addr:${address}`, addr[0], addr[1]);
  // The e-mail is kept as its hash: a throttling key must not keep an erased family's address
  // (decision 046), nor anyone's who merely tried it.
  await assertWithinRateLimit(
    deps.database.db,
    `${action}:acct:${sha256(account.toLowerCase())}`,
    acct[0],
    acct[1],
  );
}

let dummyHash: Promise<string> | undefined;
/** Checked for unknown e-mails so a miss costs what a hit costs. */
function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(randomSecret());
  return dummyHash;
}

async function findByEmail(deps: Deps, email: string): Promise<User | undefined> {
  const [user] = await deps.database.db.select().from(users).where(byEmail(email)).limit(1);
  return user;
}

/**
 * Mails leave without holding up the answer: a known address must not answer slower
 * than an unknown one, and a mail-server hiccup must not fail a sign-up.
 */
function sendInBackground(deps: Deps, mail: Mail): void {
  deps.mailer
    .send(mail)
    .catch((err: unknown) => logger.error({ err, subject: mail.subject }, 'account mail failed'));
}

async function createLink(deps: Deps, userId: number, purpose: 'verify' | 'reset'): Promise<string> {
  const secret = randomSecret();
  const ttl = purpose === 'verify' ? VERIFY_LINK_MS : RESET_LINK_MS;
  await deps.database.db.insert(accountLinks).values({
    userId,
    purpose,
    tokenHash: sha256(secret),
    expiresAt: new Date(deps.now().getTime() + ttl),
  });
  return secret;
}

function mail(to: string, subject: string, lines: string[], link?: string): Mail {
  const text = lines.join('\n\n') + (link ? `\n\n${link}\n` : '\n');
  const esc = (s: string) =>
    s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const html =
    lines.map((l) => `<p>${esc(l)}</p>`).join('') +
    (link ? `<p><a href="${esc(link)}">${esc(link)}</a></p>` : '');
  return { to, subject, text, html };
}

/** An account mail: paragraphs, then the link (the Staff page's invitation uses it too). */
export const accountMail = mail;

// ---------------------------------------------------------------- sign-up and verification

export async function registerAccount(
  deps: Deps,
  input: z.output<typeof RegisterRequestSchema>,
  address: string,
  language: Locale = 'en',
): Promise<string> {
  await limit(deps, 'register', input.email, address);
  refuseCommonPassword(input.password, 'password');
  const site = await getSiteSettings(deps);
  // Hash first, whether or not the address is taken: both answers cost the same.
  const passwordHash = await hashPassword(input.password);
  const profile = {
    passwordHash,
    firstName: input.firstName,
    lastName: input.lastName,
    addressLine1: input.addressLine1,
    addressLine2: input.addressLine2 ?? '',
    city: input.city,
    province: input.province,
    postalCode: input.postalCode.toUpperCase(),
    phoneNumber: input.phoneNumber,
    // The language of the sign-up's page: the account's screens and e-mails speak it.
    language,
  };
  const db = deps.database.db;
  const [created] = await db
    .insert(users)
    .values({ email: input.email, ...profile, roles: ['Customer'] })
    .onConflictDoNothing()
    .returning();
  let user = created ?? (await findByEmail(deps, input.email));
  if (!user) throw new Error('registerAccount: account neither created nor found');
  if (!created && !user.verifiedAt) {
    // Decision 018: an account never verified was perhaps made by someone else with this
    // address. This sign-up replaces its password and profile, and the earlier links stop
    // working, so whoever verifies from the mailbox gets the password of the latest sign-up
    // (decision 018). The update is conditional: a verification racing it wins.
    const now = deps.now();
    const [replaced] = await db.transaction(async (tx) => {
      const rows = await tx
        .update(users)
        .set({ ...profile, updatedAt: now })
        .where(and(eq(users.id, user!.id), isNull(users.verifiedAt)))
        .returning();
      if (rows.length) {
        await tx
          .update(accountLinks)
          .set({ usedAt: now })
          .where(
            and(
              eq(accountLinks.userId, user!.id),
              eq(accountLinks.purpose, 'verify'),
              isNull(accountLinks.usedAt),
            ),
          );
      }
      return rows;
    });
    if (replaced) forgetCaller(deps.cache, replaced.id);
    user = replaced ?? (await findByEmail(deps, input.email)) ?? user;
  }
  if (created || !user.verifiedAt) {
    // New, or signed up before and never verified: (another) link to the address itself.
    const secret = await createLink(deps, user.id, 'verify');
    const tr = translatorFor(user.language);
    sendInBackground(
      deps,
      mail(
        user.email,
        tr.t('mail.verify.subject', { prefix: site.sitePrefix }),
        [
          tr.t('mail.hello', { firstName: user.firstName }),
          tr.t('mail.verify.body', { siteName: site.siteName }),
        ],
        `${deps.config.publicUrl}/user/verification/${secret}`,
      ),
    );
  } else {
    // No account enumeration: the same answer as a new sign-up; the owner learns by mail.
    const tr = translatorFor(user.language);
    sendInBackground(
      deps,
      mail(
        user.email,
        tr.t('mail.alreadyRegistered.subject', { prefix: site.sitePrefix }),
        [
          tr.t('mail.hello', { firstName: user.firstName }),
          tr.t('mail.alreadyRegistered.body', { siteName: site.siteName }),
        ],
        `${deps.config.publicUrl}/user/forgot`,
      ),
    );
  }
  return USER_MESSAGES.registered;
}

/** PUT /api/users/register: a single-use link that expires after 24 hours. */
export async function verifyAccount(deps: Deps, hash: string): Promise<string> {
  const now = deps.now();
  const db = deps.database.db;
  const [link] = await db
    .update(accountLinks)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountLinks.tokenHash, sha256(hash)),
        eq(accountLinks.purpose, 'verify'),
        isNull(accountLinks.usedAt),
        gt(accountLinks.expiresAt, now),
      ),
    )
    .returning({ userId: accountLinks.userId });
  if (!link) throw new DomainError('verify_failed', USER_MESSAGES.verifyFailed, 400);
  await db.transaction(async (tx) => {
    // The first verification ends every session the account had (decision 018): whoever held
    // it before the mailbox's owner proved the address is signed out.
    const [first] = await tx
      .update(users)
      .set({ verifiedAt: now, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now })
      .where(and(eq(users.id, link.userId), isNull(users.verifiedAt)))
      .returning({ id: users.id });
    if (!first) return;
    await endEverySession(tx, link.userId, now);
    await tx
      .update(accountLinks)
      .set({ usedAt: now })
      .where(
        and(
          eq(accountLinks.userId, link.userId),
          eq(accountLinks.purpose, 'verify'),
          isNull(accountLinks.usedAt),
        ),
      );
  });
  forgetCaller(deps.cache, link.userId);
  return USER_MESSAGES.verified;
}

/** Refused with a clear message: the password is on the shipped common-passwords list. */
function refuseCommonPassword(password: string, field: 'password' | 'newPassword') {
  if (isCommonPassword(password)) {
    throw new DomainError('common_password', USER_MESSAGES.commonPassword, 400, {
      [field]: USER_MESSAGES.commonPassword,
    });
  }
}

/** Revokes every refresh token of the account (its access tokens end with a token version bump). */
async function endEverySession(tx: Tx | Db, userId: number, now: Date) {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

// ---------------------------------------------------------------- sessions

/**
 * A session for `user`: a new sign-in (password, Google, an invitation accepted), or with
 * `refresh` the next token of a session's refresh family.
 */
export async function issueSession(
  deps: Deps,
  user: User,
  refresh?: { family: string; startedAt: Date },
): Promise<AuthResponse> {
  const now = deps.now();
  const family = refresh?.family ?? randomSecret();
  const familyStartedAt = refresh?.startedAt ?? now;
  const roles = user.roles.filter((r): r is AccountRole => (ACCOUNT_ROLES as readonly string[]).includes(r));
  const userDisplayName = `${user.firstName} ${user.lastName}`.trim();
  const token = await deps.tokens.signAccess(
    { personId: user.id, roles, userDisplayName, tv: user.tokenVersion },
    now,
  );
  const refreshToken = randomSecret();
  // Accounts idle for three years are erased (decision 046): a sign-in or refresh is activity.
  await deps.database.db
    .update(users)
    // A refresh is activity, not a sign-in: the Staff page shows the last sign-in (decision 049).
    .set({ lastActiveAt: now, inactivityNoticeAt: null, ...(refresh ? {} : { lastSignInAt: now }) })
    .where(eq(users.id, user.id));
  await deps.database.db.insert(refreshTokens).values({
    userId: user.id,
    family,
    tokenHash: sha256(refreshToken),
    tokenVersion: user.tokenVersion,
    // A week from its use, but never past the family's absolute end (decision 018).
    expiresAt: new Date(
      Math.min(now.getTime() + REFRESH_TOKEN_MS, familyStartedAt.getTime() + SESSION_ABSOLUTE_MS),
    ),
    familyStartedAt,
  });
  return {
    user: {
      personId: user.id,
      roles,
      userDisplayName,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      language: user.language,
      token,
      refreshToken,
      expiresAt: new Date(now.getTime() + ACCESS_TOKEN_SECONDS * 1000).toISOString(),
    },
  };
}

/** Wrong passwords one trusted device may try per account before it too waits (decision 018). */
export const DEVICE_LIMIT = [10, 15 * 60] as const;

/**
 * Sign-in. A device holding a valid device cookie for the account (it signed in to it
 * before) is limited only by its own failures; every other client goes through the limits
 * per address and per account, so strangers guessing a staff password are throttled while
 * the venue's tablets keep signing in (OWASP device cookies; decision 018). A success
 * answers the session and the device cookie to set.
 */
export async function authenticate(
  deps: Deps,
  input: z.output<typeof AuthenticateRequestSchema>,
  address: string,
  deviceCookie?: string,
): Promise<{ session: AuthResponse; deviceCookie: string }> {
  const user = await findByEmail(deps, input.username);
  const device = user ? trustedDeviceNonce(deps.tokens.key, deviceCookie, user.id) : undefined;
  const deviceKey = `authenticate:device:${device}`;
  if (device) {
    await assertWithinRateLimit(deps.database.db, deviceKey, DEVICE_LIMIT[0], DEVICE_LIMIT[1]).catch(
      (err) => {
        throw err instanceof DomainError
          ? new DomainError(err.code, USER_MESSAGES.tooManyAttempts, 429)
          : err;
      },
    );
  } else {
    await limit(deps, 'authenticate', input.username, address);
  }
  const matches = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), input.password);
  if (!user?.passwordHash || !matches)
    throw new DomainError('bad_credentials', USER_MESSAGES.badCredentials, 401);
  // Only someone who knows the password learns that the account awaits verification.
  if (!user.verifiedAt) throw new DomainError('unverified', USER_MESSAGES.unverified, 403);
  // A device's count is of failures in a row: a success starts it again.
  if (device) await deps.database.db.delete(rateLimits).where(eq(rateLimits.key, deviceKey));
  return {
    session: await issueSession(deps, user),
    deviceCookie: withDeviceEntry(deps.tokens.key, deviceCookie, user.id),
  };
}

/**
 * Unlocking a tablet locked to one ring (decision 042): the e-mail and password must be a
 * verified TournamentDirector's or SuperAdmin's. Nothing is issued (the tablet stays signed in
 * as it was), and a refusal is 422, not 401 or 403, which would sign the tablet out. Throttled
 * as sign-in is, per account and per address.
 */
export async function confirmDirectorPassword(
  deps: Deps,
  input: z.output<typeof RingUnlockRequestSchema>,
  address: string,
): Promise<void> {
  await limit(deps, 'ringUnlock', input.email, address);
  const user = await findByEmail(deps, input.email);
  const matches = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), input.password);
  if (!user?.passwordHash || !matches || !user.verifiedAt)
    throw new DomainError('bad_credentials', USER_MESSAGES.badCredentials, 422);
  if (!hasAnyRole(user.roles, DIRECTOR_ROLES))
    throw new DomainError('not_a_director', msg('server.ringLock.notDirector'), 422);
}

/**
 * Rotation: each refresh token works once and is replaced by a new one of the same
 * family. Presenting a used one means it was copied: the whole family is revoked.
 */
export async function refreshSession(deps: Deps, refreshToken: string): Promise<AuthResponse> {
  const now = deps.now();
  const db = deps.database.db;
  const tokenHash = sha256(refreshToken);
  const [row] = await db
    .update(refreshTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(refreshTokens.tokenHash, tokenHash),
        isNull(refreshTokens.usedAt),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, now),
      ),
    )
    .returning();
  const refused = new DomainError('refresh_failed', USER_MESSAGES.refreshFailed, 401);
  if (!row) {
    const [old] = await db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, tokenHash))
      .limit(1);
    if (old?.usedAt) {
      logger.warn({ userId: old.userId }, 'refresh token reused: revoking its family');
      await revokeFamily(deps, old.family);
    }
    throw refused;
  }
  const [user] = await db.select().from(users).where(eq(users.id, row.userId)).limit(1);
  if (!user || user.tokenVersion !== row.tokenVersion || !user.verifiedAt) throw refused;
  if (row.familyStartedAt.getTime() + SESSION_ABSOLUTE_MS <= now.getTime()) throw refused;
  return issueSession(deps, user, { family: row.family, startedAt: row.familyStartedAt });
}

async function revokeFamily(deps: Deps, family: string) {
  await deps.database.db
    .update(refreshTokens)
    .set({ revokedAt: deps.now() })
    .where(and(eq(refreshTokens.family, family), isNull(refreshTokens.revokedAt)));
}

/** Ends this device's session (its refresh family); other devices stay signed in. */
export async function logout(deps: Deps, refreshToken: string | undefined): Promise<string> {
  if (refreshToken) {
    const [row] = await deps.database.db
      .select({ family: refreshTokens.family })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(refreshToken)))
      .limit(1);
    if (row) await revokeFamily(deps, row.family);
  }
  return USER_MESSAGES.loggedOut;
}

// ---------------------------------------------------------------- forgot and reset

export async function forgotPassword(
  deps: Deps,
  input: z.output<typeof ForgotRequestSchema>,
  address: string,
): Promise<string> {
  await limit(deps, 'forgot', input.email, address);
  const user = await findByEmail(deps, input.email);
  if (user) {
    const site = await getSiteSettings(deps);
    const secret = await createLink(deps, user.id, 'reset');
    const tr = translatorFor(user.language);
    sendInBackground(
      deps,
      mail(
        user.email,
        tr.t('mail.reset.subject', { prefix: site.sitePrefix }),
        [
          tr.t('mail.hello', { firstName: user.firstName }),
          tr.t('mail.reset.body', { siteName: site.siteName }),
        ],
        `${deps.config.publicUrl}/user/reset/${user.id}/${secret}`,
      ),
    );
  }
  return USER_MESSAGES.forgotSent;
}

/**
 * One use of a reset link: claiming the link and changing the password happen in one
 * transaction, so of two concurrent uses exactly one succeeds. The change revokes
 * every token of the account (token version bump and refresh tokens).
 */
export async function resetPassword(
  deps: Deps,
  input: z.output<typeof ResetRequestSchema>,
  address: string,
): Promise<string> {
  await limit(deps, 'reset', `link-${sha256(input.hash)}`, address);
  refuseCommonPassword(input.newPassword, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  const now = deps.now();
  await deps.database.db.transaction(async (tx) => {
    const [link] = await tx
      .update(accountLinks)
      .set({ usedAt: now })
      .where(
        and(
          eq(accountLinks.tokenHash, sha256(input.hash)),
          eq(accountLinks.userId, input.userId),
          eq(accountLinks.purpose, 'reset'),
          isNull(accountLinks.usedAt),
          gt(accountLinks.expiresAt, now),
        ),
      )
      .returning({ id: accountLinks.id });
    if (!link) throw new DomainError('reset_failed', USER_MESSAGES.resetFailed, 400);
    await tx
      .update(users)
      .set({
        passwordHash,
        tokenVersion: sql`${users.tokenVersion} + 1`,
        // Following the mailed link proves the address, as verification does.
        verifiedAt: sql`coalesce(${users.verifiedAt}, ${now.toISOString()}::timestamptz)`,
        updatedAt: now,
      })
      .where(eq(users.id, input.userId));
    await endEverySession(tx, input.userId, now);
    await tx
      .update(accountLinks)
      .set({ usedAt: now })
      .where(
        and(
          eq(accountLinks.userId, input.userId),
          eq(accountLinks.purpose, 'reset'),
          isNull(accountLinks.usedAt),
        ),
      );
  });
  forgetCaller(deps.cache, input.userId);
  return USER_MESSAGES.resetDone;
}

// ---------------------------------------------------------------- Google

export async function signInWithGoogle(
  deps: Deps,
  input: z.output<typeof GoogleAuthRequestSchema>,
  language: Locale = 'en',
): Promise<AuthResponse> {
  const clientId = (await getSiteSettings(deps)).googleClientId;
  if (!clientId) throw new DomainError('google_unavailable', USER_MESSAGES.googleUnavailable, 400);
  if (input.clientId !== clientId) throw new DomainError('google_failed', USER_MESSAGES.googleFailed, 401);
  let identity;
  try {
    identity = await verifyGoogleIdToken(input.credential, {
      jwksUrl: deps.config.googleJwksUrl,
      clientId,
      now: deps.now(),
    });
  } catch (err) {
    logger.info({ err: err instanceof Error ? err.message : String(err) }, 'Google ID token refused');
    throw new DomainError('google_failed', USER_MESSAGES.googleFailed, 401);
  }
  if (!identity.emailVerified || !identity.email) {
    throw new DomainError('google_unverified', USER_MESSAGES.googleUnverified, 401);
  }
  const db = deps.database.db;
  const now = deps.now();
  let [user] = await db.select().from(users).where(eq(users.googleSubject, identity.subject)).limit(1);
  if (!user) {
    const existing = await findByEmail(deps, identity.email);
    if (existing) {
      // Google vouches for the address. An account never verified may have been made by
      // someone else with this address: its password is dropped rather than trusted.
      // Like a first verification (decision 018), linking one never verified also ends its
      // sessions and cancels its verification links.
      [user] = await db.transaction(async (tx) => {
        const rows = await tx
          .update(users)
          .set({
            googleSubject: identity.subject,
            verifiedAt: existing.verifiedAt ?? now,
            passwordHash: existing.verifiedAt ? existing.passwordHash : null,
            tokenVersion: existing.verifiedAt ? existing.tokenVersion : existing.tokenVersion + 1,
            updatedAt: now,
          })
          .where(eq(users.id, existing.id))
          .returning();
        if (!existing.verifiedAt) {
          await endEverySession(tx, existing.id, now);
          await tx
            .update(accountLinks)
            .set({ usedAt: now })
            .where(
              and(
                eq(accountLinks.userId, existing.id),
                eq(accountLinks.purpose, 'verify'),
                isNull(accountLinks.usedAt),
              ),
            );
        }
        return rows;
      });
      forgetCaller(deps.cache, existing.id);
    } else {
      [user] = await db
        .insert(users)
        .values({
          email: identity.email,
          passwordHash: null,
          firstName: identity.givenName,
          lastName: identity.familyName,
          roles: ['Customer'],
          verifiedAt: now,
          googleSubject: identity.subject,
          // An account made by its first Google sign-in speaks the language of that page.
          language,
        })
        .returning();
    }
  }
  if (!user) throw new Error('signInWithGoogle: account neither found nor created');
  return issueSession(deps, user);
}

// ---------------------------------------------------------------- language

/**
 * PUT /api/users/language: the language the account's screens and messages use (docs/decisions/
 * 037-english-and-french.md). Answers the confirmation, in the language chosen.
 */
export async function setAccountLanguage(deps: Deps, personId: number, language: Locale): Promise<string> {
  await deps.database.db.update(users).set({ language, updatedAt: deps.now() }).where(eq(users.id, personId));
  return translatorFor(language).t('mail.languageSaved');
}
