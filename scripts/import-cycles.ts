// Import cycles between the modules of a folder (relative imports and the @web/ and @shared/ aliases), found with the
// TypeScript compiler's own import scanner: `npx tsx scripts/import-cycles.ts sync-server/src`.
// Prints each cycle once and exits 1 when there is any.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const roots = process.argv.slice(2);
if (roots.length === 0) roots.push('sync-server/src', 'shared/src');

const SOURCE = /\.(ts|tsx)$/;

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : filesUnder(p);
    return SOURCE.test(e.name) && !e.name.endsWith('.d.ts') ? [path.resolve(p)] : [];
  });
}

/** The path aliases of web/tsconfig.json: a module reached through one is still a local module. */
const ALIASES: Record<string, string> = {
  '@web/': path.resolve(import.meta.dirname, '../web/src'),
  '@shared/': path.resolve(import.meta.dirname, '../shared/src'),
};

function resolveRelative(from: string, spec: string): string | undefined {
  const alias = Object.keys(ALIASES).find((a) => spec.startsWith(a));
  if (!alias && !spec.startsWith('.')) return undefined;
  const base = alias
    ? path.join(ALIASES[alias] as string, spec.slice(alias.length))
    : path.resolve(path.dirname(from), spec);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')];
  return candidates.find((c) => SOURCE.test(c) && fs.existsSync(c));
}

/** The modules a file imports at run time (type-only imports make no cycle when loading). */
export function runtimeImports(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const out: string[] = [];
  for (const st of sf.statements) {
    if (
      (ts.isImportDeclaration(st) && !st.importClause?.isTypeOnly) ||
      (ts.isExportDeclaration(st) && !st.isTypeOnly && st.moduleSpecifier)
    ) {
      const spec = (st.moduleSpecifier as ts.StringLiteral).text;
      const target = resolveRelative(file, spec);
      if (target) out.push(target);
    }
  }
  return out;
}

const files = roots.flatMap((r) => filesUnder(r));
const graph = new Map(files.map((f) => [f, runtimeImports(f)]));

// Tarjan's strongly connected components: a component of more than one module is a cycle.
let index = 0;
const idx = new Map<string, number>();
const low = new Map<string, number>();
const stack: string[] = [];
const onStack = new Set<string>();
const components: string[][] = [];
function visit(v: string) {
  idx.set(v, index);
  low.set(v, index);
  index++;
  stack.push(v);
  onStack.add(v);
  for (const w of graph.get(v) ?? []) {
    if (!idx.has(w)) {
      visit(w);
      low.set(v, Math.min(low.get(v)!, low.get(w)!));
    } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
  }
  if (low.get(v) === idx.get(v)) {
    const c: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      c.push(w);
    } while (w !== v);
    if (c.length > 1 || graph.get(v)?.includes(v)) components.push(c);
  }
}
for (const f of files) if (!idx.has(f)) visit(f);

const rel = (f: string) => path.relative(process.cwd(), f);
for (const c of components) console.log(`cycle: ${c.map(rel).sort().join(' <-> ')}`);
console.log(`${files.length} modules, ${components.length} import cycle(s)`);
process.exitCode = components.length ? 1 : 0;
