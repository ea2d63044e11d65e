import { z } from 'zod';
import { LOCALES } from '../i18n/locale.ts';
import { ACCOUNT_ROLES } from '../domain/roles.ts';
import { MESSAGES } from '../domain/messages.ts';
import { msg } from '../i18n/message-ref.ts';
import { machineText } from '../domain/text.ts';
import { PrivacyAcceptanceSchema, PrivacyStatusSchema } from '../domain/consent.ts';
import { DeleteAccountRequestSchema } from '../domain/erasure.ts';
import { endpoint } from './endpoint.ts';
import { MessageSchema } from './public.ts';
import {
  emailField,
  MAX_ID,
  passwordField,
  phoneField,
  postalCodeField,
  optionalText,
  provinceField,
  requiredText,
  secretText,
} from '../domain/validation.ts';

// docs/product.md §4, §5 and §7: the /api/users calls. The web forms validate with these
// same schemas, so a field shows the server's message before the server is asked.

const U = '/api/users';
export const USER_PATHS = {
  /** POST signs up; PUT verifies the e-mail address (the link's hash). */
  register: `${U}/register`,
  authenticate: `${U}/authenticate`,
  googleOAuth: `${U}/google-oauth`,
  forgot: `${U}/forgot`,
  reset: `${U}/reset`,
  refresh: `${U}/refresh`,
  logout: `${U}/logout`,
  /** PUT: the signed-in account's language (docs/decisions/037-english-and-french.md). */
  language: `${U}/language`,
  /** GET: the privacy policy in force and whether the account must accept it; POST: accept it (decision 043). */
  privacyPolicy: `${U}/privacy-policy`,
  /** POST: the signed-in account deletes itself, password asked again (decision 046). */
  deleteAccount: `${U}/delete-account`,
} as const;

export const USER_MESSAGES = {
  // Checked on the server against a list of common passwords (decision 018): commonPassword.
  registered: msg('user.registered'),
  verified: msg('user.verified'),
  verifyFailed: msg('user.verifyFailed'),
  badCredentials: msg('user.badCredentials'),
  unverified: msg('user.unverified'),
  forgotSent: msg('user.forgotSent'),
  resetDone: msg('user.resetDone'),
  resetFailed: msg('user.resetFailed'),
  refreshFailed: msg('user.refreshFailed'),
  loggedOut: msg('user.loggedOut'),
  googleUnavailable: msg('user.googleUnavailable'),
  googleFailed: msg('user.googleFailed'),
  googleUnverified: msg('user.googleUnverified'),
  commonPassword: msg('user.commonPassword'),
  tooManyAttempts: msg('user.tooManyAttempts'),
} as const;

/** Sign-up (docs/product.md §5). `confirmPassword` must equal `password`. */
export const RegisterFieldsSchema = z.object({
  firstName: requiredText(100),
  lastName: requiredText(100),
  email: emailField(),
  password: passwordField(),
  confirmPassword: secretText(),
  addressLine1: requiredText(200),
  addressLine2: optionalText(200),
  city: requiredText(100),
  province: provinceField(),
  postalCode: postalCodeField(),
  phoneNumber: phoneField(),
});

export const RegisterRequestSchema = RegisterFieldsSchema.refine((v) => v.password === v.confirmPassword, {
  message: MESSAGES.passwordsMatch,
  path: ['confirmPassword'],
});
export type RegisterRequest = z.input<typeof RegisterRequestSchema>;

/** PUT /api/users/register: the hash from the e-mailed link. */
export const VerifyRequestSchema = z.object({ hash: machineText(200).min(1, MESSAGES.required) });

export const AuthenticateRequestSchema = z.object({
  username: emailField(),
  password: secretText(),
});
export type AuthenticateRequest = z.input<typeof AuthenticateRequestSchema>;

export const GoogleAuthRequestSchema = z.object({
  credential: machineText(10_000).min(1, MESSAGES.required),
  clientId: machineText(300).min(1, MESSAGES.required),
});

export const ForgotRequestSchema = z.object({ email: emailField() });
export type ForgotRequest = z.input<typeof ForgotRequestSchema>;

