import { z } from 'zod';
import { msg } from '../i18n/message-ref.ts';
import { MESSAGES } from './messages.ts';
import { normalizePhone } from './phone.ts';
import { freeText, TEXT_MESSAGES, textRule, type TextOptions } from './text.ts';

// docs/product.md §5. Field builders shared by the /api schemas and the web forms.

/**
 * A required string, trimmed first ("Value is required"), refusing control characters and
 * text-direction overrides (text.ts); one line unless `multiline`.
 */
export const requiredText = (max = 200, options: TextOptions = {}) =>
  z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, MESSAGES.required)
    .max(max, TEXT_MESSAGES.tooLong(max))
    .superRefine(textRule(options));

export const optionalText = (max = 200, options: TextOptions = {}) =>
  freeText(max, options)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

export const emailField = () =>
  z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, MESSAGES.required)
    .max(254, MESSAGES.email)
    .pipe(z.email({ error: MESSAGES.email }));

/** Ids are PostgreSQL integers: a larger number can only be refused, never stored or found. */
export const MAX_ID = 2_147_483_647;

/** Longer than any way of writing 10 digits (with a +1, spaces, brackets and hyphens). */
const PHONE_MAX = 40;

/** Required phone: the usual punctuation and a leading +1 are accepted, 10 digits kept (phone.ts). */
export const phoneField = () =>
  z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, MESSAGES.required)
    .max(PHONE_MAX, MESSAGES.phone)
    .refine((v) => normalizePhone(v) !== null, MESSAGES.phone)
    .transform((v) => normalizePhone(v) ?? v);

/** Optional phone: empty means none; anything else must be 10 digits once punctuation is dropped. */
export const optionalPhoneField = () =>
  z
    .string()
    .trim()
    .max(PHONE_MAX, MESSAGES.phone)
    .optional()
    .nullable()
    .refine((v) => !v || normalizePhone(v) !== null, MESSAGES.phone)
    .transform((v) => (v ? (normalizePhone(v) ?? v) : null));

/**
 * Canadian postal code: letter-digit-letter, optional space, digit-letter-digit.
 * D, F, I, O, Q, U never appear; W and Z never come first.
 */
export const POSTAL_CODE = /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/i;
export const postalCodeField = () =>
  z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, MESSAGES.required)
    .max(10, MESSAGES.postalCode)
    .regex(POSTAL_CODE, MESSAGES.postalCode);

/**
 * A password is only ever hashed, never stored or shown, so any character may be in it (a
 * password manager's choice included); only its length is limited. `format: password` marks it
 * in the OpenAPI document.
 */
export const secretText = (max = 200) =>
  z
    .string({ error: MESSAGES.required })
    .min(1, MESSAGES.required)
    .max(max, TEXT_MESSAGES.tooLong(max))
    .meta(SECRET);

export const passwordField = () =>
  z
    .string({ error: MESSAGES.required })
    .min(1, MESSAGES.required)
    .min(8, MESSAGES.passwordLength)
    .max(200, TEXT_MESSAGES.tooLong(200))
    .meta(SECRET);
// Metadata belongs to one schema instance: `.meta()` comes last.
const SECRET = { format: 'password' } as const;

export const PROVINCES = {
  ON: msg('province.ON'),
  QC: msg('province.QC'),
  AB: msg('province.AB'),
  BC: msg('province.BC'),
  MB: msg('province.MB'),
  NB: msg('province.NB'),
  NL: msg('province.NL'),
  NT: msg('province.NT'),
  NS: msg('province.NS'),
  NU: msg('province.NU'),
  PE: msg('province.PE'),
  SK: msg('province.SK'),
  YT: msg('province.YT'),
} as const;
export type Province = keyof typeof PROVINCES;
export const provinceField = () =>
  z.enum(Object.keys(PROVINCES) as [Province, ...Province[]], { error: MESSAGES.required });

/** Turns a zod error into the docs/product.md §8 `errors` object: first message per field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    out[key] ??= issue.message;
  }
  return out;
}
