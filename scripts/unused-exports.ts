// Exports that no module imports, across the workspaces: `npx tsx scripts/unused-exports.ts`.
// Every import counts, tests' included. Read with TypeScript's parser (no type checking, so a
// few seconds): named imports and re-exports are followed through `export *` chains to the
// module that declares the name; `import * as ns`, `export * as ns` and `import()` of a module
// count as using all of it. A name used only inside its own module is listed too (the export
// is what is unused; `(dead)` marks a name its module never uses either). Paths resolved: relative ones, `@tournament/shared` (shared/src/index.ts)
// and web's `@shared/*` (shared/src/*). Prints `file: name` lines; exit code 0 either way.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIRS = [
  'shared/src',
  'shared/bench',
  'sync-server/src',
  'sync-server/bench',
  'web/src',
  'sw/src',
  'e2e',
];
const CONFIGS = ['web/vite.config.ts', 'web/vitest.config.ts', 'e2e/vitest.e2e.config.ts'];
const SOURCE = /\.(ts|tsx)$/;

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory())
      return ['node_modules', 'dist', 'dist-ssr', 'artifacts'].includes(e.name) ? [] : filesUnder(p);
    return SOURCE.test(e.name) && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

function resolve(from: string, spec: string): string | undefined {
  let base: string;
  if (spec === '@tournament/shared') base = path.join(ROOT, 'shared/src/index.ts');
  else if (spec.startsWith('@shared/')) base = path.join(ROOT, 'shared/src', spec.slice('@shared/'.length));
  else if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  else return undefined;
  const candidates = [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ];
  return candidates.find((c) => SOURCE.test(c) && fs.existsSync(c) && fs.statSync(c).isFile());
}

interface ModuleInfo {
  /** Names this module declares and exports (`default` for a default export). */
  declared: Set<string>;
  /** How often each identifier appears in the module (a declared name seen once is dead). */
  mentions: Map<string, number>;
  /** Names re-exported from another module: exported name -> [module, its name]. */
  reexports: Map<string, [string, string]>;
  /** Modules whose every export this one re-exports. */
  stars: string[];
}

const modules = new Map<string, ModuleInfo>();
/** Module -> names imported from it (as the importer wrote them, resolved later). */
const wanted: [string, string][] = [];
const wholeModules = new Set<string>();

const hasExport = (n: ts.Node) =>
  ts.canHaveModifiers(n) && (ts.getModifiers(n) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
const hasDefault = (n: ts.Node) =>
  ts.canHaveModifiers(n) && (ts.getModifiers(n) ?? []).some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);

function bindingNames(name: ts.BindingName): string[] {
  if (ts.isIdentifier(name)) return [name.text];
  return name.elements.flatMap((e) => (ts.isOmittedExpression(e) ? [] : bindingNames(e.name)));
}

