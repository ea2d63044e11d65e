import { loggablePath, logger } from './logger.ts';

// The request log (decision 020). Every write, every error and every page or
// private read gets its line. The cached public reads, which a busy home page asks for
// thousands of times a minute and which change nothing, are sampled: one line per
// PUBLIC_READ_SAMPLE answers per path, carrying `sampled` (how many answers it stands for),
// so counts read from the log stay right. A public read that fails is always logged.

export const PUBLIC_READ_SAMPLE = 100;
const SAMPLED_PATHS = new Set(['/api/tournaments', '/api/event-types', '/api/settings']);
const skipped = new Map<string, number>();

export interface RequestLogEntry {
  requestId: string;
  method: string;
  path: string;
  status: number;
  ms: number;
}

/** Whether this request's line is written now; for a sampled one, how many it stands for. */
export function sampleOf(entry: Pick<RequestLogEntry, 'method' | 'path' | 'status'>): number | 'always' | 'skip' {
  if ((entry.method !== 'GET' && entry.method !== 'HEAD') || entry.status >= 400 || !SAMPLED_PATHS.has(entry.path)) {
    return 'always';
  }
  const seen = (skipped.get(entry.path) ?? 0) + 1;
  if (seen < PUBLIC_READ_SAMPLE) {
    skipped.set(entry.path, seen);
    return 'skip';
  }
  skipped.set(entry.path, 0);
  return seen;
}

export function logRequest(entry: RequestLogEntry): void {
  const sample = sampleOf(entry);
  if (sample === 'skip') return;
  const line = { ...entry, path: loggablePath(entry.path) };
  logger.info(sample === 'always' ? line : { ...line, sampled: sample }, 'request');
}
