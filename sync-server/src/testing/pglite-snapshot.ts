import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../db/client.ts';
import { migrate, MIGRATIONS_DIR } from '../db/migrate.ts';

// Server tests open about a hundred in-memory PGlite databases. Each open runs initdb and then
// the migrations, most of an open's time. Instead, the test run's global setup migrates one empty
// database and dumps its data directory to a file; each test database starts from that file.
// The file's name carries a hash of the migrations and of PGlite's version, so a changed
// migration or an upgrade makes a new snapshot and a stale one is never read.

function snapshotPath(): string {
  const hash = crypto.createHash('sha256');
  // The package does not export its package.json: read it beside the resolved entry point.
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  hash.update(fs.readFileSync(path.join(path.dirname(entry), '..', 'package.json')));
  for (const file of fs.readdirSync(MIGRATIONS_DIR).sort()) {
    hash.update(file);
    hash.update(fs.readFileSync(path.join(MIGRATIONS_DIR, file)));
  }
  return path.join(os.tmpdir(), `nomac-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
}

/** Writes the migrated snapshot unless a file for these migrations exists already. */
export async function writeMigratedSnapshot(): Promise<void> {
  const file = snapshotPath();
  if (fs.existsSync(file)) return;
  const database = await openDatabase({});
  try {
    await migrate(database);
    if (database.jobs.backend !== 'pglite') throw new Error('writeMigratedSnapshot: not PGlite');
    const tarball = await database.jobs.client.dumpDataDir('none');
    // Written aside, then renamed: a concurrent run never reads half a file.
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, new Uint8Array(await tarball.arrayBuffer()));
    fs.renameSync(partial, file);
  } finally {
    await database.close();
  }
}

/** The migrated snapshot, or undefined when none was written (a test file run on its own). */
export function readMigratedSnapshot(): Blob | undefined {
  const file = snapshotPath();
  return fs.existsSync(file) ? new Blob([fs.readFileSync(file)]) : undefined;
}
