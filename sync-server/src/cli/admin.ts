// Admin CLI, on the same database the server would use (DATABASE_URL, else DATA_DIR/pglite):
//   npm run admin -- create-user --email E --password P --role R [--first F --last L]
//   npm run admin -- create-users --file FILE
//   npm run admin -- migrate
//   npm run admin -- backup [--out FILE]
//   npm run admin -- restore --in FILE [--force]
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ACCOUNT_ROLES, formatFileSize, type AccountRole } from '@tournament/shared';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { acquireDataDirLock, isAlive, openConfiguredDatabase, readLockHolder } from '../bootstrap.ts';
import { loadConfig } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import { BackupError, inspectBackup, restoreBackup, writeBackup, type BackupSummary } from '../db/backup.ts';
import { migrateWithBackup, readOperatorEndpoint } from '../services/backups.ts';
import { users } from '../db/schema.ts';
import { seedReferenceData } from '../db/seed.ts';
import { hashPassword } from '../services/passwords.ts';

const USAGE = `Usage:
  npm run admin -- create-user --email E --password P --role R [--first F --last L]
  npm run admin -- create-users --file FILE
  npm run admin -- migrate
  npm run admin -- backup [--out FILE]
  npm run admin -- restore --in FILE [--force]

Commands:
  create-user   Create a verified account with one role.
                --role is one of ${ACCOUNT_ROLES.join(', ')}.
                --password must be at least 8 characters.
  create-users  Create the verified accounts listed in FILE, a JSON array of
                {"email", "password", "role", "first", "last"} (first and last optional),
                all or none: one invalid or existing account creates none of them.
                The passwords stay out of the shell's history.
  migrate       Apply the migrations and seed the reference data, as the server does
                at start, then exit (after a backup into BACKUP_DIR when there are some
                to apply to a database already in use).
  backup        Write ONE file holding the database's rows, the uploads kept in DATA_DIR
                (or a note that they live in S3_BUCKET) and the secrets generated into
                DATA_DIR. Default FILE: nomac-backup-<time>.ndjson.gz here. Works while the
                server runs, on the embedded database too (the CLI then asks that server).
                The file holds secrets: it is readable by you only; keep it so.
  restore       Fill an empty DATA_DIR or database from a backup file, made on PGlite or
                PostgreSQL alike. Refuses a non-empty one, changing nothing, unless --force
                (which replaces the tables, uploads and secrets there). Stop the server first.

The database is the server's: DATABASE_URL when set, otherwise DATA_DIR/pglite
(stop the server first when it uses the embedded database, except for backup).`;

const CreateUserArgs = z.object({
  email: z
    .string({ error: '--email is required' })
    .trim()
    .pipe(z.email({ error: '--email must be a valid e-mail address' })),
  password: z.string({ error: '--password is required' }).min(8, '--password must be at least 8 characters'),
  role: z.enum(ACCOUNT_ROLES, { error: `--role must be one of ${ACCOUNT_ROLES.join(', ')}` }),
  first: z.string().trim().max(100).default(''),
  last: z.string().trim().max(100).default(''),
});
export type CreateUserInput = z.infer<typeof CreateUserArgs>;

// The file's accounts: the same rules, named by the file's keys rather than the flags.
const UsersFile = z
  .array(
    z.strictObject({
      email: z
        .string({ error: 'email is required' })
        .trim()
        .pipe(z.email({ error: 'email must be a valid e-mail address' })),
      password: z.string({ error: 'password is required' }).min(8, 'password must be at least 8 characters'),
      role: z.enum(ACCOUNT_ROLES, { error: `role must be one of ${ACCOUNT_ROLES.join(', ')}` }),
      first: z.string().trim().max(100).default(''),
      last: z.string().trim().max(100).default(''),
    }),
    { error: 'the file must hold a JSON array of accounts' },
  )
  .min(1, 'the file lists no account');

class UsageError extends Error {}

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

