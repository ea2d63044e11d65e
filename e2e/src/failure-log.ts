import { beforeEach } from 'vitest';
import { runningStacks } from './stack.ts';

// When an end-to-end test fails, what its servers said last is printed beside the failure: a
// CI run keeps only its output, and a flake seen once must be readable from it (an assertion
// alone rarely says why the server answered as it did).

const WARNINGS_SHOWN = 20;
const LAST_LINES_SHOWN = 15;
const LINE_CHARS = 400;

/** A server's warnings and errors (pino's level 40 and above), then its last lines, trimmed. */
export function logDigest(log: string): string {
  const lines = log.split('\n').filter((l) => l.trim() !== '');
  const warnings = lines.filter((l) => /"level":\s*(4|5|6)0\b/.test(l)).slice(-WARNINGS_SHOWN);
  const trim = (l: string) => (l.length > LINE_CHARS ? `${l.slice(0, LINE_CHARS)}…` : l);
  return [
    `warnings and errors (last ${WARNINGS_SHOWN}):`,
    ...(warnings.length ? warnings.map(trim) : ['(none)']),
    `last ${LAST_LINES_SHOWN} lines:`,
    ...lines.slice(-LAST_LINES_SHOWN).map(trim),
  ].join('\n');
}

beforeEach(({ onTestFailed }) => {
  onTestFailed(() => {
    for (const s of runningStacks())
      console.error(
        `\n--- the server at ${s.baseUrl}, when the test failed ---\n${logDigest(s.serverLog())}\n`,
      );
  });
});
