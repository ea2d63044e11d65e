import type { Context, MiddlewareHandler } from 'hono';
import { isMessageRef, translateText, translatorFor, type Translator } from '@tournament/shared';
import { requestLocale } from './locale.ts';

// Every `{message}` and `{errors:{field: message}}` the server writes, in the reader's language
// (docs/decisions/037-english-and-french.md). Rules, services and zod schemas write message
// references (`msg()`); they are translated here, where the answer is written, so no service
// needs to know who reads it. Any other text (data, a name) passes as it is.

/** `body` with its `message` and `errors` translated for the reader of `c`. */
export function translateAnswer<T>(c: Context, body: T): T {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const b = body as { message?: unknown; errors?: unknown };
  const refInMessage = typeof b.message === 'string' && isMessageRef(b.message);
  const errors = b.errors && typeof b.errors === 'object' && !Array.isArray(b.errors) ? b.errors : undefined;
  const refInErrors =
    errors !== undefined &&
    Object.values(errors as Record<string, unknown>).some((v) => typeof v === 'string' && isMessageRef(v));
  if (!refInMessage && !refInErrors) return body;
  const translator = readerOf(c);
  const out: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  if (refInMessage) out.message = translateText(translator, b.message as string);
  if (refInErrors) {
    out.errors = Object.fromEntries(
      Object.entries(errors as Record<string, unknown>).map(([field, v]) => [
        field,
        typeof v === 'string' ? translateText(translator, v) : v,
      ]),
    );
  }
  return out as T;
}

function readerOf(c: Context): Translator {
  return translatorFor(requestLocale(c));
}

/**
 * Registered first: every JSON answer written with `c.json` (a route's, the validation hook's,
 * the error handler's) has its `message` and `errors` translated.
 */
export function answerInReaderLanguage(): MiddlewareHandler {
  return async (c, next) => {
    const json = c.json;
    c.json = ((object: unknown, ...rest: unknown[]) =>
      (json as (...args: unknown[]) => Response)(translateAnswer(c, object), ...rest)) as typeof c.json;
    await next();
  };
}
