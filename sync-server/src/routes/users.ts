import type { z } from '@hono/zod-openapi';
import {
  USER_PATHS,
  AuthenticateRequestSchema,
  AuthResponseSchema,
  ErrorBodySchema,
  ForgotRequestSchema,
  GoogleAuthRequestSchema,
  LogoutRequestSchema,
  MessageSchema,
  RefreshRequestSchema,
  RegisterRequestSchema,
  ResetRequestSchema,
  VerifyRequestSchema,
} from '@tournament/shared';
import { getCookie, setCookie } from 'hono/cookie';
import { clientAddress } from '../http/client-address.ts';
import { defineRawRoute } from '../http/define-route.ts';
import { router } from '../http/openapi-app.ts';
import {
  authenticate,
  forgotPassword,
  logout,
  refreshSession,
  registerAccount,
  resetPassword,
  signInWithGoogle,
  verifyAccount,
} from '../services/accounts.ts';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_S } from '../services/device-cookies.ts';

const MOUNT = '/api/users';
const json = <S extends z.ZodType>(schema: S) => ({ content: { 'application/json': { schema } } });
const body = <S extends z.ZodType>(schema: S) => ({ body: { required: true, ...json(schema) } });
const err = (description: string) => ({ description, ...json(ErrorBodySchema) });

export const userRoutes = router()
  .openapi(
    defineRawRoute(MOUNT, {
      method: 'post',
      path: USER_PATHS.register,
      tags: ['users'],
      summary: 'Sign up: creates an unverified Customer and mails a verification link (same answer for a taken e-mail)',
      request: body(RegisterRequestSchema),
      responses: {
        200: { description: 'Signed up', ...json(MessageSchema) },
        400: err('Invalid'),
        429: err('Too many sign-ups'),
      },
    }),
    async (c) => c.json({ message: await registerAccount(c.get('deps'), c.req.valid('json'), clientAddress(c)) }, 200),
  )
  .openapi(
    defineRawRoute(MOUNT, {
      method: 'put',
      path: USER_PATHS.register,
      tags: ['users'],
      summary: 'Verifies an account with the hash of its e-mailed link',
      request: body(VerifyRequestSchema),
      responses: { 200: { description: 'Verified', ...json(MessageSchema) }, 400: err('Bad or used link') },
    }),
    async (c) => c.json({ message: await verifyAccount(c.get('deps'), c.req.valid('json').hash) }, 200),
  )
  .openapi(
    defineRawRoute(MOUNT, {
      method: 'post',
      path: USER_PATHS.authenticate,
      tags: ['users'],
      summary: 'Sign in with e-mail and password: the user with an access token and a refresh token',
      request: body(AuthenticateRequestSchema),
      responses: {
        200: { description: 'Signed in', ...json(AuthResponseSchema) },
        400: err('Invalid'),
        401: err('Wrong e-mail or password'),
        403: err('Not verified yet'),
        429: err('Too many attempts'),
      },
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
      return c.json(session, 200);
    },
  )
  .openapi(
    defineRawRoute(MOUNT, {
      method: 'post',
      path: USER_PATHS.googleOAuth,
      tags: ['users'],
      summary: 'Sign in with a Google ID token: links to or creates the account with its e-mail',
      request: body(GoogleAuthRequestSchema),
      responses: {
        200: { description: 'Signed in', ...json(AuthResponseSchema) },
        400: err('Invalid or not configured'),
        401: err('Token refused'),
      },
    }),
    async (c) => c.json(await signInWithGoogle(c.get('deps'), c.req.valid('json')), 200),
  )
  .openapi(
    defineRawRoute(MOUNT, {
      method: 'post',
      path: USER_PATHS.forgot,
      tags: ['users'],
      summary: 'Mails a password reset link (same answer whether or not the account exists)',
      request: body(ForgotRequestSchema),
      responses: {
        200: { description: 'Done', ...json(MessageSchema) },
        400: err('Invalid'),
        429: err('Too many requests'),
      },
    }),
    async (c) => c.json({ message: await forgotPassword(c.get('deps'), c.req.valid('json'), clientAddress(c)) }, 200),
  )
  .openapi(
    defineRawRoute(MOUNT, {
      method: 'put',
      path: USER_PATHS.reset,
      tags: ['users'],
      summary: 'Sets a new password with a reset link; revokes every token of the account',
      request: body(ResetRequestSchema),
      responses: {
        200: { description: 'Changed', ...json(MessageSchema) },
        400: err('Invalid, used or expired link'),
        429: err('Too many attempts'),
      },
    }),
    async (c) => c.json({ message: await resetPassword(c.get('deps'), c.req.valid('json'), clientAddress(c)) }, 200),
  )
  .openapi(
    defineRawRoute(MOUNT, {
      method: 'post',
      path: USER_PATHS.refresh,
      tags: ['users'],
      summary: 'Trades a refresh token (single use) for a new access token and refresh token',
      request: body(RefreshRequestSchema),
      responses: {
        200: { description: 'Refreshed', ...json(AuthResponseSchema) },
        400: err('Invalid'),
        401: err('Expired, revoked or reused'),
      },
    }),
    async (c) => c.json(await refreshSession(c.get('deps'), c.req.valid('json').refreshToken), 200),
  )
  .openapi(
    defineRawRoute(MOUNT, {
      method: 'post',
      path: USER_PATHS.logout,
      tags: ['users'],
      summary: "Ends this device's session: revokes its refresh token family",
      request: body(LogoutRequestSchema),
      responses: { 200: { description: 'Signed out', ...json(MessageSchema) }, 400: err('Invalid') },
    }),
    async (c) => c.json({ message: await logout(c.get('deps'), c.req.valid('json').refreshToken) }, 200),
  );
