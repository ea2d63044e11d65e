import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { verifyPassword } from '../services/passwords.ts';

const run = promisify(execFile);
const SERVER_DIR = path.resolve(import.meta.dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nomac-cli-'));

/** Runs the CLI as the e2e harness does, on the embedded database in a temp DATA_DIR. */
async function admin(...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'src/cli/admin.ts', ...args], {
      cwd: SERVER_DIR,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** Each case spawns the CLI (tsx, PGlite), slow on a busy 2-core machine. */
const SPAWN_TIMEOUT_MS = 90_000;

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('admin CLI create-user', () => {
  it(
    'creates a verified account with the role on the database the server would use, then refuses a duplicate',
    async () => {
      const created = await admin(
        'create-user',
        '--email',
        'Director@Example.com',
        '--password',
        'long enough pw',
        '--role',
        'TournamentDirector',
        '--first',
        'Dana',
        '--last',
        'Ross',
      );
      expect(created.code).toBe(0);
      expect(created.stdout).toMatch(/Created TournamentDirector Director@Example\.com/);

      const again = await admin(
        'create-user',
        '--email',
        'director@example.com',
        '--password',
        'another pw',
        '--role',
        'Customer',
      );
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/already exists/);

      const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
      try {
        const rows = await database.db.select().from(users).where(eq(users.email, 'Director@Example.com'));
        expect(rows).toHaveLength(1);
        const [user] = rows;
        expect(user?.roles).toEqual(['TournamentDirector']);
        expect(user?.firstName).toBe('Dana');
        expect(user?.lastName).toBe('Ross');
        expect(user?.verifiedAt).toBeInstanceOf(Date);
        expect(user?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
        expect(await verifyPassword(user?.passwordHash, 'long enough pw')).toBe(true);
        expect(await verifyPassword(user?.passwordHash, 'wrong password')).toBe(false);
        expect(await database.db.select().from(users)).toHaveLength(1);
      } finally {
        await database.close();
      }
    },
    SPAWN_TIMEOUT_MS,
  );

  it(
    'create-users makes every account of a file, or none when one of them exists or is invalid',
    async () => {
      const file = path.join(dataDir, 'staff.json');
      const write = (accounts: unknown) => fs.writeFileSync(file, JSON.stringify(accounts));
      write([
        { email: 'ring1@example.com', password: 'ring one pw', role: 'RingOfficial', first: 'Ring' },
        { email: 'desk@example.com', password: 'desk desk pw', role: 'TournamentDirector' },
      ]);
      const created = await admin('create-users', '--file', file);
      expect(created.code).toBe(0);
      expect(created.stdout).toMatch(
        /Created RingOfficial ring1@example\.com .*\n.*Created TournamentDirector desk@example\.com/,
      );

      // A new account beside an existing one (another case): neither is made.
      write([
        { email: 'new@example.com', password: 'new account pw', role: 'Customer' },
        { email: 'RING1@example.com', password: 'ring one pw', role: 'Customer' },
      ]);
      const clash = await admin('create-users', '--file', file);
      expect(clash.code).toBe(1);
      expect(clash.stderr).toMatch(/An account with the e-mail RING1@example\.com already exists/);

      write([{ email: 'new@example.com', password: 'short', role: 'Customer' }]);
      const invalid = await admin('create-users', '--file', file);
      expect(invalid.code).toBe(1);
      expect(invalid.stderr).toMatch(/account 1, password: password must be at least 8 characters/);

      const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
      try {
        const emails = (await database.db.select({ email: users.email }).from(users)).map((u) => u.email);
        expect(emails).toContain('ring1@example.com');
        expect(emails).toContain('desk@example.com');
        expect(emails).not.toContain('new@example.com');
      } finally {
        await database.close();
      }
    },
    SPAWN_TIMEOUT_MS,
  );

  it(
    'refuses a bad role, a bad e-mail, a short password and an unknown command with a clear message',
    async () => {
      const badRole = await admin(
        'create-user',
        '--email',
        'x@example.com',
        '--password',
        'long enough pw',
        '--role',
        'Admin',
      );
      expect(badRole.code).not.toBe(0);
      expect(badRole.stderr).toMatch(
        /--role must be one of Customer, CheckInAdmin, RingOfficial, TournamentDirector, SuperAdmin/,
      );

      const badEmail = await admin(
        'create-user',
        '--email',
        'not-an-email',
        '--password',
        'long enough pw',
        '--role',
        'Customer',
      );
      expect(badEmail.code).not.toBe(0);
      expect(badEmail.stderr).toMatch(/--email must be a valid e-mail address/);

      const shortPassword = await admin(
        'create-user',
        '--email',
        'x@example.com',
        '--password',
        'short',
        '--role',
        'Customer',
      );
      expect(shortPassword.code).not.toBe(0);
      expect(shortPassword.stderr).toMatch(/--password must be at least 8 characters/);

      const unknown = await admin('delete-everything');
      expect(unknown.code).not.toBe(0);
      expect(unknown.stderr).toMatch(/Unknown command "delete-everything"/);

      const help = await admin('--help');
      expect(help.code).toBe(0);
      expect(help.stdout).toMatch(/create-user --email E --password P --role R/);
    },
    SPAWN_TIMEOUT_MS,
  );
});
