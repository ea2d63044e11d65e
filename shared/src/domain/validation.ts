import { z } from 'zod';
import { MESSAGES } from './messages.ts';
import { normalizePhone } from './phone.ts';

// SPEC.md section 5. Field builders shared by the /api schemas and the web forms.

/** A required string, trimmed first ("Value is required"). */
export const requiredText = (max = 200) =>
  z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, MESSAGES.required)
    .max(max, `This field should be at most ${max} characters long`);

export const optionalText = (max = 200) =>
  z
    .string()
    .trim()
    .max(max, `This field should be at most ${max} characters long`)
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

/** Required phone: the usual punctuation and a leading +1 are accepted, 10 digits kept (phone.ts). */
export const phoneField = () =>
  z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, MESSAGES.required)
    .refine((v) => normalizePhone(v) !== null, MESSAGES.phone)
    .transform((v) => normalizePhone(v) ?? v);

/** Optional phone: empty means none; anything else must be 10 digits once punctuation is dropped. */
export const optionalPhoneField = () =>
  z
    .string()
    .trim()
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
    .regex(POSTAL_CODE, MESSAGES.postalCode);

export const passwordField = () =>
  z.string({ error: MESSAGES.required }).min(1, MESSAGES.required).min(8, MESSAGES.passwordLength).max(200);

export const PROVINCES = {
  ON: 'Ontario',
  QC: 'Quebec',
  AB: 'Alberta',
  BC: 'British Columbia',
  MB: 'Manitoba',
  NB: 'New Brunswick',
  NL: 'Newfoundland and Labrador',
  NT: 'Northwest Territories',
  NS: 'Nova Scotia',
  NU: 'Nunavut',
  PE: 'Prince Edward Island',
  SK: 'Saskatchewan',
  YT: 'Yukon',
} as const;
export type Province = keyof typeof PROVINCES;
export const provinceField = () =>
  z.enum(Object.keys(PROVINCES) as [Province, ...Province[]], { error: MESSAGES.required });

export const GENDERS = { 1: 'Male', 2: 'Female' } as const;

/** Turns a zod error into the SPEC.md section 8 `errors` object: first message per field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    out[key] ??= issue.message;
  }
  return out;
}
