import { fromPglite, PgBoss, type Clock } from 'pg-boss';
import type { Database } from '../db/client.ts';
import { outageCode } from '../db/unavailable.ts';
import { logger } from '../lib/logger.ts';

// The durable job queue (docs/decisions/024-jobs-and-communications.md): pg-boss in
// PostgreSQL, or over the embedded PGlite's own connection. Delivery is at least once (a job
// whose worker died runs again), so every handler is idempotent: the send pipeline keeps its
// own per-recipient state and a job only says which message to work on.

export type JobHandler<T> = (data: T) => Promise<void>;

export interface JobQueue {
  /** Registers a worker for `name`; before `start`. */
  work<T extends object>(name: string, handler: JobHandler<T>): void;
  /** Runs `task` once the queue has started, and every `everyMs` after (sweeps, recoveries). */
  every(everyMs: number, task: () => Promise<void>): void;
  /**
   * Runs `handler` on a cron schedule in `timeZone`, in one process of all those sharing the
   * database (pg-boss's schedules); before `start`.
   */
  schedule(name: string, cron: string, timeZone: string, handler: () => Promise<void>): void;
  /**
   * Queues a job; answers false when the queue is not running in this process (the CLI, a test
   * without workers): the caller's own rows are durable and the start sweep finds them.
   */
  send(name: string, data: object, opts?: { singletonKey?: string }): Promise<boolean>;
  /** Installs or migrates pg-boss's schema, starts the workers and the periodic tasks. */
  start(): Promise<void>;
  /** Workers stop taking jobs; a handler in flight finishes (it reads `stopping` to end early). */
  stop(): Promise<void>;
  /**
   * What waits, runs and failed, per queue, read now (monitoring); undefined when the queue
   * does not run in this process. Throws when the database does not answer.
   */
  health(): Promise<QueueHealth[] | undefined>;
  readonly started: boolean;
  readonly stopping: boolean;
}

/** One queue's state at a moment (monitoring: /metrics and the System page). */
export interface QueueHealth {
  queue: string;
  /** Created or waiting to retry. */
  queued: number;
  active: number;
  /** Failed for good and still kept (pg-boss's retention). */
  failed: number;
  /** Seconds the oldest job due to run has waited; 0 when none waits. */
  oldestWaitingSeconds: number;
}

export interface JobQueueOptions {
  /** pg-boss's schema on PostgreSQL (default `pgboss`; tests give one per test schema). */
  schema?: string;
  /** Seconds between a worker's polls for new jobs. */
  pollingIntervalSeconds?: number;
  /**
   * pg-boss's clock: the system's, unless a test drives the schedules with pg-boss's `TestClock`
   * (set to 03:29 and advanced, the real nightly schedule fires in seconds).
   */
  clock?: Clock;
}

/** The schema pg-boss uses beside a test's own PostgreSQL schema. */
export const jobsSchemaFor = (schema: string | undefined) => (schema ? `${schema}_jobs` : 'pgboss');

