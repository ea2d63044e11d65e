import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config/env.ts';
import { BACKUP_EXTENSION, backupContentDigest, writeBackup, type BackupSummary } from '../db/backup.ts';
import type { Database } from '../db/client.ts';
import { MIGRATIONS_DIR, migrate, pendingMigrations } from '../db/migrate.ts';
import type { Deps } from '../deps.ts';
import { logger } from '../lib/logger.ts';

// The server's own backups (docs/decisions/040-backups.md): one every night and one before
// any migration that will apply something, into BACKUP_DIR (default DATA_DIR/backups),
// keeping the newest BACKUP_KEEP. The SuperAdmin page lists them and offers the newest.

export type BackupReason = 'nightly' | 'pre-migration' | 'manual';

export interface BackupEntry {
  name: string;
  bytes: number;
  createdAt: Date;
}

const NAME = /^backup-(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}(?:-\d{3})?Z)-[a-z-]+\.ndjson\.gz$/;

/** `backup-2026-11-27T03-30-00-000Z-nightly.ndjson.gz`: sorting the names sorts by time. */
export function backupFileName(at: Date, reason: BackupReason): string {
  return `backup-${at.toISOString().replace(/:/g, '-').replace('.', '-')}-${reason}${BACKUP_EXTENSION}`;
}

function createdAtOf(name: string): Date | undefined {
  const stamp = NAME.exec(name)?.[1];
  if (!stamp) return undefined;
  const [date, time] = stamp.split('T') as [string, string];
  const [h, m, s, ms = '000'] = time.replace(/Z$/, '').split('-');
  return new Date(`${date}T${h}:${m}:${s}.${ms}Z`);
}

/** The backups in the folder, newest first (files of other names are left alone). */
export function listBackups(config: Pick<Config, 'backups'>): BackupEntry[] {
  let names: string[];
  try {
    names = fs.readdirSync(config.backups.dir);
  } catch {
    return [];
  }
  const entries: BackupEntry[] = [];
  for (const name of names) {
    const createdAt = createdAtOf(name);
    if (!createdAt) continue;
    try {
      entries.push({ name, bytes: fs.statSync(path.join(config.backups.dir, name)).size, createdAt });
    } catch {
      // pruned meanwhile
    }
  }
  return entries.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
}

/** Deletes all but the newest `keep` backups. */
export function pruneBackups(config: Pick<Config, 'backups'>): string[] {
  const old = listBackups(config).slice(config.backups.keep);
  for (const b of old) fs.rmSync(path.join(config.backups.dir, b.name), { force: true });
  return old.map((b) => b.name);
}

/**
 * Takes a backup into the folder and prunes the oldest beyond the kept number. A pre-migration
 * backup holding just what the newest backup, a pre-migration one too, holds is not kept: a
 * server failing the same migration at every start (systemd restarting it) would otherwise
 * push the older nightly backups out within BACKUP_KEEP starts.
 */
export async function takeBackup(
  database: Database,
  config: Pick<Config, 'backups' | 'dataDir' | 's3'>,
  reason: BackupReason,
  at = new Date(),
): Promise<BackupSummary> {
  fs.mkdirSync(config.backups.dir, { recursive: true, mode: 0o700 });
  const newest = listBackups(config)[0];
  const summary = await writeBackup(
    { database, dataDir: config.dataDir, s3Bucket: config.s3?.bucket },
    path.join(config.backups.dir, backupFileName(at, reason)),
  );
  if (reason === 'pre-migration' && newest?.name.endsWith(`-${reason}${BACKUP_EXTENSION}`)) {
    const previous = path.join(config.backups.dir, newest.name);
    if ((await backupContentDigest(previous)) === (await backupContentDigest(summary.file))) {
      fs.rmSync(summary.file, { force: true });
      logger.info({ file: previous, reason }, 'backup not kept: the newest backup holds the same');
      return { ...summary, file: previous, bytes: newest.bytes };
    }
  }
  const pruned = pruneBackups(config);
  logger.info(
    { file: summary.file, bytes: summary.bytes, rows: summary.rows, files: summary.files, reason, pruned },
    `backup taken (${reason})`,
  );
  return summary;
}

/**
 * Applies the pending migrations, after a backup when there are some and the database is not
 * a new one: a migration that goes wrong can then be undone by a restore.
 */
export async function migrateWithBackup(
  database: Database,
  config: Pick<Config, 'backups' | 'dataDir' | 's3'>,
  dir = MIGRATIONS_DIR,
): Promise<string[]> {
  const pending = await pendingMigrations(database, dir);
  const applied = await database.scriptTransaction((run) =>
    run(`select to_regclass('schema_migrations') is not null as present`),
  );
  if (pending.length > 0 && applied[0]?.present) {
    logger.info({ pending }, 'migrations to apply: taking a backup first');
    await takeBackup(database, config, 'pre-migration');
  }
  return migrate(database, dir);
}

/** The nightly job's name in the queue and its schedule: 03:30 in the server's time zone. */
export const NIGHTLY_BACKUP_JOB = 'nightly-backup';
export const NIGHTLY_BACKUP_CRON = '30 3 * * *';

/** Schedules the nightly backup in the job queue (one server of several takes it). */
export function registerNightlyBackup(deps: Pick<Deps, 'jobs' | 'database' | 'config' | 'now'>): void {
  deps.jobs.schedule(
    NIGHTLY_BACKUP_JOB,
    NIGHTLY_BACKUP_CRON,
    Intl.DateTimeFormat().resolvedOptions().timeZone,
    async () => {
      await takeBackup(deps.database, deps.config, 'nightly', deps.now());
    },
  );
}

/**
 * The file a running server on the embedded database leaves in DATA_DIR for the admin CLI:
 * its port and a token made at each start, readable by the operator only (decision 040).
 */
export const OPERATOR_ENDPOINT_FILE = 'operator-endpoint.json';

export interface OperatorEndpoint {
  port: number;
  token: string;
  pid: number;
}

export function newOperatorToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function writeOperatorEndpoint(dataDir: string, endpoint: OperatorEndpoint): () => void {
  const file = path.join(dataDir, OPERATOR_ENDPOINT_FILE);
  fs.rmSync(file, { force: true });
  fs.writeFileSync(file, JSON.stringify(endpoint), { mode: 0o600, flag: 'wx' });
  return () => fs.rmSync(file, { force: true });
}

export function readOperatorEndpoint(dataDir: string): OperatorEndpoint | undefined {
  try {
    const parsed = JSON.parse(
      fs.readFileSync(path.join(dataDir, OPERATOR_ENDPOINT_FILE), 'utf8'),
    ) as OperatorEndpoint;
    return typeof parsed.port === 'number' && typeof parsed.token === 'string' ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** Same length and bytes, compared in constant time. */
export function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}
