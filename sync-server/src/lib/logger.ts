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
