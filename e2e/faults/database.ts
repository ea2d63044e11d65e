import crypto from 'node:crypto';
import postgres from 'postgres';

// The fault suite's PostgreSQL: a database of its own per test file on the server CI starts,
// reached by the tests directly (to check what was stored, and to terminate the server's
// connections) while the server under test goes through a proxy (pg-proxy.ts).

/** The PostgreSQL the suite creates its databases on. */
export const ADMIN_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

export interface FaultDatabase {
  name: string;
  /** The database's URL on the real port, or on `port` (a proxy in front of it). */
  url(port?: number): string;
  /** The tests' own connection to it (application_name `faults-test`). */
  sql: postgres.Sql;
  /** Ends every connection the server under test holds to this database; answers how many. */
  terminateServerConnections(): Promise<number>;
  /** How many of the server's connections are running a query or inside a transaction. */
  busyServerConnections(): Promise<number>;
  drop(): Promise<void>;
}

export async function createFaultDatabase(): Promise<FaultDatabase> {
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  const name = `faults_${crypto.randomBytes(5).toString('hex')}`;
  await admin.unsafe(`create database ${name}`);
  const base = new URL(ADMIN_URL);
  const url = (port?: number) => {
    const u = new URL(base);
    u.pathname = `/${name}`;
    if (port !== undefined) u.port = String(port);
    return u.toString();
  };
  const sql = postgres(url(), { max: 2, onnotice: () => {}, connection: { application_name: 'faults-test' } });
  return {
    name,
    url,
    sql,
    async terminateServerConnections() {
      const rows = await admin`
        select pg_terminate_backend(pid) from pg_stat_activity
        where datname = ${name} and application_name <> 'faults-test'`;
      return rows.length;
    },
    async busyServerConnections() {
      const [row] = await admin<{ n: number }[]>`
        select count(*)::int as n from pg_stat_activity
        where datname = ${name} and application_name <> 'faults-test'
          and state in ('active', 'idle in transaction')`;
      return row?.n ?? 0;
    },
    async drop() {
      await sql.end({ timeout: 5 });
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end({ timeout: 5 });
    },
  };
}
