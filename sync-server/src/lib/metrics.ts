import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

// The process's Prometheus metrics (docs/decisions/041-metrics-and-system-page.md), served as
// text at GET /metrics (http/metrics.ts). One registry per process: counters only go up, and a
// scrape reads them together with what is measured at scrape time (the job queue, the
// database, the disk), which http/metrics.ts sets just before it renders.
//
// Labels stay bounded: a route is its pattern ("/api/registration/:id"), never the path a
// caller typed, so ids and link secrets never become label values.

export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP requests by method, route pattern and status, with their duration',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

export const syncPushDuration = new Histogram({
  name: 'sync_push_duration_seconds',
  help: 'Time to apply one /sync/push (all its mutations)',
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [metricsRegistry],
});

export const syncPullDuration = new Histogram({
  name: 'sync_pull_duration_seconds',
  help: 'Time to answer one /sync/pull, by scope',
  labelNames: ['scope'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [metricsRegistry],
});

export const syncPullsShared = new Counter({
  name: 'sync_pulls_shared_total',
  help: 'Pulls answered with the patch computed for another screen at the same cookie (signage), by scope',
  labelNames: ['scope'] as const,
  registers: [metricsRegistry],
});

export const syncEventStreams = new Gauge({
  name: 'sync_event_streams_open',
  help: 'Open /sync/events streams of this process, by scope',
  labelNames: ['scope'] as const,
  registers: [metricsRegistry],
});

export const mailsSent = new Counter({
  name: 'mails_sent_total',
  help: 'Mails handed to the SMTP server (transport "smtp") or kept in the dev mailbox ("dev")',
  labelNames: ['transport'] as const,
  registers: [metricsRegistry],
});

export const mailsFailed = new Counter({
  name: 'mails_failed_total',
  help: 'Mails the transport refused or could not take',
  labelNames: ['transport'] as const,
  registers: [metricsRegistry],
});

export const smsSent = new Counter({
  name: 'sms_sent_total',
  help: 'SMS handed to Twilio (transport "twilio") or kept in the dev outbox ("dev")',
  labelNames: ['transport'] as const,
  registers: [metricsRegistry],
});

export const smsFailed = new Counter({
  name: 'sms_failed_total',
  help: 'SMS the provider refused or could not take',
  labelNames: ['transport'] as const,
  registers: [metricsRegistry],
});

// ---- Measured at scrape time ----

export const jobsQueued = new Gauge({
  name: 'jobs_queued',
  help: 'Jobs waiting to run (created or waiting to retry), by queue',
  labelNames: ['queue'] as const,
  registers: [metricsRegistry],
});

export const jobsActive = new Gauge({
  name: 'jobs_active',
  help: 'Jobs running now, by queue',
  labelNames: ['queue'] as const,
  registers: [metricsRegistry],
});

export const jobsFailed = new Gauge({
  name: 'jobs_failed',
  help: 'Jobs that failed for good and are still kept (pg-boss keeps them for its retention), by queue',
  labelNames: ['queue'] as const,
  registers: [metricsRegistry],
});

export const jobsOldestWaiting = new Gauge({
  name: 'jobs_oldest_waiting_seconds',
  help: 'Age of the oldest job due to run but not yet started, by queue (0 when none waits)',
  labelNames: ['queue'] as const,
  registers: [metricsRegistry],
});

export const jobQueueUp = new Gauge({
  name: 'job_queue_up',
  help: '1 when the job queue runs in this process and answered the scrape, else 0',
  registers: [metricsRegistry],
});

export const databaseUp = new Gauge({
  name: 'database_up',
  help: '1 when the database answered the scrape, else 0',
  labelNames: ['kind'] as const,
  registers: [metricsRegistry],
});

export const databaseSize = new Gauge({
  name: 'database_size_bytes',
  help: "The database's size: the embedded database's directory on disk, or PostgreSQL's pg_database_size",
  labelNames: ['kind'] as const,
  registers: [metricsRegistry],
});

export const databasePoolMax = new Gauge({
  name: 'database_pool_max_connections',
  help: 'Most connections the PostgreSQL pool (postgres.js) opens',
  registers: [metricsRegistry],
});

export const diskFree = new Gauge({
  name: 'data_dir_disk_free_bytes',
  help: "Free bytes on DATA_DIR's disk (uploads, the embedded database, generated secrets)",
  registers: [metricsRegistry],
});

export const backupLastSuccess = new Gauge({
  name: 'backup_last_success_timestamp_seconds',
  help: 'When the newest backup in BACKUP_DIR was taken (Unix time); 0 when there is none',
  registers: [metricsRegistry],
});

export const messagesFailedInARow = new Gauge({
  name: 'messages_failed_in_a_row',
  help: 'Messages (communications, notices) the mailer or SMS provider refused since the last one that went through, in the last 24 hours, by channel; read from the database, so a restart keeps it',
  labelNames: ['channel'] as const,
  registers: [metricsRegistry],
});

/** Starts a timer; calling the result records the seconds since into `histogram`. */
export function timeInto<L extends string>(
  histogram: Histogram<L>,
  labels?: Partial<Record<L, string>>,
): () => void {
  const started = performance.now();
  return () => histogram.observe(labels ?? {}, (performance.now() - started) / 1000);
}
