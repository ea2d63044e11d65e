// Citations a newcomer can follow from the clone alone.
//
//   npx tsx scripts/cite-docs.ts            rewrite citations in place
//   npx tsx scripts/cite-docs.ts --dry-run  print what it would rewrite, and the counts
//   npx tsx scripts/cite-docs.ts --check    exit 1 listing every citation still pointing outside
//   ... [paths]                             limit any mode to these files or folders
//
// Comments and docs used to cite four documents that were never in the repository (SPEC.md,
// DESIGN.md, STACK-NOTES.md, STYLE.md) and the tracker's issue numbers. The documents now live
// in docs/ with the same section numbers, so those citations are rewritten mechanically
// ("SPEC.md section 7" -> "docs/product.md §7"). An issue number is rewritten only where
// ISSUE_DECISIONS names exactly one decision record for it (or for it in that file's folder)
// and the phrase is a plain parenthetical source tag, "(issue 25)" -> "(decision 034)";
// everything else is reported for a person to reword.
//
// The whole text of each file is scanned (comments, test names, markdown), not only comments:
// a test name citing SPEC.md misleads as much as a comment does.
// Not scanned: docs/decisions/ (history, kept as written; its README says how to read the old
// citations), SQL migrations (never edited once landed, decision 002), lockfiles, and this
// script and its test (they spell the old citations on purpose).

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The outside documents and where they live now. */
export const DOCS = {
  'SPEC.md': 'docs/product.md',
  'DESIGN.md': 'docs/design.md',
  'STACK-NOTES.md': 'docs/stack-notes.md',
  'STYLE.md': 'docs/style.md',
} as const;
type OutsideDoc = keyof typeof DOCS;

/** STYLE.md was cited by its headings ("Habits"); docs/style.md numbers them. */
export const STYLE_HEADINGS: Record<string, number> = {
  'Where things live': 1,
  Names: 2,
  Errors: 3,
  Tests: 4,
  'Comments and docs': 5,
  Habits: 6,
  "This project's own models": 7,
};

/**
 * Where each tracker issue's work is recorded. `decisions`: the records that name the issue as
 * their origin. `byPath`: when the issue led to several records, a file whose path matches
 * a pattern cites the record of the first pattern it matches. `product`: the docs/product.md sections the issue was
 * about (for a person rewording a citation; not used mechanically).
 */
export const ISSUE_DECISIONS: Record<
  number,
  { about: string; decisions: string[]; byPath?: Array<[RegExp, string]>; product?: string }
