import { AsyncLocalStorage } from 'node:async_hooks';
import pino from 'pino';

// Structured logs. Personal data (e-mails, names, bodies, tokens) is never logged:
// request logs carry method, path, status, duration and the request id only.

/**
 * How an error is written, wherever it is logged as `err` (pino passes every `err` through
 * this): what failed and where, never the values involved. A database error carries the
 * query's parameters (postgres.js `parameters`, PGlite `params`), the query text, and a
 * `detail` such as "Key (email)=(x@y) already exists"; Drizzle repeats the parameters in its
 * own message ("Failed query: ...\nparams: ..."). Those held e-mails, addresses, phones,
 * children's names and dates of birth, and password hashes. Only the fields below are kept
 * (docs/decisions/032-text-and-number-limits.md).
 */
export function serializeError(err: unknown, depth = 0): Record<string, unknown> {
  if (!(err instanceof Error))
    return { type: typeof err, message: typeof err === 'string' ? err : String(err) };
  const e = err as Error & Record<string, unknown>;
  const code = typeof e.code === 'string' || typeof e.code === 'number' ? e.code : undefined;
  const message = loggableMessage(e.message, typeof code === 'string' ? code : undefined);
  const type = e.constructor?.name && e.constructor.name.length > 1 ? e.constructor.name : e.name;
  const out: Record<string, unknown> = { type, message };
  if (code !== undefined) out.code = code;
  // PGlite and postgres.js name these differently (postgres.js: "table_name"); both log alike.
  for (const [key, names] of KEPT_FIELDS) {
    const value = names.map((n) => e[n]).find((v) => typeof v === 'string' && v !== '');
    if (value !== undefined) out[key] = value;
  }
  // The frames only: the stack's first lines repeat the message, parameters included.
  const frames = (e.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  out.stack = [`${type}: ${message}`, ...frames].join('\n');
  if (depth < 3 && e.cause !== undefined) out.cause = serializeError(e.cause, depth + 1);
  if (depth < 3 && Array.isArray(e.errors))
    out.errors = e.errors.slice(0, 5).map((x: unknown) => serializeError(x, depth + 1));
  return out;
}

/** Names of what failed (never values), as [logged key, the drivers' field names]. */
const KEPT_FIELDS: [string, string[]][] = [
  ['severity', ['severity']],
  ['constraint', ['constraint', 'constraint_name']],
  ['table', ['table', 'table_name']],
  ['column', ['column', 'column_name']],
  ['schema', ['schema', 'schema_name']],
  ['dataType', ['dataType', 'data type_name']],
  ['syscall', ['syscall']],
];

/**
 * An error message without the values it may quote: Drizzle's "params:" part is dropped (the
 * statement before it has placeholders, not values), and a data exception (SQLSTATE class
 * 22), which quotes the value it refused ('invalid input syntax for type integer: "x"'), has
 * its quoted parts blanked.
 */
function loggableMessage(message: string, code: string | undefined): string {
  const statement = /^(Failed query: [\s\S]*?)\nparams: [\s\S]*$/.exec(message);
  if (statement?.[1] !== undefined) return `${statement[1]}\n(parameters not logged)`;
  if (code && /^22[0-9A-Z]{3}$/.test(code)) return message.replace(/"[^"]*"/g, '"[value]"');
  return message;
}

/** The request being answered, so every line logged while answering it carries its id. */
export const requestContext = new AsyncLocalStorage<{ requestId: string }>();

/** A warning or error as the System page shows it: no personal data (decision 041). */
export interface LoggedProblem {
  level: 'warn' | 'error' | 'fatal';
  time: string;
  /** The line's own message: a fixed text of ours, with anything like an e-mail address blanked. */
  message: string;
  code: string | undefined;
  requestId: string | undefined;
}

/** How many warnings and errors the System page shows. */
const RECENT_PROBLEMS_MAX = 50;
const recent: LoggedProblem[] = [];

/** The last warnings and errors this process logged, newest first. */
export function recentProblems(): LoggedProblem[] {
  return [...recent].reverse();
}

const LEVEL_NAMES: Record<number, LoggedProblem['level']> = { 40: 'warn', 50: 'error', 60: 'fatal' };

/**
 * Keeps a warning or error in the ring (pino's logMethod hook sees each line before it is
 * written). Only the level, the time, the line's message, a code and the request id are kept:
 * never the objects logged with it (an error's message may quote a value, a mail's subject a
 * name), and the message is cut short with e-mail-like words blanked.
 */
function remember(args: unknown[], level: number): void {
  const name = LEVEL_NAMES[level];
  if (!name) return;
  const [first, second] = args;
  const fields =
    typeof first === 'object' && first !== null && !(first instanceof Error)
      ? (first as Record<string, unknown>)
      : undefined;
  const err = first instanceof Error ? first : fields?.err;
  const text =
    typeof first === 'string'
      ? first
      : typeof second === 'string'
        ? second
        : err instanceof Error
          ? err.constructor.name
          : '';
  const code = [fields?.code, (err as { code?: unknown } | undefined)?.code].find(
    (c) => typeof c === 'string' || typeof c === 'number',
  );
  const requestId =
    typeof fields?.requestId === 'string' ? fields.requestId : requestContext.getStore()?.requestId;
  recent.push({
    level: name,
    time: new Date().toISOString(),
    message: text.replace(/\S+@\S+/g, '[e-mail]').slice(0, 300),
    code: code === undefined ? undefined : String(code).slice(0, 60),
    requestId,
  });
  if (recent.length > RECENT_PROBLEMS_MAX) recent.splice(0, recent.length - RECENT_PROBLEMS_MAX);
}

/** The levels LOG_LEVEL may name (pino's, and `silent`). */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * LOG_LEVEL when it names a level; otherwise the default. A wrong value is refused by the
 * configuration, with its name, before the server starts (config/env.ts); the logger itself
 * never throws on it, so that refusal can be written.
 */
function logLevel(): string {
  const wanted = process.env.LOG_LEVEL?.trim().toLowerCase();
  if (wanted && (LOG_LEVELS as readonly string[]).includes(wanted)) return wanted;
  return process.env.NODE_ENV === 'test' || process.env.VITEST ? 'silent' : 'info';
}

export const LOG_OPTIONS: pino.LoggerOptions = {
  level: logLevel(),
  redact: {
    paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token', '*.email'],
    censor: '[redacted]',
  },
  serializers: { err: serializeError },
  // Every line written while a request is answered names it (the request log line itself too).
  mixin: () => {
    const store = requestContext.getStore();
    return store ? { requestId: store.requestId } : {};
  },
  hooks: {
    logMethod(args, method, level) {
      if (level >= 40) remember(args, level);
      method.apply(this, args);
    },
  },
};

/** A logger with the app's options; tests pass a destination to read what would be written. */
export function createLogger(destination?: pino.DestinationStream, level?: pino.LevelWithSilentOrString) {
  const options = level ? { ...LOG_OPTIONS, level } : LOG_OPTIONS;
  return destination ? pino(options, destination) : pino(options);
}

export const logger = createLogger();
/** The segment whose next segments hold a link's secret: verification hashes, reset hashes, unsubscribe tokens. */
const SECRET_AFTER = new Set(['verification', 'reset', 'unsubscribe']);
const REDACTED = '[redacted]';

/**
 * A request path (or a mailed link's path) as it may be logged (decision 018): the secrets of
 * e-mailed links, which docs/product.md §2 puts in the path (/user/verification/{hash},
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
