import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { COMPILED_SERVER_ENV, DATA_TEMPLATE_ENV, entryArgs, run } from './stack.ts';

/**
 * Compiles the server as deployed (sync-server/dist, decision 038), so that the suite's stacks
 * run what production runs, without compiling TypeScript in every server and CLI process. Then
 * migrates and seeds one embedded database for the whole run (`admin migrate`, as a server's
 * first start would), so that each stack copies it instead of migrating its own: a fresh
 * PGlite migration costs several seconds of CPU per stack. Workers inherit the variables.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const compiled = await run('npm', ['run', 'compile', '-w', '@tournament/sync-server'], process.env);
  if (compiled.code !== 0)
    throw new Error(`compiling the server failed (exit ${compiled.code}):\n${compiled.output}`);
  process.env[COMPILED_SERVER_ENV] = '1';

  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'nomac-e2e-template-'));
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir };
  delete env.DATABASE_URL;
  const result = await run(process.execPath, [...entryArgs('admin'), 'migrate'], env);
  if (result.code !== 0) throw new Error(`admin migrate failed (exit ${result.code}):\n${result.output}`);
  // The lock file names the CLI's process, gone now: a copy must not carry it.
  await fs.rm(path.join(dir, 'server.lock'), { force: true });
  process.env[DATA_TEMPLATE_ENV] = dir;
  console.log(`e2e: stacks start from ${dir} (${result.output.trim()})`);
  return async () => {
    delete process.env[DATA_TEMPLATE_ENV];
    delete process.env[COMPILED_SERVER_ENV];
    await fs.rm(dir, { recursive: true, force: true });
  };
}
