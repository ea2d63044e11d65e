// How a person's name is shown (issue 12): one helper for staff screens, receipts, audit
// entries and e-mails, so "First Last" is built, spaced and trimmed the same way everywhere.

/** "First Last", trimmed (a missing or empty last name leaves no trailing space). */
export function fullName(first: string, last: string | null | undefined): string;
/** Null when there is no person (no first name): an unrecorded "recorded by", say. */
export function fullName(first: string | null | undefined, last: string | null | undefined): string | null;
export function fullName(first: string | null | undefined, last: string | null | undefined): string | null {
  if (first === null || first === undefined) return null;
  return `${first.trim()} ${(last ?? '').trim()}`.trim();
}
