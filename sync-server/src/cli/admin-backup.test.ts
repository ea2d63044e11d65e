import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { inspectBackup } from '../db/backup.ts';
import { readOperatorEndpoint } from '../services/backups.ts';

// `admin backup` while the server runs on the embedded database (which only the server may
// open): the CLI asks that server, on loopback, with the token it left in DATA_DIR. Nobody
// else gets a backup from it. Then `admin restore` into an empty DATA_DIR, and its refusal of
// one that is not empty.

const run = promisify(execFile);
const SERVER_DIR = path.resolve(import.meta.dirname, '../..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'nomac-cli-backup-'));
const dataDir = path.join(work, 'data');
let server: ChildProcess | undefined;

afterAll(() => {
  if (server && server.exitCode === null) server.kill('SIGKILL');
  fs.rmSync(work, { recursive: true, force: true });
});

async function admin(env: Record<string, string>, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'src/cli/admin.ts', ...args], {
      cwd: SERVER_DIR,
      env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** Resolves once the server logs that it listens (pino JSON on stdout). */
function listening(proc: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    proc.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      if (/"msg":"listening/.test(buffer)) resolve();
    });
    proc.once('exit', (code) => reject(new Error(`server exited (${code}) before listening`)));
  });
}

function exited(proc: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (proc.exitCode !== null) resolve();
    else proc.once('exit', () => resolve());
  });
}

/** An address of this machine other than loopback, as a stranger on the network reaches it. */
function lanAddress(): string | undefined {
  for (const list of Object.values(os.networkInterfaces())) {
    for (const a of list ?? []) if (!a.internal && a.family === 'IPv4') return a.address;
  }
  return undefined;
}

/**
 * Five spawns of the CLI or the server (tsx, PGlite): about 30 s on an idle machine, minutes on
 * a busy 2-core one (a create-user took 90 s here while other suites ran).
 */
const SPAWN_TIMEOUT_MS = 600_000;

describe('admin backup and restore on the embedded database', () => {
  it(
    'backs up while the server runs, refuses strangers, and restores into an empty DATA_DIR only',
    async () => {
      const created = await admin(
        { DATA_DIR: dataDir },
        'create-user',
        '--email',
        'owner@example.com',
        '--password',
        'long enough pw',
        '--role',
        'SuperAdmin',
      );
      expect(created.code).toBe(0);

      server = spawn(process.execPath, ['--import', 'tsx', 'src/index.ts'], {
        cwd: SERVER_DIR,
        env: {
          ...process.env,
          PORT: '0',
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          SMTP_URL: '',
          LOG_LEVEL: 'info',
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      await listening(server);
      const endpoint = readOperatorEndpoint(dataDir);
      expect(endpoint).toBeDefined();
      expect(fs.statSync(path.join(dataDir, 'operator-endpoint.json')).mode & 0o077).toBe(0);

      const out = path.join(work, 'live.ndjson.gz');
      const backup = await admin({ DATA_DIR: dataDir }, 'backup', '--out', out);
      expect(backup.stderr).toBe('');
      expect(backup.code).toBe(0);
      expect(backup.stdout).toMatch(/Wrote .*live\.ndjson\.gz/);
      expect(fs.statSync(out).mode & 0o077).toBe(0);
      const { header, end } = await inspectBackup(out);
      expect(header.database).toBe('pglite');
      expect(end.secrets).toBe(1); // the jwt-secret the server generated

      // Nobody else: not without the token, not through a proxy on this machine, not from the network.
      const url = `http://127.0.0.1:${endpoint!.port}/operator/backup`;
      const withToken = { Authorization: `Bearer ${endpoint!.token}` };
      expect((await fetch(url, { method: 'POST' })).status).toBe(401);
      expect(
        (await fetch(url, { method: 'POST', headers: { Authorization: 'Bearer guessed' } })).status,
      ).toBe(401);
      expect(
        (await fetch(url, { method: 'POST', headers: { ...withToken, 'X-Forwarded-For': '203.0.113.9' } }))
          .status,
      ).toBe(403);
      const lan = lanAddress();
      if (lan) {
        const res = await fetch(`http://${lan}:${endpoint!.port}/operator/backup`, {
          method: 'POST',
          headers: withToken,
        });
        expect(res.status).toBe(403);
      }

      server.kill('SIGTERM');
      await exited(server);
      expect(readOperatorEndpoint(dataDir)).toBeUndefined();

      const fresh = path.join(work, 'fresh');
      const restored = await admin({ DATA_DIR: fresh }, 'restore', '--in', out);
      expect(restored.stderr).toBe('');
      expect(restored.code).toBe(0);
      expect(fs.readFileSync(path.join(fresh, 'jwt-secret'), 'utf8')).toBe(
        fs.readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8'),
      );
      expect(restored.stdout).toMatch(/Restored .* into pglite: \d+ rows/);

      const refused = await admin({ DATA_DIR: fresh }, 'restore', '--in', out);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/Nothing was restored: the target is not empty/);
    },
    SPAWN_TIMEOUT_MS,
  );
});