/** Opens the server's database (holding DATA_DIR's lock), migrated and seeded as at the server's start. */
async function withDatabase<T>(work: (database: Database) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const releaseLock = acquireDataDirLock(config);
  try {
    const database = await openConfiguredDatabase(config);
    try {
      await migrateWithBackup(database, config);
      await seedReferenceData(database.db, new Date(), { starterRules: true });
      return await work(database);
    } finally {
      await database.close();
    }
  } finally {
    releaseLock();
  }
}

/** Inserts the accounts in one transaction: an existing e-mail (any case) or a repeated one inserts none. */
async function createUsers(inputs: CreateUserInput[]): Promise<string[]> {
  const seen = new Set<string>();
  for (const input of inputs) {
    const key = input.email.toLowerCase();
    if (seen.has(key)) throw new UsageError(`The e-mail ${input.email} is listed twice.`);
    seen.add(key);
  }
  // Hashing is slow on purpose: done before the transaction opens.
  const hashes = await Promise.all(inputs.map((input) => hashPassword(input.password)));
  return withDatabase((database) =>
    database.db.transaction(async (tx) => {
      const lines: string[] = [];
      for (const [i, input] of inputs.entries()) {
        const existing = await tx
          .select({ id: users.id })
          .from(users)
          .where(sql`lower(${users.email}) = lower(${input.email})`)
          .limit(1);
        if (existing.length > 0)
          throw new UsageError(`An account with the e-mail ${input.email} already exists.`);
        const [user] = await tx
          .insert(users)
          .values({
            email: input.email,
            passwordHash: hashes[i] as string,
            firstName: input.first,
            lastName: input.last,
            roles: [input.role satisfies AccountRole],
            verifiedAt: new Date(),
          })
          .returning({ id: users.id });
        if (!user) throw new Error('insert returned nothing');
        lines.push(`Created ${input.role} ${input.email} (id ${user.id}, verified) on ${database.kind}.`);
      }
      return lines;
    }),
  );
}

