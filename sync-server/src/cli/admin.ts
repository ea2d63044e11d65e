// Admin CLI, on the same database the server would use (DATABASE_URL, else DATA_DIR/pglite):
//   npm run admin -- create-user --email E --password P --role R [--first F --last L]
//   npm run admin -- create-users --file FILE
//   npm run admin -- migrate
import fs from 'node:fs';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ACCOUNT_ROLES, type AccountRole } from '@tournament/shared';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { acquireDataDirLock, openConfiguredDatabase } from '../bootstrap.ts';
import { loadConfig } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { users } from '../db/schema.ts';
import { seedReferenceData } from '../db/seed.ts';
import { hashPassword } from '../services/passwords.ts';

const USAGE = `Usage:
  npm run admin -- create-user --email E --password P --role R [--first F --last L]
  npm run admin -- create-users --file FILE
  npm run admin -- migrate

Commands:
  create-user   Create a verified account with one role.
                --role is one of ${ACCOUNT_ROLES.join(', ')}.
                --password must be at least 8 characters.
  create-users  Create the verified accounts listed in FILE, a JSON array of
                {"email", "password", "role", "first", "last"} (first and last optional),
                all or none: one invalid or existing account creates none of them.
                The passwords stay out of the shell's history.
  migrate       Apply the migrations and seed the reference data, as the server does
                at start, then exit.

The database is the server's: DATABASE_URL when set, otherwise DATA_DIR/pglite
(stop the server first when it uses the embedded database).`;

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
      await migrate(database);
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
      err instanceof UsageError
        ? err.message
        : `${command} failed: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
}

await main(process.argv.slice(2));
process.exit(0);
