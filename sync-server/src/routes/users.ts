import type { Context } from 'hono';
import { LANG_COOKIE, LANG_COOKIE_MAX_AGE, USER_API, USER_PATHS, type Locale } from '@tournament/shared';
import { getCookie, setCookie } from 'hono/cookie';
import { clientAddress } from '../http/client-address.ts';
import type { AppEnv } from '../http/context.ts';
import { defineRoute } from '../http/define-route.ts';
import { requestLocale } from '../http/locale.ts';
import { requireCaller, router } from '../http/openapi-app.ts';
import {
  authenticate,
  forgotPassword,
  logout,
  refreshSession,
  registerAccount,
  resetPassword,
  setAccountLanguage,
  signInWithGoogle,
  verifyAccount,
} from '../services/accounts.ts';
import { acceptPrivacyPolicy, privacyStatus } from '../services/consent.ts';
import { deleteOwnAccount } from '../services/erasure.ts';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_S } from '../services/device-cookies.ts';

const MOUNT = '/api/users';

/**
 * The `lang` cookie set to the account's language (docs/decisions/037-english-and-french.md):
 * what the app and the server-rendered pages speak from then on, on this device.
 */
function rememberLanguage(c: Context<AppEnv>, language: Locale): void {
  setCookie(c, LANG_COOKIE, language, { path: '/', maxAge: LANG_COOKIE_MAX_AGE, sameSite: 'Lax' });
}

export const userRoutes = router()
  .openapi(
    defineRoute(MOUNT, USER_API.register, {
      tags: ['users'],
      summary:
        'Sign up: creates an unverified Customer and mails a verification link (same answer for a taken e-mail)',
      ok: 'Signed up',
      errors: { 429: 'Too many sign-ups' },
    }),
    async (c) =>
      c.json(
        {
          message: await registerAccount(
            c.get('deps'),
            c.req.valid('json'),
            clientAddress(c),
            requestLocale(c),
          ),
        },
        200,
      ),
  )
  .openapi(
    defineRoute(MOUNT, USER_API.verify, {
      tags: ['users'],
      summary: 'Verifies an account with the hash of its e-mailed link',
      ok: 'Verified',
      errors: { 400: 'Bad or used link' },
    }),
    async (c) => c.json({ message: await verifyAccount(c.get('deps'), c.req.valid('json').hash) }, 200),
  )
  .openapi(
    defineRoute(MOUNT, USER_API.authenticate, {
      tags: ['users'],
      summary: 'Sign in with e-mail and password: the user with an access token and a refresh token',
      ok: 'Signed in',
      errors: { 401: 'Wrong e-mail or password', 403: 'Not verified yet', 429: 'Too many attempts' },
    }),
    async (c) => {
      const deps = c.get('deps');
      const { session, deviceCookie } = await authenticate(
        deps,
        c.req.valid('json'),
        clientAddress(c),
        getCookie(c, DEVICE_COOKIE),
      );
      // Only the sign-in call reads it; JavaScript never does (decision 018).
      setCookie(c, DEVICE_COOKIE, deviceCookie, {
        path: USER_PATHS.authenticate,
        httpOnly: true,
        sameSite: 'Strict',
        secure: deps.config.publicUrl.startsWith('https:'),
        maxAge: DEVICE_COOKIE_MAX_AGE_S,
      });
      rememberLanguage(c, session.user.language);
      return c.json(session, 200);
    },
  )
  .openapi(
    defineRoute(MOUNT, USER_API.googleOAuth, {
      tags: ['users'],
      summary: 'Sign in with a Google ID token: links to or creates the account with its e-mail',
      ok: 'Signed in',
      errors: { 400: 'Invalid or not configured', 401: 'Token refused' },
    }),
    async (c) => {
      const session = await signInWithGoogle(c.get('deps'), c.req.valid('json'), requestLocale(c));
      rememberLanguage(c, session.user.language);
      return c.json(session, 200);
    },
  )
  .openapi(
    defineRoute(MOUNT, USER_API.forgot, {
      tags: ['users'],
      summary: 'Mails a password reset link (same answer whether or not the account exists)',
      ok: 'Done',
      errors: { 429: 'Too many requests' },
    }),
    async (c) =>
      c.json({ message: await forgotPassword(c.get('deps'), c.req.valid('json'), clientAddress(c)) }, 200),
  )
  .openapi(
    defineRoute(MOUNT, USER_API.reset, {
      tags: ['users'],
      summary: 'Sets a new password with a reset link; revokes every token of the account',
      ok: 'Changed',
      errors: { 400: 'Invalid, used or expired link', 429: 'Too many attempts' },
    }),
    async (c) =>
      c.json({ message: await resetPassword(c.get('deps'), c.req.valid('json'), clientAddress(c)) }, 200),
  )
  .openapi(
    defineRoute(MOUNT, USER_API.refresh, {
      tags: ['users'],
      summary: 'Trades a refresh token (single use) for a new access token and refresh token',
      ok: 'Refreshed',
      errors: { 401: 'Expired, revoked or reused' },
    }),
    async (c) => c.json(await refreshSession(c.get('deps'), c.req.valid('json').refreshToken), 200),
  )
  .openapi(
    defineRoute(MOUNT, USER_API.logout, {
      tags: ['users'],
      summary: "Ends this device's session: revokes its refresh token family",
      ok: 'Signed out',
    }),
    async (c) => c.json({ message: await logout(c.get('deps'), c.req.valid('json').refreshToken) }, 200),
  )
  .openapi(
    defineRoute(MOUNT, USER_API.language, {
      tags: ['users'],
      summary: "Sets the signed-in account's language (screens and messages) and the lang cookie",
      ok: 'Saved',
    }),
    async (c) => {
      const { language } = c.req.valid('json');
      const message = await setAccountLanguage(c.get('deps'), requireCaller(c).personId, language);
      rememberLanguage(c, language);
      return c.json({ message }, 200);
    },
  )
  .openapi(
    defineRoute(MOUNT, USER_API.privacyPolicy, {
      tags: ['users'],
      summary: 'The privacy policy in force and whether the account must accept it before registering',
      ok: 'The policy and the account',
    }),
    async (c) => c.json(await privacyStatus(c.get('deps'), requireCaller(c)), 200),
  )
  .openapi(
    defineRoute(MOUNT, USER_API.acceptPrivacyPolicy, {
      tags: ['users'],
      summary: 'The account accepts the privacy policy in force (recorded with the time and version)',
      ok: 'The policy and the account',
      errors: { 409: 'Not the version in force' },
    }),
    async (c) =>
      c.json(await acceptPrivacyPolicy(c.get('deps'), requireCaller(c), c.req.valid('json').version), 200),
  )
  .openapi(
    defineRoute(MOUNT, USER_API.deleteAccount, {
      tags: ['users'],
      summary:
        'Deletes the signed-in account at once, password asked again: sessions end, personal data is erased, results stay as "Former competitor", payments keep their minimum',
      ok: 'Deleted',
      errors: {
        409: 'A staff account, or a director viewing as the family',
        422: 'Wrong password, or an account without one',
        429: 'Too many password tries for this account (see Retry-After)',
      },
    }),
    async (c) => {
      const message = await deleteOwnAccount(
        c.get('deps'),
        requireCaller(c),
        c.req.valid('json').password,
        c.get('impersonator') !== null && c.get('impersonator') !== undefined,
      );
      return c.json({ message }, 200);
    },
  );
