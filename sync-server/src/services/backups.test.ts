import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inspectBackup } from '../db/backup.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { MIGRATIONS_DIR, MigrationError, migrate, migrationFiles } from '../db/migrate.ts';
import { createTestApp } from '../testing/harness.ts';
import { backupFileName, listBackups, migrateWithBackup, takeBackup } from './backups.ts';

// The server's own backups (decision 040): before a migration that applies something, kept to
// the newest BACKUP_KEEP, listed for the SuperAdmin with a warning once the newest is stale.

const databaseUrl = process.env.DATABASE_URL || undefined;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'nomac-backups-'));
const dataDir = path.join(work, 'data');
const backups = { dir: path.join(work, 'backups'), keep: 3 };
const t = await createTestApp({ now: '2026-11-22T12:00:00Z', config: { dataDir, backups } });
const superAdmin = await t.createUser('SuperAdmin');
const opened: { database: Database; schema?: string | undefined }[] = [];

afterAll(async () => {
  await t.close();
  for (const o of opened) {
    await o.database.close();
    if (o.schema && databaseUrl) {
      const admin = await openDatabase({ databaseUrl });
      await admin.execScript(`drop schema if exists ${o.schema} cascade`);
      await admin.close();
    }
  }
  fs.rmSync(work, { recursive: true, force: true });
});

describe('automatic backups', () => {
  it('takes one before migrations that apply something, not on a new database nor an up-to-date one', async () => {
    const schema = databaseUrl ? `t_${crypto.randomBytes(6).toString('hex')}` : undefined;
    const database = await openDatabase(databaseUrl ? { databaseUrl, schema } : {});
    opened.push({ database, schema });
    const config = { dataDir, backups: { dir: path.join(work, 'pre-migration'), keep: 7 }, s3: undefined };
    const all = migrationFiles();
    // A new database: nothing to protect.
    await migrateWithBackup(database, {
      ...config,
      backups: { ...config.backups, dir: path.join(work, 'new') },
    });
    expect(listBackups({ backups: { dir: path.join(work, 'new'), keep: 7 } })).toEqual([]);

    // A database one migration behind: the backup holds it as it was before.
    const behind = await openDatabase(databaseUrl ? { databaseUrl, schema: `${schema}_b` } : {});
    opened.push({ database: behind, schema: schema && `${schema}_b` });
    await migrate(behind, undefined, { only: new Set(all.slice(0, -1)) });
    expect(await migrateWithBackup(behind, config)).toEqual(all.slice(-1));
    const taken = listBackups(config);
    expect(taken.map((b) => b.name)).toEqual([expect.stringMatching(/-pre-migration\.ndjson\.gz$/)]);
    const { header } = await inspectBackup(path.join(config.backups.dir, taken[0]!.name));
    expect(header.migrations).toEqual(all.slice(0, -1));

    // Up to date: no backup.
    await migrateWithBackup(behind, config);
    expect(listBackups(config)).toHaveLength(1);
  }, 240_000);

  it('keeps the nightly backups while a failing migration restarts the server again and again', async () => {
    const schema = databaseUrl ? `t_${crypto.randomBytes(6).toString('hex')}` : undefined;
    const database = await openDatabase(databaseUrl ? { databaseUrl, schema } : {});
    opened.push({ database, schema });
    await migrate(database);
    // A release whose new migration fails: systemd's Restart=always starts it again and again.
    const release = path.join(work, 'failing-release');
    fs.cpSync(MIGRATIONS_DIR, release, { recursive: true });
    fs.writeFileSync(path.join(release, '9999_fails.sql'), 'alter table no_such_table add column x text;');
    const config = { dataDir, backups: { dir: path.join(work, 'crash-loop'), keep: 4 }, s3: undefined };
    for (const day of ['18', '19', '20']) {
      await takeBackup(database, config, 'nightly', new Date(`2026-11-${day}T08:30:00Z`));
    }
    const reasons = () => listBackups(config).map((b) => /-([a-z-]+)\.ndjson\.gz$/.exec(b.name)?.[1]);

    for (let start = 0; start < 6; start++) {
      await expect(migrateWithBackup(database, config, release)).rejects.toThrow(MigrationError);
    }
    expect(reasons()).toEqual(['pre-migration', 'nightly', 'nightly', 'nightly']);

    // Something written between two starts (e.g. by the admin CLI): that start's backup is kept.
    await database.execScript(`insert into event_types (title) values ('Weapons')`);
    await expect(migrateWithBackup(database, config, release)).rejects.toThrow(MigrationError);
    expect(reasons()).toEqual(['pre-migration', 'pre-migration', 'nightly', 'nightly']);
  }, 240_000);

  it('keeps the newest BACKUP_KEEP backups and leaves other files in the folder alone', async () => {
    fs.mkdirSync(backups.dir, { recursive: true });
    fs.writeFileSync(path.join(backups.dir, 'notes.txt'), 'mine');
    for (const day of ['18', '19', '20', '21']) {
      await takeBackup(t.database, t.deps.config, 'nightly', new Date(`2026-11-${day}T08:30:00Z`));
    }
    expect(listBackups(t.deps.config).map((b) => b.name)).toEqual([
      backupFileName(new Date('2026-11-21T08:30:00Z'), 'nightly'),
      backupFileName(new Date('2026-11-20T08:30:00Z'), 'nightly'),
      backupFileName(new Date('2026-11-19T08:30:00Z'), 'nightly'),
    ]);
    expect(fs.readFileSync(path.join(backups.dir, 'notes.txt'), 'utf8')).toBe('mine');
  });
});

describe('the SuperAdmin backups page', () => {
  it('lists the backups newest first with their size, and warns once the newest is over 26 hours old', async () => {
    t.clock.set('2026-11-22T10:00:00Z'); // 25.5 h after the newest
    const fresh = await t.call('GET', '/api/admin/backups', undefined, superAdmin.token);
    expect(fresh.status).toBe(200);
    expect(fresh.json.stale).toBe(false);
    expect(fresh.json.keep).toBe(3);
    expect(fresh.json.backups.map((b: { createdAt: string }) => b.createdAt)).toEqual([
      '2026-11-21T08:30:00.000Z',
      '2026-11-20T08:30:00.000Z',
      '2026-11-19T08:30:00.000Z',
    ]);
    expect(fresh.json.backups[0].bytes).toBe(
      fs.statSync(path.join(backups.dir, fresh.json.backups[0].name)).size,
    );

    t.clock.set('2026-11-22T11:00:00Z'); // 26.5 h
    expect((await t.call('GET', '/api/admin/backups', undefined, superAdmin.token)).json.stale).toBe(true);
  });

  it('downloads the newest backup whole', async () => {
    const res = await t.app.request('/api/admin/backups/latest', {
      headers: { Authorization: `Bearer ${superAdmin.token}` },
    });
    expect(res.status).toBe(200);
    const name = backupFileName(new Date('2026-11-21T08:30:00Z'), 'nightly');
    expect(res.headers.get('Content-Disposition')).toBe(`attachment; filename="${name}"`);
    expect(Buffer.from(await res.arrayBuffer()).equals(fs.readFileSync(path.join(backups.dir, name)))).toBe(
      true,
    );
  });
});