function readUsersFile(file: string): CreateUserInput[] {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new UsageError(`Cannot read ${file}: ${err instanceof Error ? err.message : String(err)}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new UsageError(`${file} is not JSON.`);
  }
  const parsed = UsersFile.safeParse(json);
  if (!parsed.success) {
    throw new UsageError(
      parsed.error.issues
        .map((issue) => {
          const [index, field] = issue.path;
          if (typeof index !== 'number') return issue.message;
          return `account ${index + 1}${field === undefined ? '' : `, ${String(field)}`}: ${issue.message}`;
        })
        .join('\n'),
    );
  }
  return parsed.data;
}

/** What the backup holds, in one line for the operator. */
function describe(summary: Omit<BackupSummary, 'file' | 'bytes'>, file: string, bytes: number): string {
  const uploads =
    summary.uploads.in === 'file'
      ? `${summary.files} uploaded files`
      : `no uploads (they live in the bucket ${summary.uploads.bucket}: back it up with the storage provider's tools)`;
  const secrets = `${summary.secrets} generated secret${summary.secrets === 1 ? '' : 's'}`;
  return `Wrote ${file} (${formatFileSize(bytes)}): ${summary.rows} rows of ${summary.tables} tables, ${uploads}, ${secrets}. It holds secrets: keep it private.`;
}

/**
 * A backup from the database the server uses. The embedded database belongs to the running
 * server when there is one: that server is asked for it, on loopback, with the token it left
 * in DATA_DIR (decision 040). Otherwise the CLI reads the database itself.
 */
async function backup(out: string): Promise<string> {
  const config = loadConfig();
  const target = path.resolve(out);
  if (fs.existsSync(target)) throw new UsageError(`${target} exists already; choose another --out.`);
  if (!config.databaseUrl) {
    const holder = readLockHolder(path.join(config.dataDir, 'server.lock'));
    if (holder !== undefined && holder !== process.pid && isAlive(holder))
      return backupFromServer(config.dataDir, target);
    if (!fs.existsSync(path.join(config.dataDir, 'pglite')))
      throw new UsageError(`There is no embedded database in ${config.dataDir} to back up.`);
  }
  const releaseLock = acquireDataDirLock(config);
  try {
    const database = await openConfiguredDatabase(config);
    try {
      const summary = await writeBackup(
        { database, dataDir: config.dataDir, s3Bucket: config.s3?.bucket },
        target,
      );
      return describe(summary, target, summary.bytes);
    } finally {
      await database.close();
    }
  } finally {
    releaseLock();
  }
}

async function backupFromServer(dataDir: string, target: string): Promise<string> {
  const endpoint = readOperatorEndpoint(dataDir);
  if (!endpoint)
    throw new UsageError(
      `A server is running on ${dataDir} but left no operator endpoint there (still starting, or an older version). Try again once it listens.`,
    );
  const res = await fetch(`http://127.0.0.1:${endpoint.port}/operator/backup`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${endpoint.token}` },
  });
  if (!res.ok || !res.body) {
    const text = await res.text().catch(() => '');
    throw new UsageError(`The running server refused the backup (${res.status}): ${text}`);
  }
  const partial = `${target}.partial`;
  await pipeline(Readable.fromWeb(res.body as never), fs.createWriteStream(partial, { mode: 0o600 }));
  fs.renameSync(partial, target);
  const { end, header } = await inspectBackup(target);
  return describe({ ...end, uploads: header.uploads }, target, fs.statSync(target).size);
}

async function restore(file: string, force: boolean): Promise<string> {
  const config = loadConfig();
  const releaseLock = acquireDataDirLock(config);
  try {
    const database = await openConfiguredDatabase(config);
    try {
      const restored = await restoreBackup({ database, dataDir: config.dataDir, force }, path.resolve(file));
      return `Restored ${file} (taken ${restored.createdAt} on ${restored.database}) into ${database.kind}: ${restored.rows} rows, ${restored.files} uploaded files${restored.uploads.in === 'bucket' ? ` (uploads live in the bucket ${restored.uploads.bucket})` : ''}. The server applies any newer migration when it starts.`;
    } finally {
      await database.close();
    }
  } finally {
    releaseLock();
  }
}

function defaultBackupName(now = new Date()): string {
  return `nomac-backup-${now.toISOString().slice(0, 19).replace(/:/g, '-')}.ndjson.gz`;
}

const OPTIONS = {
  'create-user': {
    email: { type: 'string' },
    password: { type: 'string' },
    role: { type: 'string' },
    first: { type: 'string' },
    last: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
  'create-users': { file: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  migrate: { help: { type: 'boolean', short: 'h' } },
  backup: { out: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  restore: { in: { type: 'string' }, force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
} as const;
type Command = keyof typeof OPTIONS;

async function run(command: Command, values: Record<string, unknown>): Promise<string> {
  switch (command) {
    case 'create-user': {
      const parsed = CreateUserArgs.safeParse(values);
      if (!parsed.success) fail(parsed.error.issues.map((i) => i.message).join('\n'), 2);
      const [line] = await createUsers([parsed.data]);
      return line ?? '';
    }
    case 'create-users': {
      if (typeof values.file !== 'string') fail(`--file is required\n\n${USAGE}`, 2);
      return (await createUsers(readUsersFile(values.file))).join('\n');
    }
    case 'migrate':
      return withDatabase(async (database) => `The database on ${database.kind} is migrated and seeded.`);
    case 'backup':
      return backup(typeof values.out === 'string' ? values.out : defaultBackupName());
    case 'restore':
      if (typeof values.in !== 'string') fail(`--in is required\n\n${USAGE}`, 2);
      return restore(values.in, values.force === true);
  }
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    console.log(USAGE);
    return;
  }
  if (!Object.hasOwn(OPTIONS, command)) fail(`Unknown command "${command}".\n\n${USAGE}`, 2);
  let values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  try {
    const options: ParseArgsConfig['options'] = OPTIONS[command as Command];
    ({ values } = parseArgs({ args: rest, strict: true, options }));
  } catch (err) {
    fail(`${err instanceof Error ? err.message : String(err)}\n\n${USAGE}`, 2);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  try {
    console.log(await run(command as Command, values));
  } catch (err) {
    fail(
      err instanceof UsageError || err instanceof BackupError
        ? err.message
        : `${command} failed: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
}

await main(process.argv.slice(2));
process.exit(0);
