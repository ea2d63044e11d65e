// `npm run release-fixture`: the upgrade fixture of the release being cut (CHANGELOG.md, "Cutting
// a release"). Builds the small tournament day of testing/release-world.ts on a fresh embedded
// database with this code, backs it up, and writes beside the earlier releases' fixtures:
//   sync-server/src/db/upgrade-fixtures/X.Y.Z.ndjson.gz   the backup (db/backup.ts's format)
//   sync-server/src/db/upgrade-fixtures/X.Y.Z.facts.json  what the upgrade test reads back
// X.Y.Z is the root package.json's version. The next releases' db/upgrade.test.ts restores the
// backup as this release left it, migrates it with their code and checks the facts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeBackup } from '../src/db/backup.ts';
import { createTestApp } from '../src/testing/harness.ts';
import { buildReleaseWorld } from '../src/testing/release-world.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const OUT = path.join(ROOT, 'sync-server/src/db/upgrade-fixtures');
const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  version: string;
};

// The embedded database, whatever DATABASE_URL says: a backup restores into either.
delete process.env.DATABASE_URL;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nomac-release-fixture-'));
const t = await createTestApp({ now: '2026-11-22T12:00:00Z', config: { dataDir } });
try {
  const facts = await buildReleaseWorld(t, version);
  fs.mkdirSync(OUT, { recursive: true });
  const summary = await writeBackup(
    { database: t.database, dataDir },
    path.join(OUT, `${version}.ndjson.gz`),
  );
  fs.writeFileSync(path.join(OUT, `${version}.facts.json`), `${JSON.stringify(facts, null, 2)}\n`);
  console.log(
    `upgrade fixture of ${version}: ${path.relative(ROOT, summary.file)} (${summary.bytes} bytes, ${summary.tables} tables, ${summary.rows} rows, ${summary.files} files) and ${version}.facts.json`,
  );
} finally {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
