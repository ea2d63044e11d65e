// When the System page, /metrics and the sample alerts in docs/deploy.md call the server's
// operations wrong (docs/decisions/041-metrics-and-system-page.md): one rule each, so the page
// a SuperAdmin reads and the alert an operator gets never disagree.

const HOUR_MS = 60 * 60 * 1000;

/** A nightly backup was missed: the newest is older than this (the nightly one plus two hours' slack). */
export const BACKUP_STALE_MS = 26 * HOUR_MS;

/** No backup at all, or the newest was taken more than BACKUP_STALE_MS before `now`. */
export function backupStale(newestAt: Date | undefined, now: Date): boolean {
  return !newestAt || now.getTime() - newestAt.getTime() > BACKUP_STALE_MS;
}

/**
 * A queue is stuck when a job due to run has waited longer than this without starting. A healthy
 * queue starts a job within seconds; ten minutes leaves room for a long send or backup ahead of it.
 */
export const JOB_QUEUE_STUCK_SECONDS = 10 * 60;

export function queueStuck(oldestWaitingSeconds: number): boolean {
  return oldestWaitingSeconds > JOB_QUEUE_STUCK_SECONDS;
}

/**
 * Sending is failing when this many messages in a row, handed to the SMTP server or the SMS
 * provider, were refused: one refusal is a bad address, three with no success between is the
 * server or the account.
 */
export const DELIVERY_FAILING_IN_A_ROW = 3;

/** Hand-offs older than this say nothing about whether sending works today. */
export const DELIVERY_RECENT_MS = 24 * HOUR_MS;

export function deliveryFailing(failedInARow: number): boolean {
  return failedInARow >= DELIVERY_FAILING_IN_A_ROW;
}