export function createJobQueue(database: Database, opts: JobQueueOptions = {}): JobQueue {
  const handlers = new Map<string, JobHandler<object>>();
  const periodic: { everyMs: number; task: () => Promise<void> }[] = [];
  const schedules: { name: string; cron: string; timeZone: string }[] = [];
  const timers: NodeJS.Timeout[] = [];
  const workerIds = new Map<string, string>();
  let boss: PgBoss | undefined;
  let started = false;
  let stopping = false;
  let running = Promise.resolve();
  const inFlight = new Set<Promise<void>>();

  const conn = database.jobs;
  const schema = conn.backend === 'pglite' ? 'pgboss' : (opts.schema ?? jobsSchemaFor(conn.schema));

  function makeBoss(): PgBoss {
    // Maintenance (archiving, expiring) and the schedule runner stay on their defaults.
    const clock = opts.clock ? { clock: opts.clock } : {};
    return conn.backend === 'pglite'
      ? new PgBoss({ db: fromPglite(conn.client), backend: 'pglite', schema, ...clock })
      : new PgBoss({
          connectionString: conn.connectionString,
          schema,
          ...clock,
          max: 4,
          application_name: 'nomac-jobs',
        });
  }

  async function runTask(task: () => Promise<void>) {
    if (stopping) return;
    try {
      await task();
    } catch (err) {
      logQueueError(err, 'job queue: a periodic task failed');
    }
  }

  return {
    get started() {
      return started;
    },
    get stopping() {
      return stopping;
    },
    work(name, handler) {
      if (started) throw new Error(`job queue: register ${name} before start`);
      handlers.set(name, handler as JobHandler<object>);
    },
    every(everyMs, task) {
      periodic.push({ everyMs, task });
    },
    schedule(name, cron, timeZone, handler) {
      if (started) throw new Error(`job queue: schedule ${name} before start`);
      handlers.set(name, () => handler());
      schedules.push({ name, cron, timeZone });
    },
    async health() {
      if (!boss || !started || stopping) return undefined;
      // No parameters: pg-boss over PGlite sends parameterless text as a simple query.
      const { rows } = await boss.getDb().executeSql(
        `select q.name as queue,
           count(j.id) filter (where j.state in ('created', 'retry'))::int as queued,
           count(j.id) filter (where j.state = 'active')::int as active,
           count(j.id) filter (where j.state = 'failed')::int as failed,
           coalesce(extract(epoch from now() - min(j.start_after)
             filter (where j.state in ('created', 'retry') and j.start_after <= now())), 0)::float8 as oldest
         from ${schema}.queue q left join ${schema}.job j on j.name = q.name
         group by q.name order by q.name`,
      );
      return (rows as { queue: string; queued: number; active: number; failed: number; oldest: number }[]).map(
        (r) => ({
          queue: r.queue,
          queued: Number(r.queued),
          active: Number(r.active),
          failed: Number(r.failed),
          oldestWaitingSeconds: Math.max(0, Number(r.oldest)),
        }),
      );
    },
    async send(name, data, sendOpts = {}) {
      if (!boss || !started || stopping) return false;
      await boss.send(name, data, {
        ...(sendOpts.singletonKey ? { singletonKey: sendOpts.singletonKey } : {}),
      });
      const workerId = workerIds.get(name);
      if (workerId) boss.notifyWorker(workerId);
      return true;
    },
    async start() {
      if (started) return;
      boss = makeBoss();
      boss.on('error', (err) => logQueueError(err, 'job queue error'));
      await boss.start();
      for (const [name, handler] of handlers) {
        // A job runs for at most an hour before pg-boss hands it to another worker; retried
        // with a pause, since a failed send run leaves the remaining recipients queued.
        await boss.createQueue(name, {
          expireInSeconds: 3600,
          retryLimit: 10,
          retryDelay: 5,
          retryBackoff: true,
        });
        const id = await boss.work<object>(
          name,
          { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 1, batchSize: 1 },
          async (jobs) => {
            const run = (async () => {
              for (const job of jobs) await handler(job.data);
            })();
            inFlight.add(run);
            try {
              await run;
            } finally {
              inFlight.delete(run);
            }
          },
        );
        workerIds.set(name, id);
      }
      for (const s of schedules) await boss.schedule(s.name, s.cron, {}, { tz: s.timeZone });
      started = true;
      for (const p of periodic) {
        running = running.then(() => runTask(p.task));
        const timer = setInterval(() => {
          running = running.then(() => runTask(p.task));
        }, p.everyMs);
        timer.unref();
        timers.push(timer);
      }
      await running;
    },
    async stop() {
      if (!boss || stopping) return;
      stopping = true;
      for (const t of timers) clearInterval(t);
      await running;
      // Graceful: the handlers in flight see `stopping`, finish the recipient they hold and return.
      await Promise.allSettled([...inFlight]);
      await boss.stop({ graceful: true, timeout: 10_000, close: true }).catch((err: unknown) => {
        logger.error({ err }, 'job queue: stopping failed');
      });
      started = false;
    },
  };
}

/**
 * While the database is away every poll fails: one warning with the code each time, not the
 * driver's whole error (pg's carries its client, options and all); the queue carries on once
 * the database is back (pg-boss's pool makes new connections).
 */
function logQueueError(err: unknown, msg: string): void {
  const outage = outageCode(err);
  if (outage) logger.warn({ code: outage }, `${msg}: database unavailable`);
  else logger.error({ err }, msg);
}
