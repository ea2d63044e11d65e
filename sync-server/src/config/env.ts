import path from 'node:path';
import { z } from 'zod';

// DESIGN.md section 3: the configuration contract. Nothing else reads process.env.
const EnvSchema = z.object({
  // Stripe Checkout (issue 5): online payment only when both are set; else "pay at the door".
  STRIPE_SECRET_KEY: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  // A stand-in for api.stripe.com (tests, local runs), e.g. http://127.0.0.1:3510.
  STRIPE_API_BASE: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .refine(
      (v) => v === undefined || /^https?:\/\//.test(v),
      'STRIPE_API_BASE must be an absolute http(s) URL',
    ),
  // SMS through Twilio (issue 16): only when the SID, token and sender are all set; else SMS go
  // to the dev outbox. TWILIO_API_BASE points the SDK at a stand-in (tests, local runs).
  TWILIO_ACCOUNT_SID: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  TWILIO_AUTH_TOKEN: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  TWILIO_FROM: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  TWILIO_API_BASE: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .refine(
      (v) => v === undefined || /^https?:\/\//.test(v),
      'TWILIO_API_BASE must be an absolute http(s) URL',
    ),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  DATA_DIR: z.string().trim().default('./data'),
  SMTP_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  JWT_SECRET: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || v.length >= 32, 'JWT_SECRET must be at least 32 characters'),
  PUBLIC_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || /^https?:\/\//.test(v), 'PUBLIC_URL must be an absolute http(s) URL'),
  GOOGLE_CLIENT_ID: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  // Issue 17: only to warn when production runs without SMTP_URL (lib/mailer.ts).
  NODE_ENV: z.string().trim().optional(),
  // "loopback", or a comma-separated list of proxy addresses; unset ignores X-Forwarded-For.
  TRUSTED_PROXY: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
});

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** Base URL of the Stripe API; undefined means api.stripe.com. */
  apiBase: string | undefined;
}

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  /** The sending number (E.164) or messaging service sid. */
  from: string;
  /** Base URL of the Twilio API; undefined means api.twilio.com. */
  apiBase: string | undefined;
}

export interface Config {
  /** SMS through Twilio, when TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM are set. */
  twilio?: TwilioConfig | undefined;
  /** Stripe Checkout, when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are both set. */
  stripe?: StripeConfig | undefined;
  port: number;
  databaseUrl: string | undefined;
  dataDir: string;
  smtpUrl: string | undefined;
  jwtSecret: string | undefined;
  publicUrl: string;
  /** Google sign-in client id; the site settings may override it. */
  googleClientId: string | undefined;
  /** Google's key set (tests serve a local one). */
  googleJwksUrl: string;
  /** Proxies whose X-Forwarded-For is believed: "loopback" or addresses; empty = none. */
  trustedProxies: string[];
  /** NODE_ENV=production (optional so test configs need not name it). */
  production?: boolean;
  /** Where the built web app lives (not configurable: it is part of the install). */
  webDist: string;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiBase: e.STRIPE_API_BASE,
          }
        : undefined,
    twilio:
      e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM
        ? {
            accountSid: e.TWILIO_ACCOUNT_SID,
            authToken: e.TWILIO_AUTH_TOKEN,
            from: e.TWILIO_FROM,
            apiBase: e.TWILIO_API_BASE,
          }
        : undefined,
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    smtpUrl: e.SMTP_URL,
    jwtSecret: e.JWT_SECRET,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    googleClientId: e.GOOGLE_CLIENT_ID,
    googleJwksUrl: e.GOOGLE_JWKS_URL,
    trustedProxies: (e.TRUSTED_PROXY ?? '')
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean),
    production: e.NODE_ENV === 'production',
    webDist: path.resolve(import.meta.dirname, '../../../web/dist'),
  };
}
