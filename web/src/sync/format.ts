import { formatTimeOrDateTime } from '@shared/domain/time.ts';

/**
 * "2:05 p.m. EST": an ISO instant's time in the tournament's zone, with the date when not
 * today there (decision 029). Components pass `useTimeZone()`'s answer.
 */
export function formatTime(iso: string, timeZone: string, now: Date = new Date()): string {
  return formatTimeOrDateTime(iso, timeZone, now);
}
