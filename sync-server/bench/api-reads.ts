// `npm run bench -w @tournament/sync-server`: public reads against a bare Hono route.
//
// A child process serves two ports: the real app (migrated and seeded on a temp DATA_DIR,
// its usual logging and middleware) and a bare Hono app with one JSON route. This process
// runs autocannon against each in turn (a warm-up, then interleaved rounds), and prints the
// median requests/s and p99 latency with the ratio to the bare route. The figures are printed, never asserted.
// A floor row: the bare app sending the very bytes of GET /api/tournaments (its body and every
// header the app sets, the security headers included) from a constant, so the cost of those
// bytes on the wire is told apart from the app's own work (decision 020).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const APP_PORT = Number(process.env.BENCH_APP_PORT ?? 3440);
const BARE_PORT = Number(process.env.BENCH_BARE_PORT ?? 3441);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WARMUP_SECONDS = 1;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

if (process.argv[2] === '--serve') {
  await serve();
} else {
  await measure();
}

/** The child: the app and the bare route, side by side in one process. */
async function serve() {
  const { serve: listen } = await import('@hono/node-server');
  const { Hono } = await import('hono');
  const { createApp } = await import('../src/app.ts');
  const { startServices } = await import('../src/bootstrap.ts');
  const { loadConfig } = await import('../src/config/env.ts');

  const config = loadConfig();
  const services = await startServices(config);
  const app = createApp(services.deps);
  const bare = new Hono();
  bare.get('/bare', (c) => c.json({ ok: true }));
  const sample = await app.request('/api/tournaments');
  const sameBody = await sample.text();
  const sameHeaders: Record<string, string> = {};
  sample.headers.forEach((value, name) => {
    if (name !== 'content-length') sameHeaders[name] = value;
  });
  bare.get('/same-bytes', () => new Response(sameBody, { status: 200, headers: sameHeaders }));

  await Promise.all([
    new Promise<void>((resolve) => listen({ fetch: app.fetch, port: APP_PORT }, () => resolve())),
    new Promise<void>((resolve) => listen({ fetch: bare.fetch, port: BARE_PORT }, () => resolve())),
  ]);
  process.send?.('ready');
  process.on('SIGTERM', () => {
    void services.close().finally(() => process.exit(0));
  });
}

async function measure() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nomac-bench-'));
  const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, '--serve'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: process.env.DATABASE_URL ?? '',
      PORT: String(APP_PORT),
      NODE_ENV: 'production',
    },
    // The server logs as in production (one line per request); the lines are discarded here.
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  try {
    await new Promise<void>((resolve, reject) => {
      child.once('message', () => resolve());
      child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    });

    const targets = [
      { name: 'bare Hono route', url: `http://127.0.0.1:${BARE_PORT}/bare` },
      { name: 'floor: same bytes', url: `http://127.0.0.1:${BARE_PORT}/same-bytes` },
      { name: 'GET /api/tournaments', url: `http://127.0.0.1:${APP_PORT}/api/tournaments` },
      { name: 'GET /api/event-types', url: `http://127.0.0.1:${APP_PORT}/api/event-types` },
    ];
    // Interleaved rounds, median per route: other work on the machine then weighs on
    // every route alike instead of on whichever ran during a busy moment.
    const samples = new Map<string, { rps: number; p99: number; non2xx: number; errors: number }[]>();
    for (const target of targets) {
      await autocannon({ url: target.url, connections: CONNECTIONS, duration: WARMUP_SECONDS });
    }
    for (let round = 0; round < ROUNDS; round++) {
      for (const target of targets) {
        const r = await autocannon({ url: target.url, connections: CONNECTIONS, duration: SECONDS });
        const list = samples.get(target.name) ?? [];
        list.push({ rps: r.requests.average, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors });
        samples.set(target.name, list);
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    const rows = targets.map((target) => {
      const list = samples.get(target.name) ?? [];
      return {
        name: target.name,
        rps: median(list.map((x) => x.rps)),
        p99: median(list.map((x) => x.p99)),
        non2xx: list.reduce((n, x) => n + x.non2xx, 0),
        errors: list.reduce((n, x) => n + x.errors, 0),
      };
    });

    const bare = rows[0]!;
    console.log(
      `\n${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${SECONDS} s per route (median) after a ${WARMUP_SECONDS} s warm-up, database: ${
        process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'
      }, ${os.cpus().length} CPUs\n`,
    );
    console.log(
      `${'route'.padEnd(24)}${'req/s'.padStart(10)}${'p99 ms'.padStart(9)}${'req/s vs bare'.padStart(16)}${'p99 vs bare'.padStart(14)}`,
    );
    for (const r of rows) {
      const ratio = `${Math.round((r.rps / bare.rps) * 100)}%`;
      const p99Ratio = bare.p99 > 0 ? `${(r.p99 / bare.p99).toFixed(2)}x` : 'n/a';
      const bad = r.non2xx + r.errors > 0 ? `  (${r.non2xx} non-2xx, ${r.errors} errors)` : '';
      console.log(
        `${r.name.padEnd(24)}${r.rps.toFixed(0).padStart(10)}${String(r.p99).padStart(9)}${ratio.padStart(16)}${p99Ratio.padStart(14)}${bad}`,
      );
    }
    const GOAL = 0.6;
    console.log(`\nGoal (decision 020): each public read at ${GOAL * 100}% or more of the bare route, with logging on (printed, not asserted).`);
    for (const r of rows.slice(2)) {
      const ratio = r.rps / bare.rps;
      console.log(`  ${r.name.padEnd(24)} ${ratio.toFixed(2)}x  (goal >= ${GOAL.toFixed(2)}x)  ${ratio >= GOAL ? 'meets goal' : 'BELOW GOAL'}`);
    }
    const floor = rows[1];
    if (floor) {
      console.log(
        `  floor: the bare route sending the same bytes (headers and body) runs at ${(floor.rps / bare.rps).toFixed(2)}x; the reads at ${rows
          .slice(2)
          .map((r) => `${((r.rps / floor.rps) * 100).toFixed(0)}%`)
          .join(' and ')} of that floor.`,
      );
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
