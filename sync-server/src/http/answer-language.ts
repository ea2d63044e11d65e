import type { Context, MiddlewareHandler } from 'hono';
import { isMessageRef, translateText, translatorFor, type Translator } from '@tournament/shared';
import { requestLocale } from './locale.ts';

// Every `{message}` and `{errors:{field: message}}` the server writes, in the reader's language
// (docs/decisions/037-english-and-french.md). Rules, services and zod schemas write message
// references (`msg()`); they are translated here, where the answer is written, so no service
// needs to know who reads it. Any other text (data, a name) passes as it is.

const asStoredParts = new WeakSet<object>();

/**
 * `value` (an object or array of an answer) sent as it is, its references left for the reader's
 * app to translate: the rows a sync pull carries, which the device keeps and renders in its page's
 * language (a bilingual signage TV turns from one to the other; a language switch does not leave
 * kept rows in the language they were pulled in). A generated division title is such a reference.
 */
export function asStored<T extends object>(value: T): T {
  asStoredParts.add(value);
  return value;
}

/**
 * `body` with every message reference in it translated for the reader of `c`: its `message`,
 * its `errors`, and any reference stored in the data it carries (a receipt's title and lines, a
 * division's generated title), but for the parts marked `asStored`. Parts with none are returned
 * as they are, not copied.
 */
export function translateAnswer<T>(c: Context, body: T): T {
  let translator: Translator | undefined;
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') {
      if (!isMessageRef(value)) return value;
      translator ??= readerOf(c);
      return translateText(translator, value);
    }
    if (!value || typeof value !== 'object') return value;
    if (asStoredParts.has(value)) return value;
    if (Array.isArray(value)) {
      let changed = false;
      const out = value.map((v) => {
        const w = walk(v);
        if (w !== v) changed = true;
        return w;
      });
      return changed ? out : value;
    }
    if (Object.getPrototypeOf(value) !== Object.prototype) return value;
    let out: Record<string, unknown> | undefined;
    for (const [key, v] of Object.entries(value)) {
      const w = walk(v);
      if (w !== v) (out ??= { ...(value as Record<string, unknown>) })[key] = w;
    }
    return out ?? value;
  };
  return walk(body) as T;
}

function readerOf(c: Context): Translator {
  return translatorFor(requestLocale(c));
}

/**
 * Registered first: every JSON answer written with `c.json` (a route's, the validation hook's,
 * the error handler's) has its message references translated.
 */
export function answerInReaderLanguage(): MiddlewareHandler {
  return async (c, next) => {
    const json = c.json;
    c.json = ((object: unknown, ...rest: unknown[]) =>
      (json as (...args: unknown[]) => Response)(translateAnswer(c, object), ...rest)) as typeof c.json;
    await next();
  };
}
