import crypto from 'node:crypto';
import fs from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import readline from 'node:readline';
import { finished } from 'node:stream/promises';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Database, Db, Row, Tx } from './client.ts';
import { MIGRATIONS_DIR, migrate } from './migrate.ts';

// One backup file (docs/decisions/040-backups.md): gzip of JSON lines, written by this code
// from any database it runs on and read back into any. A header names the format and the
// migrations the rows belong to; then every table of the app's schema with its rows (as
// PostgreSQL's own row_to_json renders them, restored by json_populate_recordset, so both
// ends agree on every type), the sequences, the uploads kept under DATA_DIR, the secrets
// generated into DATA_DIR, and an end line that proves the file is whole.

export const BACKUP_FORMAT = 'nomac-backup';
export const BACKUP_VERSION = 1;
/** A backup file's name ends so; the folder listing and the CLI's default name use it. */
export const BACKUP_EXTENSION = '.ndjson.gz';
/** Files generated into DATA_DIR that the server cannot do without (tokens signed with it). */
export const SECRET_FILES = ['jwt-secret'] as const;
const ROWS_PER_LINE = 500;

export interface BackupHeader {
  kind: 'header';
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  /** The database it was taken from. */
  database: Database['kind'];
  /** The migrations applied to it: a restore applies exactly these before the rows. */
  migrations: string[];
  /** Uploads are in the file, or live in this bucket (S3_BUCKET) and are not. */
  uploads: { in: 'file' } | { in: 'bucket'; bucket: string };
}
type Line =
  | BackupHeader
  | { kind: 'table'; name: string; columns: string[] }
  | { kind: 'rows'; table: string; rows: Row[] }
  | { kind: 'sequence'; name: string; value: string | null }
  | { kind: 'file'; path: string; data: string }
  | { kind: 'secret'; name: string; data: string }
  | { kind: 'end'; tables: number; rows: number; files: number; secrets: number };

export interface BackupSummary {
  file: string;
  bytes: number;
  tables: number;
  rows: number;
  files: number;
  secrets: number;
  uploads: BackupHeader['uploads'];
}

export interface BackupSource {
  database: Database;
  dataDir: string;
  /** Set when uploads live in a bucket (S3_BUCKET): the file then says so instead of holding them. */
  s3Bucket?: string | undefined;
}

/** A problem with the file or the place to restore into, said to the operator as is. */
export class BackupError extends Error {}

function rowsOf(result: unknown): Row[] {
  if (Array.isArray(result)) return result as Row[];
  return ((result as { rows?: Row[] } | undefined)?.rows ?? []) as Row[];
}

const ident = (name: string) => sql.identifier(name);

interface TableInfo {
  name: string;
  /** Columns a row is written with (generated columns are left to the database). */
  columns: string[];
}

/** The app's tables in the current schema, each after the tables its foreign keys point to. */
export async function appTables(db: Db | Tx): Promise<TableInfo[]> {
  const columns = rowsOf(
    await db.execute(sql`
      select c.table_name as "table", c.column_name as "column", c.is_generated as "generated"
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
      order by c.table_name, c.ordinal_position`),
  );
  const links = rowsOf(
    await db.execute(sql`
      select child.relname as "child", parent.relname as "parent"
      from pg_constraint k
      join pg_class child on child.oid = k.conrelid
      join pg_class parent on parent.oid = k.confrelid
      join pg_namespace n on n.oid = child.relnamespace
      where k.contype = 'f' and n.nspname = current_schema()`),
  );
  const tables = new Map<string, TableInfo>();
  for (const c of columns) {
    const name = String(c.table);
    const table = tables.get(name) ?? { name, columns: [] };
    if (c.generated !== 'ALWAYS') table.columns.push(String(c.column));
    tables.set(name, table);
  }
  const parents = new Map<string, Set<string>>();
  for (const l of links) {
    const child = String(l.child);
    const parent = String(l.parent);
    if (child === parent) continue; // one statement inserts a table's rows: checked at its end
    parents.set(child, (parents.get(child) ?? new Set()).add(parent));
  }
  const ordered: TableInfo[] = [];
  const placed = new Set<string>();
  const names = [...tables.keys()].sort();
  while (ordered.length < names.length) {
    const ready = names.filter(
      (n) => !placed.has(n) && [...(parents.get(n) ?? [])].every((p) => placed.has(p) || !tables.has(p)),
    );
    // A cycle of foreign keys (none today): the rest in name order, and the restore says which failed.
    const next = ready.length > 0 ? ready : names.filter((n) => !placed.has(n));
    for (const n of next) {
      placed.add(n);
      ordered.push(tables.get(n) as TableInfo);
    }
  }
  return ordered;
}

