import type { Role } from '@tournament/shared';
import type { Config } from './config/env.ts';
import type { Database } from './db/client.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { Cache } from './lib/cache.ts';
import type { Mailer } from './lib/mailer.ts';
import type { SmsSender } from './lib/sms.ts';
import type { TokenService } from './services/tokens.ts';

// What services work with, known without HTTP: the process's dependencies and who is acting.
// Routes (http/context.ts) carry them per request; the CLI and the sync engine build their own.

/** Everything a service may reach, built once at start (tests build their own). */
export interface Deps {
  config: Config;
  database: Database;
  mailer: Mailer;
  cache: Cache;
  tokens: TokenService;
  /** SMS through Twilio, or the dev outbox (decision 024). */
  sms: SmsSender;
  /** The durable job queue (pg-boss); started by the server, by tests that send. */
  jobs: JobQueue;
  /** The current time; tests move it. */
  now: () => Date;
  /**
   * The token the admin CLI shows to ask this server for a backup (decision 040); made at
   * each start. Undefined: the server answers no such request.
   */
  operatorToken?: string | undefined;
}

/** A signed-in person acting: their id, roles (from the token, checked against the account) and name. */
export interface Caller {
  personId: number;
  roles: Role[];
  displayName: string;
}
