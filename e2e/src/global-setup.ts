import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ADMIN_CLI, DATA_TEMPLATE_ENV, run } from './stack.ts';

/**
 * Migrates and seeds one embedded database for the whole run (`admin migrate`, as a server's
 * first start would), so that each stack copies it instead of migrating its own: a fresh
 * PGlite migration costs several seconds of CPU per stack. Workers inherit the variable.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'nomac-e2e-template-'));
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir };
  delete env.DATABASE_URL;
  const result = await run(process.execPath, ['--import', 'tsx', ADMIN_CLI, 'migrate'], env);
  if (result.code !== 0) throw new Error(`admin migrate failed (exit ${result.code}):\n${result.output}`);
  // The lock file names the CLI's process, gone now: a copy must not carry it.
  await fs.rm(path.join(dir, 'server.lock'), { force: true });
  process.env[DATA_TEMPLATE_ENV] = dir;
  console.log(`e2e: stacks start from ${dir} (${result.output.trim()})`);
  return async () => {
    delete process.env[DATA_TEMPLATE_ENV];
    await fs.rm(dir, { recursive: true, force: true });
  };
}
