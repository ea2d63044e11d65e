import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono, type Context } from 'hono';
import { writeBackup } from '../db/backup.ts';
import type { AppEnv } from '../http/context.ts';
import { logger } from '../lib/logger.ts';
import { sameToken } from '../services/backups.ts';

// The admin CLI's way into a running server on the embedded database (decision 040), which
// it cannot open itself: POST /operator/backup answers a backup file. Only a caller on this
// machine (loopback, not relayed by a proxy: a reverse proxy on the same machine would make
// any visitor look local) that shows the token this server left in DATA_DIR, readable by the
// operator's account only. Not under /api: no account, no role, no browser ever calls it.

const RELAY_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host'];

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.replace(/^::ffff:/i, '');
  return a === '::1' || a.startsWith('127.');
}

function peerAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined; // app.request() in tests: no socket, so no loopback either
  }
}

/** Why the request is refused, or undefined when it may have a backup. */
export function operatorRefusal(
  c: Context<AppEnv>,
  expected: string | undefined,
): { status: 401 | 403 | 404; message: string } | undefined {
  if (!expected) return { status: 404, message: 'Not found.' };
  if (!isLoopback(peerAddress(c)) || RELAY_HEADERS.some((h) => c.req.header(h) !== undefined))
    return { status: 403, message: 'Backups are given to the operator on this machine only.' };
  const auth = c.req.header('Authorization') ?? '';
  if (!auth.startsWith('Bearer ') || !sameToken(auth.slice(7).trim(), expected))
    return { status: 401, message: 'The operator token is missing or wrong.' };
  return undefined;
}

export const operatorRoutes = new Hono<AppEnv>().post('/backup', async (c) => {
  const deps = c.get('deps');
  const refusal = operatorRefusal(c, deps.operatorToken);
  if (refusal) {
    logger.warn({ status: refusal.status }, 'operator backup request refused');
    return c.json({ message: refusal.message }, refusal.status);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nomac-backup-'));
  const file = path.join(dir, 'backup.ndjson.gz');
  const cleanup = () => fs.rmSync(dir, { recursive: true, force: true });
  try {
    await writeBackup(
      { database: deps.database, dataDir: deps.config.dataDir, s3Bucket: deps.config.s3?.bucket },
      file,
    );
  } catch (err) {
    cleanup();
    throw err;
  }
  const stream = fs.createReadStream(file);
  stream.on('close', cleanup);
  logger.info({ bytes: fs.statSync(file).size }, 'backup given to the admin CLI');
  return new Response(Readable.toWeb(stream) as ReadableStream, {
    headers: { 'Content-Type': 'application/gzip', 'Cache-Control': 'no-store' },
  });
});
