import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { AccountRole } from '@tournament/shared';
import { startMailCatcher, type ParsedMail } from './mail-catcher.ts';

/** The repository root: the server and the admin CLI run from here. */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * The environment variable that makes stacks run the compiled server (sync-server/dist, as
 * deployed) with plain `node`: the e2e suite's global setup compiles it once and sets it. Without
 * it (the simulator, the benches, the faults suite) stacks run the TypeScript source under tsx,
 * which compiles in each process: about a second more per start and three more of CPU per admin
 * CLI run.
 */
export const COMPILED_SERVER_ENV = 'NOMAC_E2E_COMPILED_SERVER';

/** The node arguments that run the server or the admin CLI. */
export function entryArgs(which: 'server' | 'admin'): string[] {
  if (process.env[COMPILED_SERVER_ENV] === '1')
    return [which === 'server' ? 'sync-server/dist/index.js' : 'sync-server/dist/cli/admin.js'];
  return [
    '--import',
    'tsx',
    which === 'server' ? 'sync-server/src/index.ts' : 'sync-server/src/cli/admin.ts',
  ];
}

const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;

/** The environment variable naming a migrated, seeded PGlite data directory that stacks copy. */
export const DATA_TEMPLATE_ENV = 'NOMAC_E2E_DATA_TEMPLATE';

// Servers still running when the test process exits (a crashed worker, a forgotten
// stop()) would hold their port and data directory: kill them on the way out.
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const proc of running) proc.kill('SIGKILL');
});

/** The account roles of the one role table (shared/src/domain/roles.ts). */
export type Role = AccountRole;

export interface StackUser {
  email: string;
  password: string;
  role: Role;
  first?: string;
  last?: string;
}

export interface StackOptions {
  /** Accounts created with the admin CLI before the server starts. */
  users?: StackUser[];
  /** Extra server environment (docs/design.md §3 variables, or anything else). */
  env?: Record<string, string>;
  /** Called once the server process is spawned, before it is healthy, with its log so far. */
  onSpawn?: (serverLog: () => string) => void;
}

export interface ApiResult<T> {
  status: number;
  /** The parsed JSON body; `undefined` when the body is empty or not JSON. */
  json: T;
  text: string;
}

export interface Stack {
  baseUrl: string;
  port: number;
  dataDir: string;
  mail: {
    messages: ParsedMail[];
    waitFor(pred: (m: ParsedMail) => boolean, timeoutMs?: number): Promise<ParsedMail>;
  };
  /** A JSON request: `api('PUT', '/api/email/contactUs', body)`; pass `T` to type the answer. */
  api<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    token?: string,
  ): Promise<ApiResult<T>>;
  /** Signs in through `POST /api/users/authenticate` and returns the access token. */
  signIn(email: string, password: string): Promise<string>;
  /** SIGTERM, wait for the exit, close the SMTP server, remove the data directory. */
  stop(): Promise<void>;
  /** SIGKILL the server (a crash); `restart()` brings it back on the same data. */
  kill9(): void;
  /** SIGTERM the server and wait for its exit; resolves with its exit code. */
  sigterm(): Promise<number | null>;
  /** Starts the server again on the same DATA_DIR and port (stopping it first if it runs). */
  restart(): Promise<void>;
  /** Everything the server printed (stdout and stderr) across all its starts. */
  serverLog(): string;
}

/** The stacks of this worker not yet stopped (a failed test prints their logs: failure-log.ts). */
const openStacks = new Set<Stack>();
export const runningStacks = (): readonly Stack[] => [...openStacks];

/**
 * A real server process on a fresh embedded database, with a real SMTP server catching
 * its mail. DATABASE_URL is not passed through: each stack owns its data (pass it in
 * `opts.env` to run against PostgreSQL on purpose).
 */
