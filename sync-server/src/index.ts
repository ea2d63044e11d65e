import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { acquireDataDirLock, startServices, type Services } from './bootstrap.ts';
import { loadConfig, type Config } from './config/env.ts';
import { outageCode } from './db/unavailable.ts';
import { logger } from './lib/logger.ts';
import { writeOperatorEndpoint } from './services/backups.ts';
import { endEventStreams } from './sync/pokes.ts';
import { startTombstonePruning } from './sync/versions.ts';

/**
 * Requests in flight, the job queue's handlers and the database get this long after SIGTERM
 * (a push of a long outbox under load takes seconds); systemd's TimeoutStopSec (90 s by
 * default) must be longer.
 */
const SHUTDOWN_DEADLINE_MS = 30_000;
/** Longest pause between two tries to reach the database at start. */
const START_RETRY_MAX_MS = 30_000;

// The last resort: an error nothing handled leaves the process in a state no one knows. It is
// logged and the process exits non-zero, so its supervisor (systemd's Restart=always, see the
// README) starts a fresh one. Failures we expect, such as the database going away, are
// handled where they happen and never reach here.
process.on('uncaughtException', (err) => {
  logger.fatal({ err }, 'uncaught exception; exiting so that the supervisor restarts the server');
  process.exit(1);
});
process.on('unhandledRejection', (reason) => {
  logger.fatal({ err: reason }, 'unhandled rejection; exiting so that the supervisor restarts the server');
  process.exit(1);
});

let stopping = false;
let stop: (() => Promise<void>) | undefined;

async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down: finishing requests in flight');
  const deadline = setTimeout(() => {
    logger.error('shutdown deadline passed; exiting now');
    process.exit(1);
  }, SHUTDOWN_DEADLINE_MS);
  deadline.unref();
  await stop?.();
  logger.info('stopped');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

/** Where the database is, for the log: host, port and name, never the password. */
function databaseLabel(config: Config): string {
  if (!config.databaseUrl) return 'embedded PGlite';
  try {
    const u = new URL(config.databaseUrl);
    return `${u.hostname}:${u.port || '5432'}${u.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

/**
 * Opens, migrates and seeds the database; while it cannot be reached (PostgreSQL still
 * starting, a network not yet up), says so in one line and tries again with a growing pause.
 */
async function startWhenReachable(config: Config): Promise<Services | undefined> {
  for (let attempt = 1; !stopping; attempt++) {
    try {
      return await startServices(config);
    } catch (err) {
      const code = outageCode(err);
      if (!code) throw err;
      const pause = Math.min(START_RETRY_MAX_MS, 1000 * 2 ** (attempt - 1));
      logger.error(
        { code, database: databaseLabel(config), attempt, retryInSeconds: pause / 1000 },
        `cannot reach the database at ${databaseLabel(config)} (${code}); trying again in ${pause / 1000} s`,
      );
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
  return undefined;
}

async function main() {
  const config = loadConfig();
  const releaseLock = acquireDataDirLock(config);
  stop = async () => releaseLock();
  const services = await startWhenReachable(config);
  if (!services) return; // Stopped before the database was reached.
  const app = createApp(services.deps);
  // Deletions older than the retention are pruned at start and hourly (an older cookie gets a full reset).
  const pruner = startTombstonePruning(services.deps);

  // The admin CLI cannot open the embedded database while this process holds it: it asks
  // this server for backups instead, on loopback, with the token left here (decision 040).
  let removeEndpoint = () => {};
  const server = serve({ fetch: app.fetch, port: config.port }, (info) => {
    if (!config.databaseUrl && services.deps.operatorToken) {
      removeEndpoint = writeOperatorEndpoint(config.dataDir, {
        port: info.port,
        token: services.deps.operatorToken,
        pid: process.pid,
      });
    }
    logger.info(
      { port: info.port, database: services.deps.database.kind, url: config.publicUrl },
      `listening on http://localhost:${info.port}`,
    );
  });
  stop = async () => {
    // Stop accepting connections; in-flight requests finish, idle keep-alives close.
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      endEventStreams();
      if ('closeIdleConnections' in server) server.closeIdleConnections();
    });
    removeEndpoint();
    await pruner.stop();
    await services.close().catch((err: unknown) => logger.error({ err }, 'closing the database failed'));
    releaseLock();
  };
}

main().catch((err: unknown) => {
  logger.fatal({ err }, 'the server could not start');
  process.exit(1);
});
