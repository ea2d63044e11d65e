// Imported first by main.tsx, before any schema is built. zod 4 compiles object parsers with
// `new Function` where it may; the site's CSP allows no eval, so the attempt is refused and
// reported as a violation on every page that loads the schemas (Lighthouse's "issues" in best
// practices; decision 020). The browser parses without compiling; the server keeps the compiler.
//
// zod keeps its settings on `globalThis.__zod_globalConfig` and adopts one that is already
// there (so that several copies share them); setting it here keeps zod itself out of the first
// chunk, which `import { config } from 'zod/v4/core'` would not (about 4 KB gzip).
// zod-jitless.test.ts proves the installed zod takes it.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(holder.__zod_globalConfig ??= {}).jitless = true;
export {};
