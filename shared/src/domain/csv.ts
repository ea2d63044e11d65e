// The one CSV writer (decision 019): every CSV the site hands out (the registrations desk, the
// competitors report) is written here, so quoting and formula defusing cannot drift apart.

/** What a CSV cell may hold; null and undefined are empty cells. */
export type CsvValue = string | number | boolean | null | undefined;

/** A text cell a spreadsheet would run as a formula: = + - @, or a leading tab or carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell: RFC 4180 quoting (only when the cell holds a quote, comma or line break; quotes
 * doubled), and a text cell starting like a formula prefixed with an apostrophe so a
 * spreadsheet shows it as text (OWASP CSV injection). Numbers are left alone: -5 is a number.
 */
export function csvField(value: CsvValue): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (typeof value === 'string' && FORMULA_START.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** A whole file: the header line, then one line per row, each ended by CRLF (RFC 4180). */
export function toCsv(header: readonly string[], rows: Iterable<readonly CsvValue[]>): string {
  const lines = [header.map(csvField).join(',')];
  for (const row of rows) lines.push(row.map(csvField).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