export const ResetRequestSchema = z.object({
  userId: z.coerce.number({ error: MESSAGES.required }).int().positive().max(MAX_ID),
  hash: machineText(200).min(1, MESSAGES.required),
  newPassword: passwordField(),
});
export type ResetRequest = z.input<typeof ResetRequestSchema>;

/** The reset form (web): new password plus its confirmation. */
export const ResetFormSchema = z
  .object({ newPassword: passwordField(), confirmPassword: secretText() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: MESSAGES.passwordsMatch,
    path: ['confirmPassword'],
  });

export const RefreshRequestSchema = z.object({ refreshToken: machineText(500).min(1, MESSAGES.required) });
/** POST /api/users/logout: the device's refresh token, when it has one, to revoke. */
export const LogoutRequestSchema = z.object({ refreshToken: machineText(500).optional() });

/**
 * "User with token" (docs/product.md §7): the signed-in user as the web app stores it.
 * `token` is a short-lived access token (its payload carries personId, roles and
 * userDisplayName); `refreshToken` is single use and answers a fresh pair at
 * POST /api/users/refresh. `expiresAt` is when `token` stops working (ISO time).
 */
export const SessionUserSchema = z.object({
  personId: z.number().int(),
  roles: z.array(z.enum(ACCOUNT_ROLES)),
  userDisplayName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** The account's language: sign-in sets the `lang` cookie to it (decision 037). */
  language: z.enum(LOCALES),
  token: z.string(),
  refreshToken: z.string(),
  expiresAt: z.string(),
});
export const AuthResponseSchema = z.object({ user: SessionUserSchema });
export type AuthResponse = z.infer<typeof AuthResponseSchema>;

/** PUT /api/users/language: the language the account's screens and messages use. */
export const LanguageRequestSchema = z.object({ language: z.enum(LOCALES) });
export type LanguageRequest = z.input<typeof LanguageRequestSchema>;

// ---- The endpoints (decision 035) ----

export const USER_API = {
  register: endpoint({
    method: 'post',
    path: USER_PATHS.register,
    body: RegisterRequestSchema,
    response: MessageSchema,
  }),
  verify: endpoint({
    method: 'put',
    path: USER_PATHS.register,
    body: VerifyRequestSchema,
    response: MessageSchema,
  }),
  authenticate: endpoint({
    method: 'post',
    path: USER_PATHS.authenticate,
    body: AuthenticateRequestSchema,
    response: AuthResponseSchema,
  }),
  googleOAuth: endpoint({
    method: 'post',
    path: USER_PATHS.googleOAuth,
    body: GoogleAuthRequestSchema,
    response: AuthResponseSchema,
  }),
  forgot: endpoint({
    method: 'post',
    path: USER_PATHS.forgot,
    body: ForgotRequestSchema,
    response: MessageSchema,
  }),
  reset: endpoint({
    method: 'put',
    path: USER_PATHS.reset,
    body: ResetRequestSchema,
    response: MessageSchema,
  }),
  refresh: endpoint({
    method: 'post',
    path: USER_PATHS.refresh,
    body: RefreshRequestSchema,
    response: AuthResponseSchema,
  }),
  logout: endpoint({
    method: 'post',
    path: USER_PATHS.logout,
    body: LogoutRequestSchema,
    response: MessageSchema,
  }),
  language: endpoint({
    method: 'put',
    path: USER_PATHS.language,
    body: LanguageRequestSchema,
    response: MessageSchema,
  }),
  privacyPolicy: endpoint({ method: 'get', path: USER_PATHS.privacyPolicy, response: PrivacyStatusSchema }),
  acceptPrivacyPolicy: endpoint({
    method: 'post',
    path: USER_PATHS.privacyPolicy,
    body: PrivacyAcceptanceSchema,
    response: PrivacyStatusSchema,
  }),
  deleteAccount: endpoint({
    method: 'post',
    path: USER_PATHS.deleteAccount,
    body: DeleteAccountRequestSchema,
    response: MessageSchema,
  }),
} as const;
