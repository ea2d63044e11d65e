// How a person's name is shown (decision 019): one helper for staff screens, receipts, audit
// entries and e-mails, so "First Last" is built, spaced and trimmed the same way everywhere.

/** "First Last", trimmed (a missing or empty last name leaves no trailing space). */
export function fullName(first: string, last: string | null | undefined): string;
/** Null when there is no person (no first name): an unrecorded "recorded by", say. */
export function fullName(first: string | null | undefined, last: string | null | undefined): string | null;
export function fullName(first: string | null | undefined, last: string | null | undefined): string | null {
  if (first === null || first === undefined) return null;
  return `${first.trim()} ${(last ?? '').trim()}`.trim();
}

/** Lower case without accents, so "zoe" finds "Zoé". */
function folded(s: string): string {
  return s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/**
 * The competitors list's search. Every word typed must start a word of the person's
 * first or last name ("ana wal" finds Ana Walker; "walker, ana" too), ignoring case and accents.
 */
export function nameMatches(first: string, last: string, query: string): boolean {
  return textMatches(`${first} ${last}`, query);
}

/**
 * The same search over any text (the results page's: a name, a school, a division's title):
 * every word typed starts a word of `text`, ignoring case and accents; nothing typed matches.
 */
export function textMatches(text: string, query: string): boolean {
  const words = folded(text)
    .split(/[\s'.,&()-]+/)
    .filter(Boolean);
  const typed = folded(query)
    .split(/[\s,.]+/)
    .filter(Boolean);
  return typed.every((t) => words.some((w) => w.startsWith(t)));
}
