import { z } from 'zod';
import { isMessageRef, msg } from '../i18n/message-ref.ts';

// One rule for every free-text field of the /api and of the mutators
// (docs/decisions/032-text-and-number-limits.md). PostgreSQL cannot store a NUL character: it
// used to pass validation and fail the request with a 500. Other control characters are never typed, only pasted or
// hand-made, and the bidi embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069)
// silently reorder what follows them: a name or school with U+202E reads backwards on the
// public results and signage. Accents, other scripts, emoji and ordinary punctuation pass.
// Multi-line fields (a contact message, a communication's body, a void reason) keep their
// line breaks and tabs; every other field is one line.

export const TEXT_MESSAGES = {
  control: msg('field.control'),
  lineBreak: msg('field.lineBreak'),
  direction: msg('field.direction'),
  broken: msg('field.broken'),
  notValid: msg('field.notValid'),
  tooLong: (max: number) => msg('field.tooLong', { max }),
  /** The shorter wording some forms keep: "At most 40 characters". */
  atMost: (max: number) => msg('field.atMost', { max }),
} as const;

/** Longest free text by kind, where a field had no limit of its own. */
export const TEXT_LIMITS = {
  /** A person's first or last name, a relationship, a short label. */
  name: 100,
  /** A line of an address, a school or club, a title. */
  line: 200,
  /** A search box. */
  search: 100,
  /** A note or a description of a paragraph or two. */
  note: 2000,
  /** A message a person writes to the organizers. */
  message: 5000,
} as const;

// eslint-disable-next-line no-control-regex -- the control characters are what this refuses
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
// Tab, line feed, carriage return and the Unicode line and paragraph separators: multi-line only.
const LINE_CONTROL = /[\t\n\r\u2028\u2029]/;
const DIRECTION = /[\u202a-\u202e\u2066-\u2069]/;
/** Half of a surrogate pair on its own: not a character, and not storable as one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** What a machine-made value (a token, an id, a cookie) is made of: printable ASCII, no space. */
const MACHINE_TEXT = /^[\x21-\x7e]*$/;

export interface TextOptions {
  /** Line breaks and tabs allowed (a message, a body, a reason). */
  multiline?: boolean;
}

/** Why `value` may not be stored as free text, or undefined when it may. */
export function textProblem(value: string, { multiline = false }: TextOptions = {}): string | undefined {
  if (CONTROL.test(value)) return TEXT_MESSAGES.control;
  if (!multiline && LINE_CONTROL.test(value))
    return /[\t]/.test(value) ? TEXT_MESSAGES.control : TEXT_MESSAGES.lineBreak;
  if (DIRECTION.test(value)) return TEXT_MESSAGES.direction;
  if (LONE_SURROGATE.test(value)) return TEXT_MESSAGES.broken;
  // What people type is shown as typed: a text shaped like a message reference would be read
  // as the catalog's text instead (decision 037), a name showing as "Payment voided".
  if (isMessageRef(value)) return TEXT_MESSAGES.notValid;
  return undefined;
}

/** The text rule as a zod check, for a string schema built elsewhere. */
export const textRule =
  (options: TextOptions = {}) =>
  (value: string, ctx: z.RefinementCtx) => {
    const problem = textProblem(value, options);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  };

/**
 * Free text as a person types it, possibly empty: trimmed, at most `max` characters, refusing
 * what `textProblem` refuses. `tooLong` keeps a field's existing wording.
 */
export const freeText = (max: number, options: TextOptions & { tooLong?: string } = {}) =>
  z
    .string()
    .trim()
    .max(max, options.tooLong ?? TEXT_MESSAGES.tooLong(max))
    .superRefine(textRule(options));

/**
 * A value a program made, not a person (a link's token, a device id, a payment id, a sync
 * cookie): printable ASCII without spaces, at most `max` characters, spaces around it dropped.
 */
export const machineText = (max: number) =>
  z.string().trim().max(max, TEXT_MESSAGES.notValid).regex(MACHINE_TEXT, TEXT_MESSAGES.notValid);
