import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import postgres from 'postgres';
import { createFaultDatabase, type FaultDatabase } from '../faults/database.ts';
import { startStack, type Stack, type StackUser } from '../src/stack.ts';

// The simulated venue's servers: N server processes over one database (PostgreSQL when
// DATABASE_URL is set, else embedded PGlite for a single server), behind a load balancer on
// loopback that pins each client to a server, moves it when its server stops answering, and
// can lose a share of the push acknowledgements on purpose.

export interface Topology {
  /** The load balancer's address: every actor talks to it. */
  url: string;
  servers: Stack[];
  balancer: Balancer;
  /** PostgreSQL only: the run's own database (SQL for the oracle, terminating connections). */
  db: FaultDatabase | null;
  /** Runs one read-only query on the day's database (PGlite: after `stopServers`). */
  query<T>(text: string): Promise<T[]>;
  stopServers(): Promise<void>;
  close(): Promise<void>;
}

export async function startTopology(opts: { servers: number; users: StackUser[] }): Promise<Topology> {
  const usePostgres = Boolean(process.env.DATABASE_URL);
  if (!usePostgres && opts.servers > 1)
    throw new Error('several servers need one PostgreSQL: set DATABASE_URL (PGlite serves one process)');
  const db = usePostgres ? await createFaultDatabase() : null;
  // One signing key for every server, so a token issued by one verifies on the others.
  const env: Record<string, string> = {
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    // The balancer forwards each actor's own address (X-Forwarded-For): rate limits per address
    // see a venue's devices, not the balancer.
    TRUSTED_PROXY: 'loopback',
    ...(db ? { DATABASE_URL: db.url() } : {}),
    // SIM_PROFILE=dir: each server process writes a V8 CPU profile there when it stops.
    ...(process.env.SIM_PROFILE
      ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${process.env.SIM_PROFILE}` }
      : {}),
  };
  const servers: Stack[] = [];
  let balancer: Balancer | undefined;
  try {
    // The first migrates the database and creates the accounts; the others join it.
    servers.push(await startStack({ users: opts.users, env }));
    servers.push(...(await Promise.all(Array.from({ length: opts.servers - 1 }, () => startStack({ env })))));
    balancer = await startBalancer(servers.map((s) => s.port));
  } catch (err) {
    await Promise.all(servers.map((s) => s.stop()));
    await db?.drop();
    throw err;
  }
  let stopped = false;
  const stopServers = async () => {
    if (stopped) return;
    stopped = true;
    await Promise.all(servers.map((s) => s.sigterm()));
  };
  return {
    url: balancer.url,
    servers,
    balancer,
    db,
    async query<T>(text: string): Promise<T[]> {
      if (db) return (await db.sql.unsafe(text)) as unknown as T[];
      const { PGlite } = await import('@electric-sql/pglite');
      const pg = await PGlite.create(path.join(servers[0]!.dataDir, 'pglite'));
      try {
        return (await pg.query<T>(text)).rows;
      } finally {
        await pg.close();
      }
    },
    stopServers,
    async close() {
      await balancer!.close();
      await stopServers();
      await Promise.all(servers.map((s) => s.stop()));
      await db?.drop();
    },
  };
}

/** The bare PostgreSQL transaction of the floor: begin, one indexed read, one write, commit. */
export async function barePostgresTransaction(url: string, times: number): Promise<number[]> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await sql`create temporary table sim_floor (id int primary key, n int)`;
    await sql`insert into sim_floor values (1, 0)`;
    const out: number[] = [];
    for (let i = 0; i < times; i++) {
      const t0 = performance.now();
      await sql.begin(async (tx) => {
        await tx`select n from sim_floor where id = 1`;
        await tx`update sim_floor set n = n + 1 where id = 1`;
      });
      out.push(performance.now() - t0);
    }
    return out;
  } finally {
    await sql.end({ timeout: 5 });
  }
}

interface Balancer {
  url: string;
  /** While > 0, that share of /sync/push answers is dropped after the server sent it. */
  loseAcks: number;
  /** Acknowledgements dropped so far. */
  acksLost: number;
  /** The upstream index a client key is pinned to now. */
  serverOf(key: string): number;
  /** After a kill at `at` (epoch ms): per client that failed since, ms from its failure to its next answer. */
  servedAgain(at: number): number[];
  close(): Promise<void>;
}

/** Header naming the actor, for stickiness (a real balancer would use a cookie or the address). */
export const CLIENT_HEADER = 'x-sim-client';
const DOWN_FOR_MS = 500;

async function startBalancer(ports: number[]): Promise<Balancer> {
  const downUntil = ports.map(() => 0);
  const pinned = new Map<string, number>();
  const failedAt = new Map<string, number>();
  const recovered = new Map<string, number>();
  const sockets = new Set<Socket>();
  const hash = (key: string) => crypto.createHash('sha1').update(key).digest().readUInt32BE(0);

  const pick = (key: string): number => {
    const now = Date.now();
    const current = pinned.get(key);
    if (current !== undefined && downUntil[current]! <= now) return current;
    const start = hash(key) % ports.length;
    for (let k = 0; k < ports.length; k++) {
      const i = (start + k) % ports.length;
      if (downUntil[i]! <= now) {
        pinned.set(key, i);
        return i;
      }
    }
    return start;
  };

  const state: Balancer = {
    url: '',
    loseAcks: 0,
    acksLost: 0,
    serverOf: pick,
    servedAgain(at) {
      // From each client's own first failure (a phone that next asks 5 s later waited for nothing).
      return [...recovered.entries()].flatMap(([k, t]) => {
        const failed = failedAt.get(k);
        return failed !== undefined && failed >= at ? [t - failed] : [];
      });
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const server = http.createServer((req, res) => {
    const key = String(req.headers[CLIENT_HEADER] ?? req.socket.remotePort);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const attempt = (tries: number) => {
        const i = pick(key);
        const up = http.request(
          {
            host: '127.0.0.1',
            port: ports[i],
            method: req.method,
            path: req.url,
            headers: { ...req.headers, 'x-forwarded-for': req.headers['x-forwarded-for'] ?? '127.0.0.1' },
          },
          (upRes) => {
            const lose = req.url === '/sync/push' && state.loseAcks > 0 && Math.random() < state.loseAcks;
            if (lose) {
              // The server did the work; the answer never reaches the tablet.
              upRes.resume();
              upRes.on('end', () => {
                state.acksLost++;
                res.destroy();
              });
              return;
            }
            if (upRes.statusCode && upRes.statusCode < 500 && failedAt.has(key) && !recovered.has(key))
              recovered.set(key, Date.now());
            res.writeHead(upRes.statusCode ?? 502, upRes.headers);
            upRes.pipe(res);
            upRes.on('error', () => res.destroy());
          },
        );
        up.on('error', (err: NodeJS.ErrnoException) => {
          downUntil[i] = Date.now() + DOWN_FOR_MS;
          if (!failedAt.has(key)) failedAt.set(key, Date.now());
          recovered.delete(key);
          // Refused before anything was sent: another server may take it. Cut mid-answer: the
          // client retries (its push is idempotent), as it would behind a real balancer.
          if (err.code === 'ECONNREFUSED' && tries < ports.length && !res.headersSent) attempt(tries + 1);
          else if (!res.headersSent) {
            res.writeHead(502);
            res.end();
          } else res.destroy();
        });
        res.on('close', () => up.destroy());
        up.end(body);
      };
      attempt(1);
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.once('close', () => sockets.delete(s));
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  state.url = `http://127.0.0.1:${port}`;
  return state;
}