function scan(file: string) {
  const sf = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const info: ModuleInfo = { declared: new Set(), mentions: new Map(), reexports: new Map(), stars: [] };
  modules.set(file, info);
  for (const st of sf.statements) {
    if (ts.isImportDeclaration(st)) {
      const target = resolve(file, (st.moduleSpecifier as ts.StringLiteral).text);
      const clause = st.importClause;
      if (!target || !clause) continue;
      if (clause.name) wanted.push([target, 'default']);
      const nb = clause.namedBindings;
      if (nb && ts.isNamespaceImport(nb)) wholeModules.add(target);
      if (nb && ts.isNamedImports(nb))
        for (const el of nb.elements) wanted.push([target, (el.propertyName ?? el.name).text]);
    } else if (ts.isExportDeclaration(st)) {
      const target = st.moduleSpecifier && resolve(file, (st.moduleSpecifier as ts.StringLiteral).text);
      if (st.moduleSpecifier && !target) continue;
      if (!st.exportClause) info.stars.push(target!);
      else if (ts.isNamespaceExport(st.exportClause)) {
        wholeModules.add(target!);
        info.declared.add(st.exportClause.name.text);
      } else
        for (const el of st.exportClause.elements) {
          const local = (el.propertyName ?? el.name).text;
          if (target) info.reexports.set(el.name.text, [target, local]);
          else info.declared.add(el.name.text);
        }
    } else if (ts.isExportAssignment(st)) info.declared.add('default');
    else if (hasExport(st)) {
      if (hasDefault(st)) info.declared.add('default');
      else if (ts.isVariableStatement(st))
        for (const d of st.declarationList.declarations)
          bindingNames(d.name).forEach((n) => info.declared.add(n));
      else if ('name' in st && st.name && ts.isIdentifier(st.name as ts.Node))
        info.declared.add((st.name as ts.Identifier).text);
    }
  }
  // import('...') anywhere, and vi.importActual / vi.mock('...') of a module: all of it.
  const visit = (n: ts.Node) => {
    if (ts.isIdentifier(n)) info.mentions.set(n.text, (info.mentions.get(n.text) ?? 0) + 1);
    if (ts.isCallExpression(n) && n.arguments[0] && ts.isStringLiteral(n.arguments[0])) {
      const isImport = n.expression.kind === ts.SyntaxKind.ImportKeyword;
      const callee = n.expression.getText(sf);
      if (isImport || /^vi\.(mock|importActual|doMock)$/.test(callee)) {
        const target = resolve(file, n.arguments[0].text);
        if (target) wholeModules.add(target);
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
}

const files = [
  ...DIRS.flatMap((d) => filesUnder(path.join(ROOT, d))),
  ...CONFIGS.map((c) => path.join(ROOT, c)),
]
  .filter((f) => fs.existsSync(f))
  .map((f) => path.resolve(f));
for (const f of files) scan(f);

const used = new Set<string>();
const key = (file: string, name: string) => `${file}\0${name}`;

/** Marks the declaration `name` of `file` stands for as used (through re-exports and stars). */
function use(file: string, name: string, seen = new Set<string>()): boolean {
  const k = key(file, name);
  if (seen.has(k)) return false;
  seen.add(k);
  const info = modules.get(file);
  if (!info) return false;
  if (info.declared.has(name)) {
    used.add(k);
    return true;
  }
  const re = info.reexports.get(name);
  if (re) {
    used.add(k);
    return use(re[0], re[1], seen);
  }
  return info.stars.some((s) => use(s, name, seen));
}

function useAll(file: string, seen = new Set<string>()) {
  if (seen.has(file)) return;
  seen.add(file);
  const info = modules.get(file);
  if (!info) return;
  for (const n of info.declared) used.add(key(file, n));
  for (const [n, [t, tn]] of info.reexports) {
    used.add(key(file, n));
    use(t, tn);
  }
  for (const s of info.stars) useAll(s, seen);
}

for (const [file, name] of wanted) use(file, name);
for (const file of wholeModules) useAll(file);

// Entry points and files loaded by name (configs, vitest setup, scripts run by tsx) export to
// their tools, not to modules: their exports are not listed.
const isEntry = (f: string) =>
  /\.(test|e2e|spec)\.tsx?$/.test(f) ||
  /(vite|vitest)[^/]*\.config\.ts$/.test(f) ||
  /\/bench\//.test(f) ||
  // web/src/entry-server.tsx: built to web/dist-ssr and loaded by sync-server/src/http/public-pages.ts.
  /\/entry-[^/]+\.tsx?$/.test(f);

const unused: string[] = [];
for (const [file, info] of modules) {
  if (isEntry(file)) continue;
  for (const n of info.declared) {
    if (used.has(key(file, n))) continue;
    // Used in its own module: only the `export` is unused. Named nowhere else: dead code.
    const local = (info.mentions.get(n) ?? 0) > 1 || n === 'default';
    unused.push(`${path.relative(ROOT, file)}: ${n}${local ? ' (used in its module)' : ' (dead)'}`);
  }
  for (const n of info.reexports.keys())
    if (!used.has(key(file, n))) unused.push(`${path.relative(ROOT, file)}: ${n} (re-export)`);
}
unused.sort();
for (const line of unused) console.log(line);
console.log(`${unused.length} unused export(s) in ${modules.size} modules`);
