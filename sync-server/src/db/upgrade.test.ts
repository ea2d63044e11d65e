import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminRegistrationDetailSchema, PublicResultsSchema } from '@tournament/shared';
import { restoreBackup } from './backup.ts';
import { migrate } from './migrate.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { downloadFile } from '../testing/multipart.ts';
import type { ReleaseFacts } from '../testing/release-world.ts';

// An upgrade with data: the backup a previous release made of its small tournament day
// (upgrade-fixtures/, written by scripts/release-fixture.ts when the release was cut) is restored
// as that release left it, migrated by this code as a server's start migrates, and read back
// through the API: the accounts sign in, and the registration, the payment, the results and the
// file are intact. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.

const FIXTURES = path.join(import.meta.dirname, 'upgrade-fixtures');
const releases = fs
  .readdirSync(FIXTURES)
  .filter((f) => f.endsWith('.facts.json'))
  .map((f) => f.slice(0, -'.facts.json'.length));

it('keeps a fixture of at least one earlier release', () => {
  expect(releases.length).toBeGreaterThan(0);
});

describe.each(releases)('upgrading from %s', (release) => {
  const facts = JSON.parse(
    fs.readFileSync(path.join(FIXTURES, `${release}.facts.json`), 'utf8'),
  ) as ReleaseFacts;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `nomac-upgrade-${release}-`));
  let t: TestApp;
  let applied: string[];
  const signIn = async (email: string, password: string) =>
    t.call('POST', '/api/users/authenticate', { username: email, password });

  beforeAll(async () => {
    t = await createTestApp({ seed: false, now: '2026-11-22T12:00:00Z', config: { dataDir } });
    // As the release left it: its migrations only, then its rows, uploads and secrets.
    const restored = await restoreBackup(
      { database: t.database, dataDir, force: true },
      path.join(FIXTURES, `${release}.ndjson.gz`),
    );
    expect(restored.rows).toBeGreaterThan(0);
    // Then this code's migrations, as the server's start applies them.
    applied = await migrate(t.database);
  }, 240_000);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('applies this code’s newer migrations, each once', async () => {
    expect(new Set(applied).size).toBe(applied.length);
    expect(await migrate(t.database)).toEqual([]);
  });

  it('signs in every account with its password', async () => {
    for (const account of facts.accounts) {
      const res = await signIn(account.email, account.password);
      expect(res.status, account.email).toBe(200);
      expect(res.json.user.roles, account.email).toContain(account.role);
    }
  });

  it('keeps the registration, its competitors and the payment taken at the door', async () => {
    const director = facts.accounts.find((a) => a.role === 'TournamentDirector')!;
    const token = (await signIn(director.email, director.password)).json.user.token as string;
    const res = await t.call('GET', `/api/admin/registrations/${facts.registration.id}`, undefined, token);
    expect(res.status).toBe(200);
    const detail = AdminRegistrationDetailSchema.parse(res.json);
    expect(detail.owner.email).toBe(facts.registration.ownerEmail);
    expect(detail.competitors.map((c) => c.name).sort()).toEqual([...facts.registration.competitors].sort());
    expect(detail.payments).toEqual([
      expect.objectContaining({
        id: facts.payment.id,
        method: facts.payment.method,
        amount: facts.payment.amount,
        voided: false,
      }),
    ]);
  });

  it('keeps the completed division’s placings in the public results', async () => {
    const res = await t.call('GET', `/api/results/${facts.tournamentId}`);
    expect(res.status).toBe(200);
    const division = PublicResultsSchema.parse(res.json).divisions.find(
      (d) => d.divisionId === facts.division.id,
    );
    const result = division?.results.find((r) => r.eventTypeId === facts.division.eventTypeId);
    expect(result?.placings.map((p) => p.place)).toEqual(facts.division.placings.map((_, i) => i + 1));
  });

  it('keeps the uploaded file, byte for byte, for its family', async () => {
    const parent = facts.accounts.find((a) => a.email === facts.registration.ownerEmail)!;
    const token = (await signIn(parent.email, parent.password)).json.user.token as string;
    const file = await downloadFile(t, facts.file.id, token);
    expect(file.status).toBe(200);
    expect(crypto.createHash('sha256').update(file.bytes).digest('hex')).toBe(facts.file.sha256);
  });
});
