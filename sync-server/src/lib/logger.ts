import pino from 'pino';

// Structured logs. Personal data (e-mails, names, bodies, tokens) is never logged:
// request logs carry method, path, status, duration and the request id only.
export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' || process.env.VITEST ? 'silent' : 'info'),
  redact: {
    paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token', '*.email'],
    censor: '[redacted]',
  },
});
export type Logger = typeof logger;

/**
 * A request path as it may be logged (issue 17): the secrets of e-mailed links, which
 * SPEC.md section 2 puts in the path (/user/verification/{hash}, /user/reset/{userId}/{hash}),
 * are replaced, so no log holds a working link.
 */
export function loggablePath(path: string): string {
  return path
    .replace(/^(\/user\/verification\/)[^/?#]+/i, '$1[redacted]')
    .replace(/^(\/user\/reset\/[^/?#]*\/)[^/?#]+/i, '$1[redacted]');
}
