import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './config/env.ts';
import { openDatabase, type Database } from './db/client.ts';
import { migrateWithBackup, newOperatorToken, registerNightlyBackup } from './services/backups.ts';
import { seedReferenceData } from './db/seed.ts';
import { backfillRingDivisions } from './services/ring-divisions.ts';
import type { Deps } from './deps.ts';
import { CACHE_CHANNEL, createCache } from './lib/cache.ts';
import { logger } from './lib/logger.ts';
import { createMailer, mailConfigWarning } from './lib/mailer.ts';
import { createSmsSender } from './lib/sms.ts';
import { purgeIdempotencyKeys } from './http/idempotency.ts';
import { createJobQueue } from './jobs/queue.ts';
import { registerNotices } from './services/notices.ts';
import { registerRetention } from './services/retention.ts';
import { registerSendPipeline } from './services/send-pipeline.ts';
import { getSiteSettings } from './services/site-settings.ts';
import { createTokenService, loadJwtKey } from './services/tokens.ts';

export interface Services {
  deps: Deps;
  close(): Promise<void>;
}

/** Opens, migrates and seeds the database and builds what handlers need. */
export async function startServices(config: Config, opts: { now?: () => Date } = {}): Promise<Services> {
  const database = await openConfiguredDatabase(config);
  // A start that fails half-way (the database went away during the migrations) leaves no
  // connection behind: the caller may try again (index.ts).
  let jobs: Deps['jobs'] | undefined;
  try {
    await migrateWithBackup(database, config);
    await seedReferenceData(database.db, opts.now?.(), { starterRules: true });
    await backfillRingDivisions(database.db);
    const cache = createCache((key) => database.notify(CACHE_CHANNEL, key));
    // After a lost connection, invalidations may have been missed: everything is read again.
    const unlisten = await database.listen(
      CACHE_CHANNEL,
      (key) => cache.drop(key),
      () => {
        cache.clear();
        logger.info('listening for cache invalidations again; cached reads dropped');
      },
    );
    const deps: Deps = {
      config,
      database,
      cache,
      tokens: createTokenService(loadJwtKey(config)),
      now: opts.now ?? (() => new Date()),
      mailer: undefined as never,
      sms: createSmsSender({ twilio: config.twilio, db: database.db }),
      jobs: (jobs = createJobQueue(database)),
      operatorToken: newOperatorToken(),
    };
    const mailWarning = mailConfigWarning(config);
    if (mailWarning) logger.error(mailWarning);
    deps.mailer = createMailer({
      smtpUrl: config.smtpUrl,
      db: database.db,
      from: async () => {
        const site = await getSiteSettings(deps);
        return `${site.siteName} <${site.siteEmail}>`;
      },
    });
    // The job queue (decision 024): sends and notices run in the background, in every server process.
    registerSendPipeline(deps);
    registerNotices(deps);
    registerNightlyBackup(deps);
    // Decision 046: the purge after each tournament, and accounts idle for years.
    registerRetention(deps);
    deps.jobs.every(60 * 60 * 1000, async () => {
      await purgeIdempotencyKeys(deps);
    });
    await deps.jobs.start();
    return {
      deps,
      async close() {
        await deps.jobs.stop();
        deps.mailer.close();
        await unlisten().catch(() => {});
        await database.close();
      },
    };
  } catch (err) {
    await jobs?.stop().catch(() => {});
    await database.close().catch(() => {});
    throw err;
  }
}

/** PostgreSQL when DATABASE_URL is set, else the embedded database in DATA_DIR/pglite. */
export function openConfiguredDatabase(config: Config): Promise<Database> {
  return openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pglite'),
  });
}

/**
 * The embedded database belongs to one process (docs/stack-notes.md): the server holds
 * DATA_DIR/server.lock while it runs and the admin CLI refuses to open it meanwhile.
 */
export function acquireDataDirLock(config: Config): () => void {
  if (config.databaseUrl) return () => {};
  fs.mkdirSync(config.dataDir, { recursive: true });
  const file = path.join(config.dataDir, 'server.lock');
  const holder = readLockHolder(file);
  if (holder !== undefined && holder !== process.pid && isAlive(holder)) {
    throw new Error(
      `The embedded database in ${config.dataDir} is in use by process ${holder}. Stop that server first, or set DATABASE_URL.`,
    );
  }
  fs.writeFileSync(file, String(process.pid));
  return () => {
    if (readLockHolder(file) === process.pid) fs.rmSync(file, { force: true });
  };
}

export function readLockHolder(file: string): number | undefined {
  try {
    const pid = Number(fs.readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
