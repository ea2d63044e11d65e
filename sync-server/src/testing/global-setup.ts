import { writeMigratedSnapshot } from './pglite-snapshot.ts';

// Once per test run, before any test file: on PGlite, the migrated snapshot every test
// database starts from (testing/pglite-snapshot.ts). PostgreSQL runs need nothing.
export default async function setup() {
  if (!process.env.DATABASE_URL) await writeMigratedSnapshot();
}
