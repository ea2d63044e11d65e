import { msg } from '../i18n/message-ref.ts';

// The one error type (issue "The house in order", item 5): a rule or service refused. The
// server answers it as docs/product.md §8 with its status (sync-server/src/lib/errors.ts
// `onError`); a refused mutation is recorded with its code and message; the web shows the message.

/** A rule or service refused the request: `code` for machines, `message` for people. */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
    /** The HTTP status the server answers it with. */
    readonly status: number = 400,
    /** Field errors (`{errors:{field:message}}`), when the refusal is about fields. */
    readonly errors?: Record<string, string>,
    /** Sent with the answer, e.g. a 429's Retry-After. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** The one text of a 404: what was asked for is not there, or not the caller's to see. */
export const NOT_FOUND_TEXT = msg('server.notFound');

/** The things a 404 names, each its own text: French words have genders. */
const NOT_FOUND_THINGS = {
  competitor: msg('server.notFound.competitor'),
  'competitor level': msg('server.notFound.competitorLevel'),
  division: msg('server.notFound.division'),
  event: msg('server.notFound.event'),
  'event type': msg('server.notFound.eventType'),
  'matchmaking draft': msg('server.notFound.matchmakingDraft'),
  message: msg('server.notFound.message'),
  ring: msg('server.notFound.ring'),
  template: msg('server.notFound.template'),
  tournament: msg('server.notFound.tournament'),
} as const;

/** The text of a 404 about a named thing: "The tournament was not found". */
export const notFoundText = (thing?: keyof typeof NOT_FOUND_THINGS): string =>
  thing ? NOT_FOUND_THINGS[thing] : NOT_FOUND_TEXT;
