import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Database } from './client.ts';
import { isDatabaseUnavailable } from './unavailable.ts';

// Plain SQL migrations, applied in file-name order, identical on PGlite and PostgreSQL
// (docs/decisions/002-sql-migrations.md). Each file runs once, in its own transaction,
// under an advisory lock so two servers starting together do not race. A file is never edited
// once applied: its sha256 is recorded, and a start finding another one refuses to go on.
export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, 'migrations');
const LOCK_ID = 727_001;

/**
 * A migration that failed. Its transaction rolled back, so the database is as it was before
 * that file (the files before it stay applied); the message names the file and the database's
 * reason, and the server's start stops with it.
 */
export class MigrationError extends Error {
  constructor(
    readonly file: string,
    readonly reason: string,
  ) {
    super(
      `The migration ${file} failed and was rolled back, so the database is as it was before it: ${reason}`,
    );
  }
}

/**
 * A migration applied to this database whose file has changed since. The server does not
 * start: its schema.ts and queries follow the files, the database followed the old text.
 */
export class MigrationEditedError extends Error {
  constructor(readonly file: string) {
    super(
      `The migration ${file} was changed after it was applied to this database, so nothing was migrated: put the file back as it was released (a change to the schema goes in a new migration).`,
    );
  }
}

const checksumOf = (sql: string) => crypto.createHash('sha256').update(sql).digest('hex');

/** The migration files of `dir`, in the order they apply. */
export function migrationFiles(dir = MIGRATIONS_DIR): string[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort();
}

/** The migrations a `migrate` would apply now: none on a database already up to date. */
export async function pendingMigrations(database: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  const [found] = await database.scriptTransaction((run) =>
    run(`select to_regclass('schema_migrations') is not null as present`),
  );
  if (!found?.present) return migrationFiles(dir);
  const applied = new Set(
    (await database.scriptTransaction((run) => run('select name from schema_migrations'))).map((r) =>
      String(r.name),
    ),
  );
  return migrationFiles(dir).filter((f) => !applied.has(f));
}

/**
 * Applies the files not yet applied (or, with `only`, just those of them: a restore applies
 * the backup's own); answers their names. First checks that no applied file has changed
 * (MigrationEditedError); an applied file without a recorded checksum (applied before they
 * were kept) gets its file's recorded instead.
 */
export async function migrate(
  database: Database,
  dir = MIGRATIONS_DIR,
  opts: { only?: ReadonlySet<string> } = {},
): Promise<string[]> {
  const files = migrationFiles(dir).filter((f) => !opts.only || opts.only.has(f));
  await database.execScript(`
    create table if not exists schema_migrations (
      name text primary key,
      applied_at timestamptz not null default now()
    );
    alter table schema_migrations add column if not exists checksum text;`);
  const bodies = new Map(files.map((f) => [f, fs.readFileSync(path.join(dir, f), 'utf8')]));
  await database.scriptTransaction(async (run) => {
    await run(`select pg_advisory_xact_lock(${LOCK_ID})`);
    for (const row of await run('select name, checksum from schema_migrations order by name')) {
      const file = String(row.name);
      const body = bodies.get(file);
      if (body === undefined) continue;
      if (row.checksum == null)
        await run(`update schema_migrations set checksum = '${checksumOf(body)}' where name = '${file}'`);
      else if (row.checksum !== checksumOf(body)) throw new MigrationEditedError(file);
    }
  });
  const applied: string[] = [];
  for (const [file, body] of bodies) {
    const done = await database
      .scriptTransaction(async (run) => {
        await run(`select pg_advisory_xact_lock(${LOCK_ID})`);
        const rows = await run(`select 1 as found from schema_migrations where name = '${file}'`);
        if (rows.length > 0) return false;
        await run(body);
        await run(`insert into schema_migrations (name, checksum) values ('${file}', '${checksumOf(body)}')`);
        return true;
      })
      .catch((err: unknown) => {
        // A lost connection is an outage (the start waits and tries again), not a fault of the file.
        if (isDatabaseUnavailable(err)) throw err;
        throw new MigrationError(file, err instanceof Error ? err.message : String(err));
      });
    if (done) applied.push(file);
  }
  return applied;
}