> = {
  2: { about: 'a working site on a fresh install, seed data', decisions: ['004'], product: '§1' },
  3: { about: 'accounts: sign-up, verification, sign-in, reset', decisions: ['006'], product: '§4, §5, §7' },
  4: { about: 'public pages, web shell, bundle budget', decisions: ['008'], product: '§1, §2' },
  5: { about: 'registration, payment, receipts', decisions: ['009'], product: '§3, §7, §8' },
  6: {
    about: 'offline check-in: device store, sync protocol, push speed',
    decisions: ['010', '011', '012'],
    byPath: [
      [/^(web|sw)\//, '010'],
      [/^(sync-server|shared)\//, '011'],
    ],
  },
  7: {
    about: 'staff desk: dashboard, competitors, registrations, impersonation, door payments, walk-ins',
    decisions: ['013', '014', '015', '016'],
    byPath: [
      [/^web\/src\/features\/(dashboard|competitors)\//, '013'],
      [/registrations-desk|impersonat/, '014'],
      [/^web\/src\/features\/(payments|walk-in)\//, '015'],
      [/^(shared|sync-server)\/.*(payment|walk-in|door)/, '016'],
    ],
    product: '§2, §6',
  },
  8: { about: 'SuperAdmin settings, division rules, audit', decisions: ['007'], product: '§2, §6' },
  12: { about: 'the venue platform: entity registry, replica, scopes, forms', decisions: ['019'] },
  13: { about: 'matchmaking, publishing, division sheets', decisions: ['017'], product: '§2' },
  14: {
    about: 'rings and matchday',
    decisions: ['021', '023'],
    byPath: [
      [/^web\/src\/features\/(results|registration)\//, '022'],
      [/^web\//, '023'],
      [/^(shared|sync-server)\//, '021'],
    ],
  },
  15: { about: 'signage TVs and public results', decisions: ['022'], product: '§2, §4, §9' },
  16: {
    about: 'communications, file sharing, automatic notices, S3',
    decisions: ['024', '025', '026', '030'],
    byPath: [
      [/(^|[/-])s3[-./]/, '030'],
      [/communications|dev-outbox|\/jobs\//, '024'],
      [/file-sharing|\/files?[-./]|upload/, '025'],
      [/notice/, '026'],
    ],
  },
  17: { about: 'account safety', decisions: ['018'] },
  18: { about: 'fast public pages', decisions: ['020', '031'] },
  19: {
    about: "the parent's, volunteer's and director's journeys",
    decisions: ['027', '028', '029'],
    byPath: [
      [/(^|\/)time[-./]/, '029'],
      [/check-in|walk-in|\/door|features\/payments/, '028'],
    ],
  },
  25: { about: 'robustness: idempotency keys, the database going away', decisions: ['034'] },
};

const SCANNED = /\.(ts|tsx|mts|cts|js|mjs|cjs|md|css|html|json)$/;
const SKIPPED = [
  /(^|\/)node_modules\//,
  /^docs\/decisions\//,
  /(^|\/)package-lock\.json$/,
  /^scripts\/cite-docs\.ts$/,
  /^shared\/src\/docs-citations\.test\.ts$/,
];

export function trackedFiles(root = REPO_ROOT): string[] {
  const out = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' });
  return out
    .split('\0')
    .filter((f) => f && SCANNED.test(f) && !SKIPPED.some((re) => re.test(f)))
    .filter((f) => existsSync(path.join(root, f)));
}

// --- outside documents -------------------------------------------------------------------

// An optional folder before the name ("../shared/SPEC.md"), the name, then optionally what
// follows it on the same or the next comment line: "section 7", "sections 4 and 9",
// "sections 2, 4 and 6", "§7", or a STYLE.md heading in quotes.
const DOC_RE =
  /(?<dir>(?:[\w.-]+\/)*)(?<doc>SPEC|DESIGN|STACK-NOTES|STYLE)\.md\b(?:(?<sep>\s*(?:(?:\/\/|\*|--|#)\s*)?)(?:(?<word>sections?\s+|§\s?)(?<nums>\d+(?:\s*(?:,|and|&)\s*(?:§\s?)?\d+)*)|(?<q>"(?<heading>[^"\n]+)")))?/g;

/** The section numbers a docs/ file defines (`<a id="section-N">`, "N." or "N.M" headings). */
export function sectionsOf(docFile: string, root = REPO_ROOT): Set<string> {
  const text = readFileSync(path.join(root, docFile), 'utf8');
  const found = new Set<string>();
  for (const m of text.matchAll(/<a id="section-(\d+(?:-\d+)?)">/g)) found.add(m[1]!.replace('-', '.'));
  for (const m of text.matchAll(/^#{2,3} (\d+(?:\.\d+)?)\.?\s/gm)) found.add(m[1]!);
  return found;
}

export interface Change {
  file: string;
  line: number;
  from: string;
  to: string;
  kind: 'document' | 'issue';
}

export interface Finding {
  file: string;
  line: number;
  text: string;
  why: string;
}

function lineAt(text: string, index: number): number {
  let n = 1;
  for (let i = 0; i < index; i++) if (text.charCodeAt(i) === 10) n++;
  return n;
}

function rewriteDocs(file: string, text: string, root: string, changes: Change[], findings: Finding[]): string {
  return text.replace(DOC_RE, (whole, ...rest) => {
    const offset = rest[rest.length - 3] as number;
    const g = rest[rest.length - 1] as Record<string, string | undefined>;
    const doc = `${g.doc}.md` as OutsideDoc;
    const target = DOCS[doc];
    // A path in the citation ("../shared/SPEC.md") becomes a path to the new file from here.
    const name = g.dir ? path.relative(path.dirname(file), target) || target : target;
    let to: string;
    if (g.nums) {
      const nums = g.nums.match(/\d+/g)!;
      const known = sectionsOf(target, root);
      const missing = nums.filter((n) => !known.has(n));
      if (missing.length) {
        findings.push({
          file,
          line: lineAt(text, offset),
          text: whole,
          why: `${target} has no section ${missing.join(', ')}`,
        });
        return whole;
      }
      const cited = nums.map((n) => `§${n}`);
      const list = cited.length === 1 ? cited[0]! : `${cited.slice(0, -1).join(', ')} and ${cited.at(-1)}`;
      to = `${name}${g.sep ?? ''}${list}`;
    } else if (g.q) {
      const n = doc === 'STYLE.md' ? STYLE_HEADINGS[g.heading!] : undefined;
      to = n ? `${name}${g.sep ?? ''}§${n}` : `${name}${g.sep ?? ''}${g.q}`;
    } else {
      to = name;
    }
    changes.push({ file, line: lineAt(text, offset), from: whole, to, kind: 'document' });
    return to;
  });
}

// --- issue numbers -----------------------------------------------------------------------

// "issue 12", "Issue #12", "issues 6 and 12"; not an upstream project's ("upstream issues #1066").
// `tail` takes the separator before a decision named next: "(issue 16, decision 030)",
// "(issue 6; docs/decisions/011-sync-protocol.md)".
const ISSUE_RE =
  /(?<![\w-])(?<!upstream )(?<w>[Ii]ssues?)\s+#?(?<n>\d+)(?<more>(?:\s*(?:,|and)\s*#?\d+)*)(?<tail>[,;] (?=\[?[Dd]ecisions? \d{3}|docs\/decisions\/\d{3}))?/g;

/** The decision an issue citation in `file` stands for, when that is clear. */
export function decisionFor(issue: number, file: string): string | undefined {
  const entry = ISSUE_DECISIONS[issue];
  if (!entry) return undefined;
  if (entry.decisions.length === 1) return entry.decisions[0];
  return entry.byPath?.find(([re]) => re.test(file))?.[1];
}

function rewriteIssues(file: string, text: string, changes: Change[], findings: Finding[]): string {
  return text.replace(ISSUE_RE, (whole, ...rest) => {
    const offset = rest[rest.length - 3] as number;
    const g = rest[rest.length - 1] as Record<string, string | undefined>;
    const before = text.slice(Math.max(0, offset - 2), offset);
    const after = text.slice(offset + whole.length, offset + whole.length + 1);
    const line = lineAt(text, offset);
    const report = (why: string) => {
      findings.push({ file, line, text: text.split('\n')[line - 1]!.trim(), why });
      return whole;
    };
    if (g.more) return report('cites several issues: name the decision records instead');
    const issue = Number(g.n);
    // Only a plain source tag is clear: "(issue 16)", "(issue 16; ...)", "(...; issue 16)",
    // "(issue 16, decision 030)". "Issue 4: axe finds nothing" quotes what the issue asked;
    // "(issue 19, parent 9)" names an item of it: a person rewords those.
    const opens = before.endsWith('(') || before === '; ';
    const closes = /^[);]/.test(after);
    if (!opens || !(closes || g.tail)) {
      return report(`issue ${issue}: ${hint(issue, file)}`);
    }
    if (g.tail) {
      // "(issue 16, decision 030)": the decision says it all; the issue and its separator go.
      changes.push({ file, line, from: whole, to: '', kind: 'issue' });
      return '';
    }
    const decision = decisionFor(issue, file);
    if (!decision) return report(`issue ${issue}: ${hint(issue, file)}`);
    const to = `decision ${decision}`;
    changes.push({ file, line, from: whole, to, kind: 'issue' });
    return to;
  });
}

function hint(issue: number, file: string): string {
  const entry = ISSUE_DECISIONS[issue];
  if (!entry) return 'no decision record names this issue';
  const d = decisionFor(issue, file);
  const where = d ? `decision ${d}` : `one of decisions ${entry.decisions.join(', ')}`;
  return `${entry.about}; cite ${where}${entry.product ? ` or docs/product.md ${entry.product}` : ''}`;
}

// --- running it --------------------------------------------------------------------------

export interface Result {
  changes: Change[];
  findings: Finding[];
  rewritten: Map<string, string>;
}

/** Computes the rewrite of every scanned file and what would still be reported after it. */
export function run(root = REPO_ROOT, only: string[] = []): Result {
  const changes: Change[] = [];
  const findings: Finding[] = [];
  const rewritten = new Map<string, string>();
  const files = trackedFiles(root).filter(
    (f) => only.length === 0 || only.some((o) => f === o || f.startsWith(o.replace(/\/?$/, '/'))),
  );
  for (const file of files) {
    const text = readFileSync(path.join(root, file), 'utf8');
    let next = rewriteDocs(file, text, root, changes, findings);
    next = rewriteIssues(file, next, changes, findings);
    if (next !== text) rewritten.set(file, next);
  }
  return { changes, findings, rewritten };
}

// A citation of the new docs must name a section that exists: "docs/product.md §12" would not.
const NEW_DOC_RE = /docs\/(product|design|stack-notes|style)\.md((?:\s*(?:,|and)?\s*§\s?\d+(?:\.\d+)?)+)/g;

/**
 * What --check reports, on the files as they are: citations of the outside documents, of issue
 * numbers, and of docs/ sections that do not exist. Empty when the house is in order.
 */
export function check(root = REPO_ROOT, only: string[] = []): Finding[] {
  const findings: Finding[] = [];
  const files = trackedFiles(root).filter(
    (f) => only.length === 0 || only.some((o) => f === o || f.startsWith(o.replace(/\/?$/, '/'))),
  );
  const sections = new Map<string, Set<string>>();
  for (const file of files) {
    const text = readFileSync(path.join(root, file), 'utf8');
    const lines = text.split('\n');
    lines.forEach((content, i) => {
      for (const m of content.matchAll(/(?:[\w.-]+\/)*(SPEC|DESIGN|STACK-NOTES|STYLE)\.md\b/g)) {
        findings.push({ file, line: i + 1, text: content.trim(), why: `cites ${m[1]}.md, which is not in the repository (now ${DOCS[`${m[1]}.md` as OutsideDoc]})` });
      }
      for (const m of content.matchAll(ISSUE_RE)) {
        const n = Number(m.groups!.n);
        findings.push({ file, line: i + 1, text: content.trim(), why: `cites issue ${n}${m.groups!.more ? m.groups!.more : ''}: ${hint(n, file)}` });
      }
    });
    for (const m of text.matchAll(NEW_DOC_RE)) {
      const doc = `docs/${m[1]}.md`;
      if (!sections.has(doc)) sections.set(doc, existsSync(path.join(root, doc)) ? sectionsOf(doc, root) : new Set());
      for (const s of m[2]!.match(/\d+(?:\.\d+)?/g)!) {
        if (!sections.get(doc)!.has(s)) {
          const line = lineAt(text, m.index);
          findings.push({ file, line, text: lines[line - 1]!.trim(), why: `${doc} has no §${s}` });
        }
      }
    }
  }
  return findings;
}

function main(argv: string[]): number {
  const flags = new Set(argv.filter((a) => a.startsWith('--')));
  const only = argv.filter((a) => !a.startsWith('--'));
  if (flags.has('--check')) {
    const findings = check(REPO_ROOT, only);
    for (const f of findings) console.warn(`${f.file}:${f.line}: ${f.why}\n    ${f.text}`);
    console.warn(
      findings.length
        ? `${findings.length} citation(s) a newcomer cannot follow.`
        : 'Every citation points inside the repository.',
    );
    return findings.length ? 1 : 0;
  }
  const { changes, findings, rewritten } = run(REPO_ROOT, only);
  const dry = flags.has('--dry-run');
  for (const c of changes) console.warn(`${c.file}:${c.line}: ${JSON.stringify(c.from)} -> ${JSON.stringify(c.to)}`);
  if (!dry) for (const [file, text] of rewritten) writeFileSync(path.join(REPO_ROOT, file), text);
  const docs = changes.filter((c) => c.kind === 'document').length;
  const issues = changes.length - docs;
  console.warn(
    `${dry ? 'Would rewrite' : 'Rewrote'} ${docs} document citation(s) and ${issues} issue citation(s) in ${rewritten.size} file(s).`,
  );
  if (findings.length) {
    for (const f of findings) console.warn(`left for a person: ${f.file}:${f.line}: ${f.why}\n    ${f.text}`);
    console.warn(`${findings.length} citation(s) left for a person to reword (see --check).`);
  }
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exitCode = main(process.argv.slice(2));
}