async function* dataDirFiles(root: string, under = ''): AsyncGenerator<string> {
  let entries: fs.Dirent[];
  try {
    entries = await fs.promises.readdir(path.join(root, under), { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const rel = under ? `${under}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* dataDirFiles(root, rel);
    else if (entry.isFile()) yield rel;
  }
}

/**
 * Writes a backup of `source` to `file` (replaced only once whole; readable by its owner
 * only, since it holds the secrets). The rows are read in one read-only repeatable-read
 * transaction: one consistent moment, while the server keeps serving.
 */
export async function writeBackup(source: BackupSource, file: string): Promise<BackupSummary> {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const partial = `${file}.partial`;
  const out = fs.createWriteStream(partial, { mode: 0o600 });
  const gzip = zlib.createGzip();
  gzip.pipe(out);
  const write = async (line: Line) => {
    if (!gzip.write(`${JSON.stringify(line)}\n`)) await once(gzip, 'drain');
  };
  const uploads: BackupHeader['uploads'] = source.s3Bucket
    ? { in: 'bucket', bucket: source.s3Bucket }
    : { in: 'file' };
  const counts = { tables: 0, rows: 0, files: 0, secrets: 0 };
  try {
    await source.database.db.transaction(async (tx) => {
      await tx.execute(sql`set transaction isolation level repeatable read, read only`);
      const migrations = rowsOf(await tx.execute(sql`select name from schema_migrations order by name`)).map(
        (r) => String(r.name),
      );
      await write({
        kind: 'header',
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        createdAt: new Date().toISOString(),
        database: source.database.kind,
        migrations,
        uploads,
      });
      for (const table of await appTables(tx)) {
        counts.tables += 1;
        await write({ kind: 'table', name: table.name, columns: table.columns });
        const rows = rowsOf(
          await tx.execute(sql`select row_to_json(t)::text as j from ${ident(table.name)} t`),
        ).map((r) => JSON.parse(String(r.j)) as Row);
        counts.rows += rows.length;
        for (let i = 0; i < rows.length; i += ROWS_PER_LINE) {
          await write({ kind: 'rows', table: table.name, rows: rows.slice(i, i + ROWS_PER_LINE) });
        }
      }
      const sequences = rowsOf(
        await tx.execute(sql`
          select sequencename as name, last_value::text as value
          from pg_sequences where schemaname = current_schema() order by sequencename`),
      );
      for (const s of sequences) {
        await write({
          kind: 'sequence',
          name: String(s.name),
          value: s.value == null ? null : String(s.value),
        });
      }
    });
    if (!source.s3Bucket) {
      for await (const rel of dataDirFiles(path.join(source.dataDir, 'uploads'))) {
        const data = await fs.promises.readFile(path.join(source.dataDir, 'uploads', rel));
        counts.files += 1;
        await write({ kind: 'file', path: rel, data: data.toString('base64') });
      }
    }
    for (const name of SECRET_FILES) {
      let data: Buffer;
      try {
        data = await fs.promises.readFile(path.join(source.dataDir, name));
      } catch {
        continue; // JWT_SECRET set in the environment: nothing generated to keep
      }
      counts.secrets += 1;
      await write({ kind: 'secret', name, data: data.toString('base64') });
    }
    await write({ kind: 'end', ...counts });
    gzip.end();
    await finished(out);
    fs.renameSync(partial, file);
  } catch (err) {
    gzip.destroy();
    out.destroy();
    fs.rmSync(partial, { force: true });
    throw err;
  }
  return { file, bytes: fs.statSync(file).size, ...counts, uploads };
}

async function* readLines(file: string): AsyncGenerator<Line> {
  const input = fs.createReadStream(file).pipe(zlib.createGunzip());
  const lines = readline.createInterface({ input, crlfDelay: Infinity });
  let first = true;
  try {
    for await (const text of lines) {
      if (!text) continue;
      let line: Line;
      try {
        line = JSON.parse(text) as Line;
      } catch {
        throw new BackupError(`${file} is damaged: a line is not JSON.`);
      }
      if (first) {
        if (line.kind !== 'header' || line.format !== BACKUP_FORMAT)
          throw new BackupError(`${file} is not a backup of this product.`);
        if (line.version !== BACKUP_VERSION)
          throw new BackupError(
            `${file} is a backup in format version ${line.version}; this version reads ${BACKUP_VERSION}.`,
          );
        first = false;
      }
      yield line;
    }
  } catch (err) {
    if (err instanceof BackupError) throw err;
    throw new BackupError(
      `${file} cannot be read as a backup: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  if (first) throw new BackupError(`${file} is empty.`);
}

/**
 * A digest of what a backup holds: every line, the header without the time it was taken. Two
 * backups of a database nothing was written to in between have the same one.
 */
export async function backupContentDigest(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  for await (const line of readLines(file)) {
    hash.update(JSON.stringify(line.kind === 'header' ? { ...line, createdAt: undefined } : line));
    hash.update('\n');
  }
  return hash.digest('hex');
}

/** Reads the whole file once: its header and end line, or why it cannot be restored. */
export async function inspectBackup(
  file: string,
): Promise<{ header: BackupHeader; end: Extract<Line, { kind: 'end' }> }> {
  if (!fs.existsSync(file)) throw new BackupError(`${file} does not exist.`);
  let header: BackupHeader | undefined;
  let end: Extract<Line, { kind: 'end' }> | undefined;
  for await (const line of readLines(file)) {
    if (line.kind === 'header') header = line;
    else if (end) throw new BackupError(`${file} is damaged: lines after its end.`);
    else if (line.kind === 'end') end = line;
  }
  if (!header || !end) throw new BackupError(`${file} is incomplete (cut short while written or copied).`);
  const known = new Set(fs.readdirSync(MIGRATIONS_DIR));
  const unknown = header.migrations.filter((m) => !known.has(m));
  if (unknown.length > 0)
    throw new BackupError(
      `${file} comes from a newer version of the server (migrations ${unknown.join(', ')} are unknown here): install that version, then restore.`,
    );
  return { header, end };
}

export interface RestoreTarget {
  database: Database;
  dataDir: string;
  /** Replace what the database and DATA_DIR hold instead of refusing. */
  force: boolean;
}

/** What would be overwritten: empty when the database and DATA_DIR hold nothing of ours. */
export async function occupiedBy(target: Omit<RestoreTarget, 'force'>): Promise<string[]> {
  const found: string[] = [];
  const [tables] = rowsOf(
    await target.database.db.execute(sql`
      select count(*)::int as n from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'`),
  );
  if (Number(tables?.n) > 0) found.push(`the database has ${String(tables?.n)} tables`);
  for (const name of SECRET_FILES) {
    if (fs.existsSync(path.join(target.dataDir, name)))
      found.push(`${path.join(target.dataDir, name)} exists`);
  }
  for await (const rel of dataDirFiles(path.join(target.dataDir, 'uploads'))) {
    found.push(`${path.join(target.dataDir, 'uploads')} holds files (${rel}, ...)`);
    break;
  }
  return found;
}

/** Drops the app's tables (and so their rows and triggers) from the current schema. */
async function dropAppTables(database: Database): Promise<void> {
  const tables = rowsOf(
    await database.db.execute(sql`
      select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'`),
  );
  for (const t of tables)
    await database.db.execute(sql`drop table if exists ${ident(String(t.name))} cascade`);
}

/**
 * Restores `file` into `target`: refuses (changing nothing) when the database or DATA_DIR is
 * not empty, unless `force`. Applies the backup's migrations, then its rows with the tables'
 * triggers off (they would stamp new sync versions), its sequences, uploads and secrets. The
 * server applies any newer migration at its next start.
 */
export async function restoreBackup(
  target: RestoreTarget,
  file: string,
): Promise<BackupHeader & { rows: number; files: number }> {
  const { header } = await inspectBackup(file);
  const occupied = await occupiedBy(target);
  if (occupied.length > 0 && !target.force)
    throw new BackupError(
      `Nothing was restored: the target is not empty (${occupied.join('; ')}). Restore into an empty DATA_DIR or database, or add --force to replace what is there.`,
    );
  if (target.force) {
    await dropAppTables(target.database);
    for (const name of SECRET_FILES) fs.rmSync(path.join(target.dataDir, name), { force: true });
    fs.rmSync(path.join(target.dataDir, 'uploads'), { recursive: true, force: true });
  }
  // Exactly the backup's migrations: its rows have their columns.
  await migrate(target.database, MIGRATIONS_DIR, { only: new Set(header.migrations) });
  let rows = 0;
  let files = 0;
  await target.database.db.transaction(async (tx) => {
    const tables = await appTables(tx);
    // Triggers off first: a delete would leave tombstones, an insert would stamp new versions.
    for (const t of tables) await tx.execute(sql`alter table ${ident(t.name)} disable trigger user`);
    // Migrations may have seeded rows; the backup's rows replace them.
    for (const t of [...tables].reverse()) await tx.execute(sql`delete from ${ident(t.name)}`);
    let current: { name: string; columns: string[]; rows: Row[] } | undefined;
    const flush = async () => {
      if (!current || current.rows.length === 0) return;
      const cols = sql.join(current.columns.map(ident), sql`, `);
      await tx.execute(sql`
        insert into ${ident(current.name)} (${cols})
        select ${cols} from json_populate_recordset(null::${ident(current.name)}, ${JSON.stringify(current.rows)}::json)`);
      rows += current.rows.length;
    };
    for await (const line of readLines(file)) {
      if (line.kind === 'table') {
        await flush();
        current = { name: line.name, columns: line.columns, rows: [] };
      } else if (line.kind === 'rows') {
        current?.rows.push(...line.rows);
      } else if (line.kind === 'sequence') {
        await flush();
        current = undefined;
        if (line.value !== null)
          await tx.execute(sql`select setval(${line.name}::regclass, ${line.value}::bigint, true)`);
      } else if (line.kind === 'file') {
        const dest = path.join(target.dataDir, 'uploads', line.path);
        if (!dest.startsWith(path.join(target.dataDir, 'uploads') + path.sep))
          throw new BackupError(`${file} names a file outside the uploads folder (${line.path}).`);
        fs.mkdirSync(path.dirname(dest), { recursive: true });
        fs.writeFileSync(dest, Buffer.from(line.data, 'base64'));
        files += 1;
      } else if (line.kind === 'secret') {
        if (!(SECRET_FILES as readonly string[]).includes(line.name)) continue;
        fs.mkdirSync(target.dataDir, { recursive: true });
        fs.writeFileSync(path.join(target.dataDir, line.name), Buffer.from(line.data, 'base64'), {
          mode: 0o600,
        });
      }
    }
    await flush();
    for (const t of tables) await tx.execute(sql`alter table ${ident(t.name)} enable trigger user`);
  });
  return { ...header, rows, files };
}
