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

/** The segment whose next segments hold a link's secret: verification hashes, reset hashes, unsubscribe tokens. */
const SECRET_AFTER = new Set(['verification', 'reset', 'unsubscribe']);
const REDACTED = '[redacted]';

/**
 * A request path (or a mailed link's path) as it may be logged (issue 17): the secrets of
 * e-mailed links, which SPEC.md section 2 puts in the path (/user/verification/{hash},
 * /user/reset/{userId}/{hash}), are replaced, so no log holds a working link. The path is read
 * as leniently as a router reads it before looking for them: percent-escapes decoded (twice
 * over, for a doubly escaped one), backslashes as slashes, empty and dot segments dropped,
 * any letter case. And they are looked for wherever they appear, not only at the start: a
 * PUBLIC_URL with a path (/nomac/user/verification/...) or a doubled slash hides nothing.
 * Everything after a `verification`, `reset` (but a numeric user id) or `unsubscribe` segment
 * is redacted; a decoded `?` or `#` ends the path (logs carry no query parameters).
 */
export function loggablePath(path: string): string {
  const segments: string[] = [];
  for (const raw of leniently(path).split(/[/\\]+/)) {
    if (raw === '' || raw === '.') continue;
    if (raw === '..') segments.pop();
    else segments.push(raw);
  }
  const out: string[] = [];
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    out.push(segment);
    const name = segment.split(';')[0]!.trim().toLowerCase();
    if (!SECRET_AFTER.has(name) || i + 1 >= segments.length) continue;
    const userId = name === 'reset' && /^\d+$/.test(segments[i + 1]!) ? segments[i + 1]! : undefined;
    if (userId !== undefined) out.push(userId);
    if (i + (userId === undefined ? 1 : 2) < segments.length) out.push(REDACTED);
    break;
  }
  return `/${out.join('/')}`;
}

/** The path with its escapes decoded (a malformed one keeps its ASCII escapes decoded only), cut at a `?` or `#`. */
function leniently(path: string): string {
  let text = path;
  for (let round = 0; round < 3 && text.includes('%'); round++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(text);
    } catch {
      decoded = text.replace(/%([0-7][0-9a-f])/gi, (_, hex: string) =>
        String.fromCharCode(parseInt(hex, 16)),
      );
    }
    if (decoded === text) break;
    text = decoded;
  }
  return text.split(/[?#]/, 1)[0]!;
}
