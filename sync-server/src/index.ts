import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { acquireDataDirLock, startServices } from './bootstrap.ts';
import { loadConfig } from './config/env.ts';
import { logger } from './lib/logger.ts';
import { endEventStreams } from './sync/pokes.ts';
import { startTombstonePruning } from './sync/versions.ts';

const SHUTDOWN_DEADLINE_MS = 8_000;

const config = loadConfig();
const releaseLock = acquireDataDirLock(config);
const services = await startServices(config);
const app = createApp(services.deps);
// Deletions older than the retention are pruned at start and hourly (an older cookie gets a full reset).
const pruner = startTombstonePruning(services.deps);

const server = serve({ fetch: app.fetch, port: config.port }, (info) => {
  logger.info(
    { port: info.port, database: services.deps.database.kind, url: config.publicUrl },
    `listening on http://localhost:${info.port}`,
  );
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down: finishing requests in flight');
  const deadline = setTimeout(() => {
    logger.error('shutdown deadline passed; exiting now');
    process.exit(1);
  }, SHUTDOWN_DEADLINE_MS);
  deadline.unref();
  // Stop accepting connections; in-flight requests finish, idle keep-alives close.
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    endEventStreams();
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  });
  await pruner.stop();
  await services.close().catch((err: unknown) => logger.error({ err }, 'closing the database failed'));
  releaseLock();
  logger.info('stopped');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
