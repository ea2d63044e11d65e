import type { Caller, Deps } from '../deps.ts';

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
