import { createRoute, type RouteConfig } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { ANYONE, rolesFor, type Role } from '@tournament/shared';
import { forbidden, unauthorized } from '../lib/errors.ts';
import type { AppEnv } from './context.ts';

type Config = Omit<RouteConfig, 'middleware'> & { middleware?: MiddlewareHandler<AppEnv>[] };

/**
 * Declares a route whose roles come from the single role table (shared/contract/access.ts).
 * `mount` is where the router is mounted ("/api/email"); the table key is the full path.
 * `config.path` is the contract's full path (`USER_PATHS.register`, `REGISTRATION_PATHS.get('{id}')`
 * from shared/contract, issue 12) and the router gets the part below `mount`; a path already
 * relative to `mount` (the /sync routes) is taken as it is.
 */
export function defineRoute<const C extends Config>(mount: string, config: C) {
  const path = belowMount(mount, config.path);
  const key = `${config.method.toUpperCase()} ${mount}${path === '/' ? '' : path}`;
  const roles = rolesFor(key);
  if (!roles) throw new Error(`Route ${key} is missing from the role table (shared/src/contract/access.ts)`);
  return createRoute({
    ...config,
    path,
    'x-roles': roles,
    middleware: [requireRoles(roles), ...(config.middleware ?? [])],
  } as C & { middleware: MiddlewareHandler<AppEnv>[] });
}

function belowMount(mount: string, path: string): string {
  if (path === mount) return '/';
  return path.startsWith(`${mount}/`) ? path.slice(mount.length) : path;
}

/** Lets the request through only for callers holding one of `roles`. */
export function requireRoles(roles: readonly Role[]): MiddlewareHandler<AppEnv> {
  const open = ANYONE.every((r) => roles.includes(r));
  return async (c, next) => {
    if (!open) {
      const caller = c.get('caller');
      if (!caller) {
        if (!roles.includes('Unauthenticated')) throw unauthorized();
      } else if (!caller.roles.some((r) => roles.includes(r))) {
        throw forbidden();
      }
    }
    await next();
  };
}
