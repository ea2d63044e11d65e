import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import postgres from 'postgres';
import { preparingStatements } from './prepared.ts';
import { retryTransactions } from './retry.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Row = Record<string, unknown>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The database behind the app: Drizzle for queries, plus the few raw needs of migrations and health. */
export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Runs a multi-statement SQL script. */
  execScript(sqlText: string): Promise<void>;
  /** Runs raw SQL scripts inside one transaction; `run` answers the last statement's rows. */
  scriptTransaction<T>(fn: (run: (sqlText: string) => Promise<Row[]>) => Promise<T>): Promise<T>;
  /** Throws when the database cannot answer. */
  ping(): Promise<void>;
  /**
   * The database's size in bytes (monitoring): the embedded database's directory on disk, or
   * PostgreSQL's `pg_database_size`; undefined for an in-memory database.
   */
  size(): Promise<number | undefined>;
  /** Most connections the PostgreSQL pool opens; undefined on the embedded database (one connection). */
  poolMax: number | undefined;
  close(): Promise<void>;
  /**
   * LISTEN on a channel; returns an unlisten function. After a lost connection the driver
   * listens again by itself and calls `onRelisten`: whatever was notified meanwhile is lost.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onRelisten?: () => void,
  ): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  /** How the job queue (pg-boss, jobs/queue.ts) reaches this database. */
  jobs: JobsConnection;
}

/**
 * PGlite: pg-boss runs over our own single connection (docs/stack-notes.md: `fromPglite`).
 * PostgreSQL: pg-boss opens a small pool of its own on the same database and schema.
 */
export type JobsConnection =
  | { backend: 'pglite'; client: PGlite }
  | { backend: 'postgres'; connectionString: string; schema: string | undefined };

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** Directory of the embedded database; undefined keeps it in memory (tests). */
  pgliteDir?: string | undefined;
  /** PostgreSQL only: a schema of its own (created if missing), so test files can share a database. */
  schema?: string | undefined;
  /**
   * In-memory PGlite only: start from this data directory (a `dumpDataDir` tarball) instead of
   * running initdb. Tests open a hundred databases; one migrated snapshot spares each the
   * initdb and the migrations, about three quarters of an open.
   */
  pgliteSnapshot?: Blob | undefined;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  return opts.databaseUrl
    ? openPostgres(opts.databaseUrl, opts.schema)
    : openPglite(opts.pgliteDir, opts.pgliteSnapshot);
}

/** Connections the app's PostgreSQL pool opens at most (pg-boss keeps its own few). */
const POOL_MAX = 10;

async function openPostgres(url: string, schemaName?: string): Promise<Database> {
  if (schemaName) {
    if (!/^[a-z_][a-z0-9_]*$/.test(schemaName)) throw new Error(`Bad schema name ${schemaName}`);
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create schema if not exists ${schemaName}`);
    await admin.end();
  }
  const client = postgres(url, {
    max: POOL_MAX,
    onnotice: () => {},
    ...(schemaName ? { connection: { search_path: schemaName } } : {}),
    connect_timeout: 5,
    idle_timeout: 30,
  });
  // A deadlock or serialization failure runs the transaction again (db/retry.ts).
  // Drizzle's statements as named prepared statements: one round trip each, not two (prepared.ts).
  const db = retryTransactions(drizzlePostgres(preparingStatements(client), { schema }) as unknown as Db);
  return {
    kind: 'postgres',
    db,
    execScript: async (text) => {
      await client.unsafe(text).simple();
    },
    scriptTransaction: async (fn) =>
      (await client.begin((tx) =>
        fn(async (text) => {
          const result: unknown = await tx.unsafe(text).simple();
          const last = Array.isArray(result) && Array.isArray(result.at(-1)) ? result.at(-1) : result;
          return Array.isArray(last) ? (last as Row[]) : [];
        }),
      )) as Awaited<ReturnType<typeof fn>>,
    ping: async () => {
      await withTimeout(client`select 1`, 2000);
    },
    size: async () => {
      const [row] = await withTimeout(
        client`select pg_database_size(current_database())::text as bytes`,
        2000,
      );
      return row ? Number(row.bytes) : undefined;
    },
    poolMax: POOL_MAX,
    close: async () => {
      await client.end({ timeout: 5 });
    },
    listen: async (channel, onPayload, onRelisten) => {
      let listened = false;
      const { unlisten } = await client.listen(channel, onPayload, () => {
        if (listened) onRelisten?.();
        listened = true;
      });
      return unlisten;
    },
    notify: async (channel, payload) => {
      await client.notify(channel, payload);
    },
    jobs: { backend: 'postgres', connectionString: url, schema: schemaName },
  };
}

async function openPglite(dir: string | undefined, snapshot: Blob | undefined): Promise<Database> {
  if (dir) fs.mkdirSync(path.dirname(dir), { recursive: true });
  const client = dir
    ? await PGlite.create(dir)
    : await PGlite.create(snapshot ? { loadDataDir: snapshot } : {});
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  let closed = false;
  return {
    kind: 'pglite',
    db,
    execScript: async (text) => {
      await client.exec(text);
    },
    scriptTransaction: (fn) =>
      client.transaction((tx) =>
        fn(async (text) => {
          const results = await tx.exec(text);
          return (results.at(-1)?.rows ?? []) as Row[];
        }),
      ),
    ping: async () => {
      if (closed) throw new Error('database closed');
      await withTimeout(client.query('select 1'), 2000);
    },
    size: async () => (dir ? directorySize(dir) : undefined),
    poolMax: undefined,
    close: async () => {
      if (closed) return;
      closed = true;
      await client.close();
    },
    listen: async (channel, onPayload) => client.listen(channel, onPayload),
    notify: async (channel, payload) => {
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    jobs: { backend: 'pglite', client },
  };
}

/** Bytes of the files under `dir`, summed (the embedded database's directory). */
async function directorySize(dir: string): Promise<number> {
  let total = 0;
  const entries = await fs.promises.readdir(dir, { withFileTypes: true, recursive: true });
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    try {
      total += (await fs.promises.stat(path.join(entry.parentPath, entry.name))).size;
    } catch {
      // A file PostgreSQL removed meanwhile (a temporary one) counts for nothing.
    }
  }
  return total;
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    p.then(
      (v) => {
        clearTimeout(t);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(t);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}
