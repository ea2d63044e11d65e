// `npm run build -w @tournament/sync-server` (after the typecheck): the server as plain JavaScript
// for `node`, in sync-server/dist/ (decision 038).
//
//   src/index.ts      -> dist/index.js       the server
//   src/cli/admin.ts  -> dist/cli/admin.js   the admin CLI
//
// Our own code, the shared package's TypeScript included, is bundled; every npm package stays
// an import of node_modules (PGlite loads its wasm and data files beside its own module, argon2
// is a native binary), and each one must be in this package's `dependencies`, so that
// `npm ci --omit=dev` installs it: the build fails otherwise.
//
// dist/ mirrors src/: the files that are not TypeScript (the SQL migrations, the list of common
// passwords) are copied to the same place under dist/, and `import.meta.dirname` in a module of
// src/<folder>/ is rewritten to dist/<folder>/. A module's paths relative to its own folder
// (`migrations`, `../../../web/dist`) therefore mean the same from the build as from the source.
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import * as esbuild from 'esbuild';

const PACKAGE_DIR = path.resolve(import.meta.dirname, '..');
const SRC = path.join(PACKAGE_DIR, 'src');
const DIST = path.join(PACKAGE_DIR, 'dist');
const ENTRIES = ['index.ts', 'cli/admin.ts'];
/** Bundled, not external: the monorepo's own packages (TypeScript source, never published). */
const WORKSPACE_SCOPE = '@tournament/';

const manifest = JSON.parse(fs.readFileSync(path.join(PACKAGE_DIR, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};
const runtimeDependencies = new Set(Object.keys(manifest.dependencies));
const builtins = new Set(builtinModules);

/** `@scope/name/sub/path` -> `@scope/name`; `name/sub` -> `name`. */
function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return (specifier.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/');
}

function isBuiltin(specifier: string): boolean {
  return specifier.startsWith('node:') || builtins.has(packageName(specifier));
}

/** Bare imports stay imports, except the workspace's own packages. */
const packagesExternal: esbuild.Plugin = {
  name: 'packages-external',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith(WORKSPACE_SCOPE) ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * `import.meta.dirname` in src/<folder>/x.ts becomes dist/<folder>, written relative to the
 * output file (whose own `import.meta.dirname` is the only one left in the bundle). Any other
 * `import.meta` use, or one outside src/, fails the build: nobody has said where its files are.
 */
function moduleFolders(outfile: string): esbuild.Plugin {
  return {
    name: 'module-folders',
    setup(build) {
      build.onLoad({ filter: /\.ts$/ }, async (args) => {
        const source = await fs.promises.readFile(args.path, 'utf8');
        const uses = source.match(/import\.meta\b(\.\w+)?/g) ?? [];
        if (uses.length === 0) return undefined;
        const where = path.relative(PACKAGE_DIR, args.path);
        const unsupported = uses.filter((u) => u !== 'import.meta.dirname');
        if (unsupported.length > 0 || !args.path.startsWith(SRC + path.sep)) {
          throw new Error(
            `${where} uses ${[...new Set(uses)].join(', ')}: only import.meta.dirname in sync-server/src is mapped into dist/ (scripts/build.ts)`,
          );
        }
        const mirrored = path.join(DIST, path.relative(SRC, path.dirname(args.path)));
        const relative = path.relative(path.dirname(outfile), mirrored) || '.';
        // The import goes last so that the source map's lines stay the source's (imports hoist).
        const contents =
          source.replaceAll(
            'import.meta.dirname',
            `__modulePath.join(import.meta.dirname, ${JSON.stringify(relative)})`,
          ) + "\nimport __modulePath from 'node:path';\n";
        return { contents, loader: 'ts' };
      });
    },
  };
}

/** Every file of src/ that is not TypeScript (tests' own files aside), to the same place in dist/. */
function copyAssets(): string[] {
  const copied: string[] = [];
  for (const entry of fs.readdirSync(SRC, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name.endsWith('.ts')) continue;
    const from = path.join(entry.parentPath, entry.name);
    const rel = path.relative(SRC, from);
    if (rel.split(path.sep).includes('testing') || /\.test\./.test(entry.name)) continue;
    fs.mkdirSync(path.dirname(path.join(DIST, rel)), { recursive: true });
    fs.copyFileSync(from, path.join(DIST, rel));
    copied.push(rel);
  }
  return copied.sort();
}

async function bundle(entry: string): Promise<esbuild.Metafile> {
  const outfile = path.join(DIST, entry.replace(/\.ts$/, '.js'));
  const result = await esbuild.build({
    entryPoints: [path.join(SRC, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24.11',
    // Error types are logged by their class name (lib/logger.ts); bundling may rename classes.
    keepNames: true,
    sourcemap: 'linked',
    sourcesContent: false,
    metafile: true,
    logLevel: 'warning',
    plugins: [packagesExternal, moduleFolders(outfile)],
  });
  return result.metafile;
}

const started = performance.now();
fs.rmSync(DIST, { recursive: true, force: true });
const metafiles = await Promise.all(ENTRIES.map(bundle));
const assets = copyAssets();

const problems: string[] = [];
const externals = new Set<string>();
for (const metafile of metafiles) {
  for (const input of Object.keys(metafile.inputs)) {
    if (input.includes('node_modules/')) problems.push(`${input} was bundled: packages must stay external`);
  }
  for (const output of Object.values(metafile.outputs)) {
    for (const imported of output.imports) {
      if (!imported.external || isBuiltin(imported.path)) continue;
      const name = packageName(imported.path);
      externals.add(name);
      if (!runtimeDependencies.has(name))
        problems.push(
          `${name} is imported at run time but is not in sync-server's dependencies (npm ci --omit=dev would leave it out)`,
        );
    }
  }
}
if (problems.length > 0) {
  console.error(`Server build refused:\n  ${[...new Set(problems)].join('\n  ')}`);
  process.exit(1);
}

const kb = (file: string) => `${Math.round(fs.statSync(path.join(DIST, file)).size / 1024)} KB`;
console.log(
  [
    `Built the server in ${Math.round(performance.now() - started)} ms:`,
    ...ENTRIES.map((e) => e.replace(/\.ts$/, '.js')).map((out) => `  dist/${out} (${kb(out)})`),
    `  ${assets.length} files copied from src/ (${[...new Set(assets.map((a) => path.dirname(a)))].join(', ')})`,
    `  external packages: ${[...externals].sort().join(', ')}`,
  ].join('\n'),
);
