import path from 'node:path';
import { z } from 'zod';
import { LOG_LEVELS } from '../lib/logger.ts';

// docs/design.md §3: the configuration contract. Nothing else reads process.env.

/** A whole number of at least `min` (unset or empty: `fallback`), refused with its name otherwise. */
function wholeNumber(name: string, min: number, fallback: number) {
  return z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? Number(v) : fallback))
    .refine((n) => Number.isSafeInteger(n) && n >= min, `${name} must be a whole number of at least ${min}`);
}

const EnvSchema = z.object({
  // Stripe Checkout (decision 009): online payment only when both are set; else "pay at the door".
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
  // SMS through Twilio (decision 024): only when the SID, token and sender are all set; else SMS go
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
  // Shared files in S3-compatible storage (decision 030): only when S3_BUCKET is set;
  // else under DATA_DIR/uploads. Any other S3_* without S3_BUCKET is refused at start (see below).
  S3_BUCKET: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  S3_ENDPOINT: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || /^https?:\/\//.test(v), 'S3_ENDPOINT must be an absolute http(s) URL'),
  S3_REGION: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  S3_ACCESS_KEY_ID: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  S3_SECRET_ACCESS_KEY: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  S3_FORCE_PATH_STYLE: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .refine(
      (v) => v === undefined || /^(true|false|1|0)$/i.test(v),
      'S3_FORCE_PATH_STYLE must be true or false',
    ),
  // Upload quotas (decision 033): per registration, and the free space kept on DATA_DIR's disk,
  // which the embedded database shares with the uploads. Whole numbers; MB are MiB, as the
  // 10 MB file limit.
  UPLOAD_MAX_FILES_PER_REGISTRATION: wholeNumber('UPLOAD_MAX_FILES_PER_REGISTRATION', 1, 20),
  UPLOAD_MAX_MB_PER_REGISTRATION: wholeNumber('UPLOAD_MAX_MB_PER_REGISTRATION', 1, 100),
  UPLOAD_MIN_FREE_DISK_MB: wholeNumber('UPLOAD_MIN_FREE_DISK_MB', 0, 1024),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || (LOG_LEVELS as readonly string[]).includes(v), {
      message: `must be one of ${LOG_LEVELS.join(', ')}`,
    }),
  DATABASE_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  DATA_DIR: z.string().trim().default('./data'),
  // The server's own backups (decision 040): the folder (default DATA_DIR/backups) and how many
  // of the newest it keeps.
  BACKUP_DIR: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  BACKUP_KEEP: wholeNumber('BACKUP_KEEP', 1, 7),
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
  // Only to warn when production runs without SMTP_URL (lib/mailer.ts; decision 018).
  NODE_ENV: z.string().trim().optional(),
  // GET /metrics for callers off this machine (decision 041): `Authorization: Bearer <token>`.
  METRICS_TOKEN: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || v.length >= 16, 'METRICS_TOKEN must be at least 16 characters'),
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

export interface S3Config {
  bucket: string;
  /** An S3-compatible service's URL (MinIO, R2, ...); undefined means AWS's own endpoints. */
  endpoint: string | undefined;
  region: string;
  /** Both, or neither: then the SDK's own credential chain (an instance role, ~/.aws). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `endpoint/bucket/key` rather than `bucket.endpoint/key` (most self-hosted services). */
  forcePathStyle: boolean;
}

/** The S3_* variables that mean nothing without S3_BUCKET. */
const S3_DEPENDENT = [
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
] as const;

/** Limits on what families upload (decision 033). */
export interface UploadLimits {
  /** Files a registration's family may have uploaded at once. */
  maxFilesPerRegistration: number;
  /** Their bytes together. */
  maxBytesPerRegistration: number;
  /** Uploads kept under DATA_DIR are refused (507) when this much free space would not be left. */
  minFreeDiskBytes: number;
}

export const MB = 1024 * 1024;

/** Where the server keeps its nightly and pre-migration backups (decision 040). */
export interface BackupSettings {
  dir: string;
  /** How many of the newest it keeps. */
  keep: number;
}

export interface Config {
  /** Upload quotas and the disk floor (UPLOAD_* variables). */
  uploads: UploadLimits;
  /** Shared files in S3-compatible storage, when S3_BUCKET is set; else DATA_DIR/uploads. */
  s3?: S3Config | undefined;
  /** SMS through Twilio, when TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM are set. */
  twilio?: TwilioConfig | undefined;
  /** Stripe Checkout, when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are both set. */
  stripe?: StripeConfig | undefined;
  port: number;
  databaseUrl: string | undefined;
  dataDir: string;
  /** The server's own backups: BACKUP_DIR (default DATA_DIR/backups) and BACKUP_KEEP. */
  backups: BackupSettings;
  smtpUrl: string | undefined;
  jwtSecret: string | undefined;
  publicUrl: string;
  /** Google sign-in client id; the site settings may override it. */
  googleClientId: string | undefined;
  /** Google's key set (tests serve a local one). */
  googleJwksUrl: string;
  /** The bearer token that opens GET /metrics to callers off this machine; unset: loopback only. */
  metricsToken?: string | undefined;
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
  // Half an S3 configuration is a mistake, not a wish for local files: files a family uploads
  // must not land on one server's disk while the operator believes they are in the bucket.
  const s3Problems = [
    ...(e.S3_BUCKET
      ? []
      : S3_DEPENDENT.filter((name) => e[name] !== undefined).map(
          (name) => `${name}: is set but S3_BUCKET is not (set S3_BUCKET, or unset every S3_* variable)`,
        )),
    ...(!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY
      ? ['S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither (the SDK then finds its own)']
      : []),
  ];
  if (s3Problems.length > 0) throw new Error(`Invalid configuration:\n${s3Problems.join('\n')}`);
  return {
    uploads: {
      maxFilesPerRegistration: e.UPLOAD_MAX_FILES_PER_REGISTRATION,
      maxBytesPerRegistration: e.UPLOAD_MAX_MB_PER_REGISTRATION * MB,
      minFreeDiskBytes: e.UPLOAD_MIN_FREE_DISK_MB * MB,
    },
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION ?? 'us-east-1',
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
          forcePathStyle: /^(true|1)$/i.test(e.S3_FORCE_PATH_STYLE ?? ''),
        }
      : undefined,
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
    backups: {
      dir: path.resolve(e.BACKUP_DIR ?? path.join(e.DATA_DIR, 'backups')),
      keep: e.BACKUP_KEEP,
    },
    smtpUrl: e.SMTP_URL,
    jwtSecret: e.JWT_SECRET,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    googleClientId: e.GOOGLE_CLIENT_ID,
    googleJwksUrl: e.GOOGLE_JWKS_URL,
    metricsToken: e.METRICS_TOKEN,
    trustedProxies: (e.TRUSTED_PROXY ?? '')
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean),
    production: e.NODE_ENV === 'production',
    webDist: path.resolve(import.meta.dirname, '../../../web/dist'),
  };
}
