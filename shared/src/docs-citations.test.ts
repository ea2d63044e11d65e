// Every citation in the repository can be followed from the clone alone (docs/style.md §5): no
// comment, test name or README cites SPEC.md, DESIGN.md, STACK-NOTES.md, STYLE.md or a tracker
// issue number, and every "docs/product.md §N" (or design, stack-notes, style) names a section
// that exists. The check is scripts/cite-docs.ts --check's own, imported, so the two never
// disagree; `npx tsx scripts/cite-docs.ts` rewrites what can be rewritten mechanically.
import { describe, expect, it } from 'vitest';
import { check } from '../../scripts/cite-docs.ts';

describe('citations a newcomer can follow', () => {
  it('no file cites an outside document, an issue number or a missing docs/ section', () => {
    const findings = check().map((f) => `${f.file}:${f.line}: ${f.why}`);
    expect(findings).toEqual([]);
  }, 60_000);
});