export async function startStack(opts: StackOptions = {}): Promise<Stack> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nomac-e2e-'));
  const mail = await startMailCatcher();
  let log = '';
  let child: ChildProcess | undefined;
  let exited: Promise<number | null> = Promise.resolve(null);

  try {
    const port = await freePort();
    const baseUrl = `http://localhost:${port}`;
    const env = serverEnv({
      PORT: String(port),
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
      PUBLIC_URL: baseUrl,
      ...opts.env,
    });

    // A PGlite stack starts from the run's migrated data directory when there is one
    // (global-setup.ts), instead of migrating a fresh database itself.
    const template = process.env[DATA_TEMPLATE_ENV];
    if (template && !env.DATABASE_URL) await fs.cp(template, dataDir, { recursive: true });

    if (opts.users?.length) {
      const accounts = opts.users.map(({ email, password, role, first, last }) => ({
        email,
        password,
        role,
        first,
        last,
      }));
      // The passwords go through a file beside the data directory, read by one CLI run.
      const file = `${dataDir}.users.json`;
      await fs.writeFile(file, JSON.stringify(accounts), { mode: 0o600 });
      try {
        const result = await run(
          process.execPath,
          [...entryArgs('admin'), 'create-users', '--file', file],
          env,
        );
        log += `$ admin create-users (${opts.users.map((u) => `${u.email} ${u.role}`).join(', ')})\n${result.output}`;
        if (result.code !== 0)
          throw new Error(`admin create-users failed (exit ${result.code}):\n${result.output}`);
      } finally {
        await fs.rm(file, { force: true });
      }
    }

    const start = async () => {
      const proc = spawn(process.execPath, entryArgs('server'), {
        cwd: REPO_ROOT,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = proc;
      running.add(proc);
      proc.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
      proc.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
      exited = new Promise((resolve) =>
        proc.once('exit', (code) => {
          running.delete(proc);
          resolve(code);
        }),
      );
      opts.onSpawn?.(() => log);
      await waitForHealth(baseUrl, proc, () => log);
    };

    const stopServer = async () => {
      const proc = child;
      if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    };

    await start();

    const api = async <T = Record<string, unknown>>(
      method: string,
      urlPath: string,
      body?: unknown,
      token?: string,
    ): Promise<ApiResult<T>> => {
      const res = await fetch(baseUrl + urlPath, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return answerOf<T>(res);
    };

    const stack: Stack = {
      baseUrl,
      port,
      dataDir,
      mail: { messages: mail.messages, waitFor: mail.waitFor },
      api,
      async signIn(email, password) {
        const res = await api<{ token?: unknown; user?: { token?: unknown } }>(
          'POST',
          '/api/users/authenticate',
          {
            username: email,
            password,
          },
        );
        const token = res.json?.user?.token ?? res.json?.token;
        if (res.status !== 200 || typeof token !== 'string') {
          throw new Error(`sign-in as ${email} failed: ${res.status} ${res.text}`);
        }
        return token;
      },
      async stop() {
        openStacks.delete(stack);
        await stopServer();
        await mail.close();
        await fs.rm(dataDir, { recursive: true, force: true });
      },
      kill9() {
        child?.kill('SIGKILL');
      },
      async sigterm() {
        child?.kill('SIGTERM');
        return exited;
      },
      async restart() {
        await stopServer();
        await exited;
        await start();
      },
      serverLog: () => log,
    };
    openStacks.add(stack);
    return stack;
  } catch (err) {
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
    await mail.close();
    await fs.rm(dataDir, { recursive: true, force: true });
    throw err;
  }
}

/**
 * The inherited environment minus what would make stacks share state or change the
 * server's behaviour, plus `vars`. Vitest's workers set NODE_ENV=test, VITEST and the
 * import.meta.env mirror (MODE, DEV, PROD, SSR, BASE_URL): the server under test runs as
 * `npm start` runs it, logs included.
 */
function serverEnv(vars: Record<string, string>): NodeJS.ProcessEnv {
  const dropped = new Set([
    ...['DATABASE_URL', 'JWT_SECRET', 'PORT', 'DATA_DIR', 'SMTP_URL', 'PUBLIC_URL'],
    ...['NODE_ENV', 'TEST', 'MODE', 'DEV', 'PROD', 'SSR', 'BASE_URL', 'FORCE_TTY'],
  ]);
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!dropped.has(name) && !name.startsWith('VITEST')) env[name] = value;
  }
  return { ...env, ...vars };
}

/** A response as `api` answers it: the status, the body parsed as JSON (else undefined), the text. */
export async function answerOf<T>(res: Response): Promise<ApiResult<T>> {
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, json: json as T, text };
}

/** A TCP port the OS says is free right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Runs a command from the repository root; resolves with its exit code and everything it printed. */
export function run(
  cmd: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(cmd, args, { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    proc.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    proc.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    proc.once('error', reject);
    proc.once('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

async function waitForHealth(baseUrl: string, proc: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null || proc.signalCode !== null) {
      throw new Error(
        `the server exited (${proc.exitCode ?? proc.signalCode}) before it was healthy:\n${log()}`,
      );
    }
    try {
      const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  proc.kill('SIGKILL');
  throw new Error(`the server was not healthy within ${START_TIMEOUT_MS} ms:\n${log()}`);
}
