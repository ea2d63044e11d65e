import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The real server process: SIGTERM lets the request in flight finish, closes the
// database and exits 0 before the 10 s a container runtime waits.

const SERVER_DIR = path.resolve(import.meta.dirname, '..');
const PORT = 3431;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nomac-shutdown-'));
let child: ChildProcess | undefined;

afterAll(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Resolves with the first log line (pino JSON) whose msg matches. */
function logLine(proc: ChildProcess, msg: RegExp): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    const onData = (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        try {
          const entry = JSON.parse(line) as Record<string, unknown>;
          if (typeof entry.msg === 'string' && msg.test(entry.msg)) {
            proc.stdout?.off('data', onData);
            resolve(entry);
            return;
          }
        } catch {
          // not a log line
        }
      }
    };
    proc.stdout?.on('data', onData);
    proc.once('exit', (code) => reject(new Error(`server exited (${code}) before logging ${msg}`)));
  });
}

function exited(proc: ChildProcess, withinMs: number): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`still running ${withinMs} ms after SIGTERM`)), withinMs);
    proc.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

// Spawning the server (tsx, PGlite) is slow on a busy 2-core machine: a generous timeout.
const SPAWN_TIMEOUT_MS = 90_000;

describe('graceful shutdown', () => {
  it(
    'finishes the request in flight, ends event streams, then exits 0 within 10 s of SIGTERM',
    async () => {
      child = spawn(process.execPath, ['--import', 'tsx', 'src/index.ts'], {
        cwd: SERVER_DIR,
        env: {
          ...process.env,
          PORT: String(PORT),
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          SMTP_URL: '',
          LOG_LEVEL: 'info',
          NODE_ENV: 'production',
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const server = child;
      let log = '';
      server.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
      await logLine(server, /^listening/);

      // A contact message whose body arrives in two parts: the request is in flight
      // when SIGTERM comes and completes after it.
      const body = JSON.stringify({
        firstName: 'Kim',
        lastName: 'Lavoie',
        email: 'kim@example.com',
        message: 'Still there?',
      });
      const req = http.request({
        host: '127.0.0.1',
        port: PORT,
        method: 'PUT',
        path: '/api/email/contactUs',
        // The server answers "100 Continue" once it has parsed the headers: from then on
        // the request is surely in flight on its side.
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
          Expect: '100-continue',
        },
      });
      const answer = new Promise<{ status: number; json: unknown }>((resolve, reject) => {
        req.on('response', (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) as unknown }));
        });
        req.on('error', reject);
      });
      await new Promise<void>((resolve) => {
        req.once('continue', () => resolve());
        req.flushHeaders();
      });

      // A tablet listening for sync pokes: its stream never ends by itself, so the server
      // must end it on SIGTERM or miss its deadline (and exit 1).
      const events = await new Promise<http.IncomingMessage>((resolve, reject) => {
        http.get({ host: '127.0.0.1', port: PORT, path: '/sync/events?scope=signage' }, resolve).on('error', reject);
      });
      expect(events.statusCode).toBe(200);
      const eventsEnded = new Promise<void>((resolve) => {
        events.on('end', resolve);
        events.on('close', resolve);
        events.resume();
      });

      const stopping = logLine(server, /^shutting down/);
      const exit = exited(server, 10_000);
      server.kill('SIGTERM');
      await stopping;

      req.end(body);
      const res = await answer;
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ message: 'Thank you! Your message has been sent to our team.' });

      await eventsEnded;
      expect(await exit).toBe(0);
      expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);

      // Structured logs: one JSON line per request with its id, and no personal data
      // (the sender's e-mail, name and message went to the dev mailbox, not the log).
      const entries = log
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(entries.map((e) => e.msg)).toContain('stopped');
      const request = entries.find((e) => e.msg === 'request' && e.path === '/api/email/contactUs');
      expect(request).toMatchObject({ method: 'PUT', status: 200, requestId: expect.any(String) });
      expect(entries.some((e) => e.msg === 'mail (no SMTP_URL): kept in the dev mailbox')).toBe(true);
      for (const personal of ['kim@example.com', 'Lavoie', 'Still there?'])
        expect(log).not.toContain(personal);
    },
    SPAWN_TIMEOUT_MS,
  );
});
