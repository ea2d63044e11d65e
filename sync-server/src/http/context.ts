import type { Role } from '@tournament/shared';
import type { Config } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import type { Mailer } from '../lib/mailer.ts';
import type { Cache } from '../lib/cache.ts';
import type { TokenService } from '../services/tokens.ts';

/** Everything a request handler may reach, built once at start (tests build their own). */
export interface Deps {
  config: Config;
  database: Database;
  mailer: Mailer;
  cache: Cache;
  tokens: TokenService;
  /** The current time; tests move it. */
  now: () => Date;
}

export interface Caller {
  personId: number;
  roles: Role[];
  displayName: string;
}

export interface AppEnv {
  Variables: {
    requestId: string;
    deps: Deps;
    /** The signed-in caller, or null for a visitor. */
    caller: Caller | null;
    /** The director really signed in while `caller` is the customer named by UserContext (decision 014). */
    impersonator: Caller | null;
  };
}
