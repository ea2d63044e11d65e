import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DATA_TEMPLATE_ENV, REPO_ROOT } from './stack.ts';

/**
 * Migrates and seeds one embedded database for the whole run (`admin migrate`, as a server's
 * first start would), so that each stack copies it instead of migrating its own: a fresh
 * PGlite migration costs several seconds of CPU per stack. Workers inherit the variable.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'nomac-e2e-template-'));
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir };
  delete env.DATABASE_URL;
  const output = await new Promise<string>((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', 'sync-server/src/cli/admin.ts', 'migrate'], {
      cwd: REPO_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let text = '';
    proc.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    proc.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
    proc.once('error', reject);
    proc.once('close', (code) =>
      code === 0 ? resolve(text) : reject(new Error(`admin migrate failed (exit ${code}):\n${text}`)),
    );
  });
  // The lock file names the CLI's process, gone now: a copy must not carry it.
  await fs.rm(path.join(dir, 'server.lock'), { force: true });
  process.env[DATA_TEMPLATE_ENV] = dir;
  console.log(`e2e: stacks start from ${dir} (${output.trim()})`);
  return async () => {
    delete process.env[DATA_TEMPLATE_ENV];
    await fs.rm(dir, { recursive: true, force: true });
  };
}
