// docs/product.md §5 counts a phone number's digits: exactly 10. People write them with the
// usual punctuation ("(705) 555-0142", "705-555-0142", "705.555.0142") or with the North
// American country code ("+1 705 555 0142"); all of these are the same 10 digits. The web
// form and the server both parse through the schemas in validation.ts, which use this rule,
// so both sides accept and store the same thing: the bare 10 digits.

/** Spaces, hyphens, dots, brackets and a slash: what people put between a number's digits. */
const PUNCTUATION = /[\s().\-/]/g;

/** The format shown beside phone fields before anyone has typed. */
export const PHONE_FORMAT_HINT = '10 digits, e.g. 705-555-0142';

/**
 * The 10 digits of a North American phone number written in a usual way, or null. A leading
 * country code 1 (with or without "+") is dropped; letters, other signs or another count of
 * digits answer null.
 */
export function normalizePhone(input: string): string | null {
  const trimmed = input.trim();
  const plus = trimmed.startsWith('+');
  const digits = (plus ? trimmed.slice(1) : trimmed).replace(PUNCTUATION, '');
  if (!/^\d+$/.test(digits)) return null;
  if (digits.length === 10 && !plus) return digits;
  if (digits.length === 11 && digits.startsWith('1')) return digits.slice(1);
  return null;
}
