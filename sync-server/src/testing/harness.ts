import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import postgres from 'postgres';
import type { AccountRole } from '@tournament/shared';
import { createApp } from '../app.ts';
import { loadConfig, type Config } from '../config/env.ts';
import { openDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { seedReferenceData } from '../db/seed.ts';
import { readMigratedSnapshot } from './pglite-snapshot.ts';
import { users } from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import { CACHE_CHANNEL, createCache } from '../lib/cache.ts';
import { createMailer, type Mail, type Mailer } from '../lib/mailer.ts';
import { createSmsSender } from '../lib/sms.ts';
import { createJobQueue } from '../jobs/queue.ts';
import { registerSendPipeline } from '../services/send-pipeline.ts';
import { createTokenService } from '../services/tokens.ts';

// Server tests run against a fresh database each: in-memory PGlite by default, or a database
// of its own on the PostgreSQL server of DATABASE_URL (CI runs both). A database, not a schema:
// LISTEN/NOTIFY channels belong to a database, so test files sharing one heard each other's
// pokes and cache drops (a signage stream poked by another file's push of the same tournament
// id), where a deployment's servers hear only their own.

export interface TestClock {
  now: Date;
  set(iso: string): void;
  advance(ms: number): void;
}

export interface TestAppOptions {
  /** Start time of the test clock (default: real now). */
  now?: string;
  /** Use a real mailer (SMTP URL) instead of the recording one. */
  smtpUrl?: string;
  config?: Partial<Config>;
  seed?: boolean;
  /**
   * PostgreSQL only: open this database (another app's `databaseUrl`) instead of a new one, as a
   * second server process on the same database would; the app that made it drops it.
   */
  databaseUrl?: string;
}

/** A new, empty database on the server of `serverUrl`; answers its URL. */
async function createScratchDatabase(serverUrl: string): Promise<string> {
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropScratchDatabase(serverUrl: string, url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}

export async function createTestApp(opts: TestAppOptions = {}) {
  const serverUrl = process.env.DATABASE_URL || undefined;
  const ownsDatabase = Boolean(serverUrl && !opts.databaseUrl);
  const databaseUrl = serverUrl ? (opts.databaseUrl ?? (await createScratchDatabase(serverUrl))) : undefined;
  const database = await openDatabase(
    databaseUrl ? { databaseUrl } : { pgliteSnapshot: readMigratedSnapshot() },
  );
  await migrate(database);
  const clock: TestClock = {
    now: opts.now ? new Date(opts.now) : new Date(),
    set(iso) {
      this.now = new Date(iso);
    },
    advance(ms) {
      this.now = new Date(this.now.getTime() + ms);
    },
  };
  if (opts.seed !== false) await seedReferenceData(database.db, clock.now);
  const config: Config = {
    port: 0,
    databaseUrl,
    dataDir: path.join(os.tmpdir(), `nomac-test-${process.pid}`),
    backups: { dir: path.join(os.tmpdir(), `nomac-test-${process.pid}`, 'backups'), keep: 7 },
    smtpUrl: opts.smtpUrl,
    jwtSecret: 'test-secret-test-secret-test-secret-0123456789',
    publicUrl: 'http://localhost:3000',
    googleClientId: undefined,
    googleJwksUrl: 'http://127.0.0.1:9/no-jwks',
    trustedProxies: [],
    webDist: path.join(os.tmpdir(), 'nomac-no-web-dist'),
    // The production quotas; no disk floor, so a test passes whatever the machine's free space
    // (the floor's own test sets one).
    uploads: { ...loadConfig({}).uploads, minFreeDiskBytes: 0 },
    ...opts.config,
  };
  const cache = createCache((key) => database.notify(CACHE_CHANNEL, key));
  const unlisten = await database.listen(CACHE_CHANNEL, (key) => cache.drop(key));
  const sent: Mail[] = [];
  const mailer: Mailer = opts.smtpUrl
    ? createMailer({ smtpUrl: opts.smtpUrl, db: database.db, from: async () => 'NOMAC <info@nomac.example>' })
    : {
        async send(mail) {
          sent.push(mail);
        },
        close() {},
      };
  const deps: Deps = {
    config,
    database,
    cache,
    mailer,
    tokens: createTokenService(new TextEncoder().encode(config.jwtSecret)),
    now: () => clock.now,
    sms: createSmsSender({ twilio: config.twilio, db: database.db }),
    // Not started: a test that sends starts it (`t.deps.jobs.start()`); queued messages wait.
    jobs: createJobQueue(database, { pollingIntervalSeconds: 0.5 }),
  };
  registerSendPipeline(deps);
  const app = createApp(deps);

  /** JSON request helper: `call('PUT', '/api/email/contactUs', body, token)`. */
  async function call(
    method: string,
    url: string,
    body?: unknown,
    token?: string,
    headers: Record<string, string> = {},
  ) {
    const res = await app.request(url, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    let json: any; // tests read answers loosely; their assertions check the shape
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.status, headers: res.headers, json, text };
  }

  let userCount = 0;
  /** A verified account with `role`, and an access token for it. */
  async function createUser(role: AccountRole = 'Customer', fields: Partial<typeof users.$inferInsert> = {}) {
    userCount += 1;
    const email = fields.email ?? `${role.toLowerCase()}${userCount}@example.com`;
    const password = 'correct horse battery';
    const [user] = await database.db
      .insert(users)
      .values({
        email,
        passwordHash: await hash(password),
        firstName: role,
        lastName: `Person${userCount}`,
        roles: [role],
        verifiedAt: clock.now,
        ...fields,
      })
      .returning();
    if (!user) throw new Error('createUser: insert returned nothing');
    const token = await deps.tokens.signAccess(
      {
        personId: user.id,
        roles: user.roles as AccountRole[],
        userDisplayName: `${user.firstName} ${user.lastName}`,
        tv: user.tokenVersion,
      },
      clock.now,
    );
    return { user, token, password };
  }

  return {
    app,
    deps,
    database,
    /** PostgreSQL only: this app's database, for a second app on it (`createTestApp({ databaseUrl })`). */
    databaseUrl,
    db: database.db,
    clock,
    sent,
    call,
    createUser,
    async close() {
      await deps.jobs.stop();
      await unlisten().catch(() => {});
      await database.close();
      if (serverUrl && databaseUrl && ownsDatabase) await dropScratchDatabase(serverUrl, databaseUrl);
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
