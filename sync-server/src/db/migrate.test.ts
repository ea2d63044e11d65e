import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client.ts';
import { migrate, MigrationEditedError, MigrationError, MIGRATIONS_DIR } from './migrate.ts';
import { competitorLevels, eventTypes, siteSettings, tournaments } from './schema.ts';
import { seedReferenceData } from './seed.ts';

// Migrations run at every start: the second run applies nothing, the seed acts once.

const databaseUrl = process.env.DATABASE_URL || undefined;
const opened: { database: Database; schema?: string }[] = [];

async function freshDatabase(pgliteDir?: string) {
  const schema = databaseUrl ? `m_${crypto.randomBytes(6).toString('hex')}` : undefined;
  const database = await openDatabase({
    databaseUrl,
    schema,
    pgliteDir: databaseUrl ? undefined : pgliteDir,
  });
  opened.push({ database, schema });
  return database;
}

afterEach(async () => {
  for (const { database, schema } of opened.splice(0)) {
    await database.close();
    if (databaseUrl && schema) {
      const admin = await openDatabase({ databaseUrl });
      await admin.execScript(`drop schema if exists ${schema} cascade`);
      await admin.close();
    }
  }
});

const allMigrations = () =>
  fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort();

// Each case opens PGlite once or twice (about 2 s each, much more on a busy machine).
describe('migrations', { timeout: 90_000 }, () => {
  it('apply every file in order the first time and nothing the second time', async () => {
    const database = await freshDatabase();
    const first = await migrate(database);
    expect(first).toEqual(allMigrations());
    expect(first[0]).toBe('0001_foundation.sql');
    expect(await migrate(database)).toEqual([]);
  });

  it('seed the reference data once however often the server starts', async () => {
    const database = await freshDatabase();
    await migrate(database);
    expect(await seedReferenceData(database.db, new Date('2026-01-10T00:00:00Z'))).toBe(true);
    expect(await seedReferenceData(database.db, new Date('2026-01-11T00:00:00Z'))).toBe(false);
    expect(await database.db.select().from(siteSettings)).toHaveLength(1);
    expect(await database.db.select().from(eventTypes)).toHaveLength(4);
    expect(await database.db.select().from(competitorLevels)).toHaveLength(4);
    const seeded = await database.db.select().from(tournaments);
    expect(seeded).toHaveLength(1);
    // Midnight UTC is 7 p.m. the day before in Ontario: registration opens on the venue's day.
    expect(seeded[0]?.registrationOpensOn).toBe('2026-01-09');
  });

  it('apply nothing and seed nothing after a restart on the same data', async () => {
    // A restart: the embedded database reopened from DATA_DIR, or a new pool on the same PostgreSQL schema.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nomac-migrate-'));
    const schema = databaseUrl ? `r_${crypto.randomBytes(6).toString('hex')}` : undefined;
    const open = () => openDatabase({ databaseUrl, schema, pgliteDir: path.join(dir, 'pglite') });
    try {
      const first = await open();
      expect(await migrate(first)).toEqual(allMigrations());
      expect(await seedReferenceData(first.db)).toBe(true);
      await first.close();

      const second = await open();
      opened.push({ database: second, schema });
      expect(await migrate(second)).toEqual([]);
      expect(await seedReferenceData(second.db)).toBe(false);
      expect(await second.db.select().from(eventTypes)).toHaveLength(4);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('apply a new file added after the first start, and only that one', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nomac-migrations-'));
    try {
      for (const f of allMigrations()) fs.copyFileSync(path.join(MIGRATIONS_DIR, f), path.join(dir, f));
      const database = await freshDatabase();
      expect(await migrate(database, dir)).toEqual(allMigrations());
      fs.writeFileSync(
        path.join(dir, '9999_later.sql'),
        'create table later_things (id serial primary key);',
      );
      expect(await migrate(database, dir)).toEqual(['9999_later.sql']);
      expect(await migrate(database, dir)).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuse to run when an applied file was edited, naming it; put back, the new ones apply', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nomac-migrations-'));
    try {
      const first = 'create table first_things (id serial primary key);';
      fs.writeFileSync(path.join(dir, '0001_first.sql'), first);
      fs.writeFileSync(
        path.join(dir, '0002_second.sql'),
        'create table second_things (id serial primary key);',
      );
      const database = await freshDatabase();
      expect(await migrate(database, dir)).toEqual(['0001_first.sql', '0002_second.sql']);

      fs.writeFileSync(
        path.join(dir, '0001_first.sql'),
        `${first}\nalter table first_things add column x text;`,
      );
      fs.writeFileSync(
        path.join(dir, '0003_third.sql'),
        'create table third_things (id serial primary key);',
      );
      const refused = await migrate(database, dir).catch((err: unknown) => err);
      expect(refused).toBeInstanceOf(MigrationEditedError);
      expect((refused as MigrationEditedError).file).toBe('0001_first.sql');
      expect((refused as Error).message).toMatch(
        /^The migration 0001_first\.sql was changed after it was applied/,
      );
      const names = async () =>
        (
          await database.scriptTransaction((run) => run('select name from schema_migrations order by name'))
        ).map((r) => r.name);
      expect(await names()).toEqual(['0001_first.sql', '0002_second.sql']);

      fs.writeFileSync(path.join(dir, '0001_first.sql'), first);
      expect(await migrate(database, dir)).toEqual(['0003_third.sql']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('record the checksums of a database migrated before they were kept, then hold its files to them', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nomac-migrations-'));
    try {
      const sql = 'create table first_things (id serial primary key);';
      fs.writeFileSync(path.join(dir, '0001_first.sql'), sql);
      const database = await freshDatabase();
      await migrate(database, dir);
      // The runner's table as an earlier version left it: names and times only.
      await database.execScript('alter table schema_migrations drop column checksum');

      expect(await migrate(database, dir)).toEqual([]);
      const [row] = await database.scriptTransaction((run) =>
        run('select name, checksum from schema_migrations'),
      );
      expect(row).toEqual({
        name: '0001_first.sql',
        checksum: crypto.createHash('sha256').update(sql).digest('hex'),
      });

      fs.writeFileSync(path.join(dir, '0001_first.sql'), `-- tidied\n${sql}`);
      await expect(migrate(database, dir)).rejects.toThrow(MigrationEditedError);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('roll a failed migration back whole and name it with the reason; fixed, it applies', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nomac-migrations-'));
    try {
      fs.writeFileSync(
        path.join(dir, '0001_first.sql'),
        'create table first_things (id serial primary key);',
      );
      // Its first statement works, its second fails: neither may stay.
      const broken = `create table half_done (id serial primary key);
        alter table no_such_table add column x int;`;
      fs.writeFileSync(path.join(dir, '0002_broken.sql'), broken);
      const database = await freshDatabase();
      const failed = await migrate(database, dir).catch((err: unknown) => err);
      expect(failed).toBeInstanceOf(MigrationError);
      expect((failed as MigrationError).file).toBe('0002_broken.sql');
      expect((failed as Error).message).toMatch(
        /^The migration 0002_broken\.sql failed and was rolled back.*no_such_table/s,
      );
      const tables = async () =>
        (
          await database.scriptTransaction((run) =>
            run(
              `select table_name from information_schema.tables where table_schema = current_schema() order by 1`,
            ),
          )
        ).map((r) => r.table_name);
      expect(await tables()).toEqual(['first_things', 'schema_migrations']);
      const names = await database.scriptTransaction((run) => run('select name from schema_migrations'));
      expect(names.map((r) => r.name)).toEqual(['0001_first.sql']);

      fs.writeFileSync(path.join(dir, '0002_broken.sql'), 'create table half_done (id serial primary key);');
      expect(await migrate(database, dir)).toEqual(['0002_broken.sql']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
