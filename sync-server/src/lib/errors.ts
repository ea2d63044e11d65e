import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ZodError } from 'zod';
import { DomainError, fieldErrors, MESSAGES, msg, NOT_FOUND_TEXT } from '@tournament/shared';
import { outageCode } from '../db/unavailable.ts';
import { logger } from './logger.ts';
import { translateAnswer } from '../http/answer-language.ts';

// The one error type lives in shared (domain/domain-error.ts): rules, mutators and services
// throw it; `onError` maps it to docs/product.md §8.
export { DomainError };

export const notFound = (what = NOT_FOUND_TEXT) => new DomainError('not_found', what, 404);
export const forbidden = () => new DomainError('forbidden', MESSAGES.noPermission, 403);
export const unauthorized = () => new DomainError('unauthorized', MESSAGES.needsAuthentication, 401);

/** Said while the database is away; the answer is a 503 with Retry-After. */
export const UNAVAILABLE_MESSAGE = msg('server.unavailable');
const RETRY_AFTER_SECONDS = 5;

/**
 * One error handler: every failure leaves as `{message}` or `{errors}` with the right status,
 * its message references in the reader's language (decision 037).
 */
export function onError(err: Error, c: Context): Response {
  const answer = (
    body: { message: string } | { errors: Record<string, string> },
    status: number,
    headers?: Record<string, string>,
  ) => c.json(translateAnswer(c, body), status as ContentfulStatusCode, headers);
  if (err instanceof DomainError) {
    return answer(err.errors ? { errors: err.errors } : { message: err.message }, err.status, err.headers);
  }
  if (err instanceof ZodError) {
    return answer({ errors: fieldErrors(err) }, 400);
  }
  if (err instanceof HTTPException) {
    return answer({ message: err.message || defaultMessage(err.status) }, err.status);
  }
  if (isZodLengthCheckCrash(err)) {
    return answer({ message: msg('server.requestNotValid') }, 400);
  }
  const outage = outageCode(err);
  if (outage) {
    // The database is away (db/unavailable.ts): the client tries again; only the code is logged.
    logger.warn({ code: outage, requestId: c.get('requestId' as never) }, 'database unavailable');
    c.header('Retry-After', String(RETRY_AFTER_SECONDS));
    return answer({ message: UNAVAILABLE_MESSAGE }, 503);
  }
  logger.error({ err, requestId: c.get('requestId' as never) }, 'unhandled error');
  return answer({ message: MESSAGES.somethingWrong(500) }, 500);
}

function defaultMessage(status: number): string {
  if (status === 413) return msg('server.tooLarge');
  if (status === 401) return MESSAGES.needsAuthentication;
  if (status === 403) return MESSAGES.noPermission;
  return MESSAGES.somethingWrong(status);
}

/**
 * zod 4.6 runs a length check (`.min()`, `.max()`) on any value that has a `length` property,
 * even when its type check failed; an input such as `{"length": {"toString": null}}` then makes
 * the comparison throw a TypeError inside zod instead of answering an issue. That is bad input,
 * not a server fault: it gets a 400 like any other invalid body (found by property.test.ts).
 */
function isZodLengthCheckCrash(err: Error): boolean {
  return err instanceof TypeError && /[\\/]zod[\\/]v4[\\/]core[\\/]checks\.js/.test(err.stack ?? '');
}
