// `npm run bench -w @tournament/sync-server` (or `npx tsx bench/start.ts` in sync-server):
// the time from spawning the server to its first answers, for the production build beside
// `npm start`'s way of running it, with a bare Hono server as the floor, all in this run.
//
// Each is started ROUNDS times on the same already-migrated DATA_DIR (a restart, the common
// case on a venue day) and timed from spawn to the first 200 of GET /api/health, then to the
// first 200 of GET / (the rendered home page). Rows:
//   floor       node running a bare Hono route (@hono/node-server), no database
//   production  node sync-server/dist/index.js (npm run start:prod), plain JavaScript
//   npm start   tsx sync-server/src/index.ts, what `npm start` runs once the web app is built
//               (turbo's build of it is a cache hit and not counted)
// Needs the web app and the server built (`npm run build`); prints medians, never asserts.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ROOT = path.resolve(import.meta.dirname, '../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');

for (const built of ['web/dist/index.html', 'sync-server/dist/index.js']) {
  if (!fs.existsSync(path.join(ROOT, built))) {
    console.error(`${built} is missing: run npm run build first`);
    process.exit(1);
  }
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'nomac-bench-start-'));
const dataDir = path.join(work, 'data');
const bareScript = path.join(work, 'bare.mjs');
fs.writeFileSync(
  bareScript,
  `import { serve } from '@hono/node-server';
import { Hono } from 'hono';
const app = new Hono();
app.get('/api/health', (c) => c.json({ ok: true }));
app.get('/', (c) => c.html('<!doctype html><title>bare</title>'));
serve({ fetch: app.fetch, port: Number(process.env.PORT) });
`,
);
// The bare script resolves hono from the repository's node_modules.
fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(work, 'node_modules'));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** Polls `url` every 20 ms until it answers 200; answers the milliseconds since `t0`. */
async function firstOk(url: string, t0: number, child: ChildProcess): Promise<number> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) before ${url} answered`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status === 200) return performance.now() - t0;
    } catch {
      // not listening yet
    }
    if (performance.now() - t0 > 120_000) throw new Error(`${url} did not answer 200 within 120 s`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function startOnce(command: string, args: string[]): Promise<{ health: number; home: number }> {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const health = await firstOk(`http://127.0.0.1:${port}/api/health`, t0, child);
    const home = await firstOk(`http://127.0.0.1:${port}/`, t0, child);
    return { health, home };
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

const runs = {
  floor: [process.execPath, [bareScript]],
  production: [process.execPath, ['sync-server/dist/index.js']],
  'npm start': [TSX, ['sync-server/src/index.ts']],
} as const;

try {
  // The first start creates, migrates and seeds the database; it is not counted.
  await startOnce(process.execPath, ['sync-server/dist/index.js']);
  const results: Record<string, { health: number[]; home: number[] }> = {};
  for (const name of Object.keys(runs)) results[name] = { health: [], home: [] };
  for (let round = 0; round < ROUNDS; round++) {
    // Interleaved, so a noisy moment of the machine falls on every row alike.
    for (const [name, [command, args]] of Object.entries(runs)) {
      const r = await startOnce(command, [...args]);
      results[name]!.health.push(r.health);
      results[name]!.home.push(r.home);
    }
  }
  const floor = results.floor!;
  console.log(`\nserver start to first answers, median of ${ROUNDS} (a restart on a migrated DATA_DIR, Node ${process.version}, load ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores)`);
  console.log('| run | GET /api/health 200 | ratio to floor | GET / 200 | ratio to floor |');
  console.log('|---|---|---|---|---|');
  for (const [name, r] of Object.entries(results)) {
    const h = median(r.health);
    const p = median(r.home);
    console.log(
      `| ${name} | ${h.toFixed(0)} ms | ${(h / median(floor.health)).toFixed(1)}x | ${p.toFixed(0)} ms | ${(p / median(floor.home)).toFixed(1)}x |`,
    );
  }
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
