// Admin CLI: `npm run admin -- create-user --email E --password P --role R [--first F --last L]`.
// Works on the same database the server would use (DATABASE_URL, else DATA_DIR/pglite).
import { parseArgs } from 'node:util';
import { ACCOUNT_ROLES, type AccountRole } from '@tournament/shared';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { acquireDataDirLock, openConfiguredDatabase } from '../bootstrap.ts';
import { loadConfig } from '../config/env.ts';
import { migrate } from '../db/migrate.ts';
import { users } from '../db/schema.ts';
import { seedReferenceData } from '../db/seed.ts';
import { hashPassword } from '../services/passwords.ts';

const USAGE = `Usage:
  npm run admin -- create-user --email E --password P --role R [--first F --last L]

Commands:
  create-user   Create a verified account with one role.
                --role is one of ${ACCOUNT_ROLES.join(', ')}.
                --password must be at least 8 characters.

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

class UsageError extends Error {}

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

async function createUser(input: CreateUserInput): Promise<string> {
  const config = loadConfig();
  const releaseLock = acquireDataDirLock(config);
  const database = await openConfiguredDatabase(config);
  try {
    await migrate(database);
    await seedReferenceData(database.db, new Date(), { starterRules: true });
    const existing = await database.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${input.email})`)
      .limit(1);
    if (existing.length > 0)
      throw new UsageError(`An account with the e-mail ${input.email} already exists.`);
    const [user] = await database.db
      .insert(users)
      .values({
        email: input.email,
        passwordHash: await hashPassword(input.password),
        firstName: input.first,
        lastName: input.last,
        roles: [input.role satisfies AccountRole],
        verifiedAt: new Date(),
      })
      .returning({ id: users.id });
    if (!user) throw new Error('insert returned nothing');
    return `Created ${input.role} ${input.email} (id ${user.id}, verified) on ${database.kind}.`;
  } finally {
    await database.close();
    releaseLock();
  }
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    console.log(USAGE);
    return;
  }
  if (command !== 'create-user') fail(`Unknown command "${command}".\n\n${USAGE}`, 2);
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: rest,
      strict: true,
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        role: { type: 'string' },
        first: { type: 'string' },
        last: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (err) {
    fail(`${err instanceof Error ? err.message : String(err)}\n\n${USAGE}`, 2);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const parsed = CreateUserArgs.safeParse(values);
  if (!parsed.success) fail(parsed.error.issues.map((i) => i.message).join('\n'), 2);
  try {
    console.log(await createUser(parsed.data));
  } catch (err) {
    fail(
      err instanceof UsageError
        ? err.message
        : `create-user failed: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
}

await main(process.argv.slice(2));
process.exit(0);
