import { createRoute, z, type RouteConfig } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import {
  ACCOUNT_ROLES,
  ANYONE,
  ErrorBodySchema,
  rolesFor,
  type Endpoint,
  type FileAnswer,
  type Role,
} from '@tournament/shared';
import { forbidden, unauthorized } from '../lib/errors.ts';
import type { AppEnv } from './context.ts';

type Config = Omit<RouteConfig, 'middleware'> & { middleware?: MiddlewareHandler<AppEnv>[] };

/**
 * The 400 of every route whose entry validates input (its parameters, query or body): the
 * answer `{errors: {field: message}}` or `{message}` the validation hook and `onError` give.
 */
export const INVALID_INPUT = 'Invalid input (docs/product.md §8 shape)';

/** A refusal a route can answer, besides the 401 and 403 the role table gives it. */
type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 | 502 | 503 | 507;

/** What a route says about itself beyond its contract entry: the OpenAPI words and its refusals. */
export interface RouteDoc extends Omit<
  Partial<RouteConfig>,
  'method' | 'path' | 'request' | 'responses' | 'middleware'
> {
  tags: string[];
  summary: string;
  /** The description of the OK answer. */
  ok: string;
  /**
   * Its refusals, status to description. 401 and 403 come from the role table (who may call
   * it), and 400 from its entry when that validates input (INVALID_INPUT); a route names them
   * only when they mean something of its own (a wrong password, a used link).
   */
  errors?: Partial<Record<ErrorStatus, string>>;
  middleware?: MiddlewareHandler<AppEnv>[];
}

/** No properties. */
type Empty = Record<never, never>;
type Json<S> = { description: string; content: { 'application/json': { schema: S } } };
type OkOf<E extends Endpoint> =
  StatusOf<E> extends 204
    ? { description: string }
    : E['response'] extends FileAnswer
      ? { description: string; content: Record<string, { schema: z.ZodString }> }
      : Json<E['response']>;
type RequestOf<E extends Endpoint> = (E extends { params: infer P } ? { params: P } : Empty) &
  (E extends { query: infer Q } ? { query: Q } : Empty) &
  (E extends { body: infer B }
    ? E extends { bodyType: 'form' }
      ? { body: { required: true; content: { 'multipart/form-data': { schema: B } } } }
      : { body: { required: true; content: { 'application/json': { schema: B } } } }
    : Empty);
type StatusOf<E extends Endpoint> = E extends { status: infer S extends number } ? S : 200;
/** Whether the entry has input to validate: 400 when it does, never otherwise. */
type ValidatesOf<E extends Endpoint> = E extends
  { params: z.ZodObject } | { query: z.ZodObject } | { body: z.ZodType }
  ? 400
  : never;
type ResponsesOf<E extends Endpoint, D extends RouteDoc> = { [K in StatusOf<E>]: OkOf<E> } & {
  [K in (keyof D['errors'] & number) | ValidatesOf<E>]: Json<typeof ErrorBodySchema>;
};

/**
 * Builds a route from its contract entry (shared/src/contract/<area>.ts; decision 035): the
 * method, path, parameters, query, body and answer are the entry's; the 401 and 403 answers
 * come from its roles (the role table, shared/src/contract/access.ts), which are also checked
 * before the handler runs; the 400 answer comes from its input, when it has any to validate.
 * `mount` is where the router is mounted ("/api/email"); the router gets the part of the path
 * below it.
 */
export function defineRoute<const E extends Endpoint, const D extends RouteDoc>(
  mount: string,
  entry: E,
  doc: D,
) {
  const { ok, errors, middleware, ...words } = doc;
  const error = (description: string) => ({
    description,
    content: { 'application/json': { schema: ErrorBodySchema } },
  });
  const responses: Record<number, unknown> = {
    [entry.status ?? 200]:
      entry.status === 204
        ? { description: ok }
        : 'file' in entry.response
          ? { description: ok, content: { [(entry.response as FileAnswer).file]: { schema: z.string() } } }
          : { description: ok, content: { 'application/json': { schema: entry.response } } },
  };
  const validates = Boolean(entry.params || entry.query || entry.body);
  const refusals = {
    ...roleRefusals(entry.roles),
    ...(validates ? { 400: INVALID_INPUT } : {}),
    ...errors,
  };
  for (const [status, description] of Object.entries(refusals))
    responses[Number(status)] = error(description);
  const request: Record<string, unknown> = {};
  if (entry.params) request.params = entry.params;
  if (entry.query) request.query = entry.query;
  if (entry.body) {
    const type = entry.bodyType === 'form' ? 'multipart/form-data' : 'application/json';
    request.body = { required: true, content: { [type]: { schema: entry.body } } };
  }
  const config = {
    ...words,
    method: entry.method,
    path: entry.path,
    ...(Object.keys(request).length ? { request } : {}),
    responses,
    ...(middleware ? { middleware } : {}),
  };
  return defineRawRoute(mount, config as Config) as unknown as BuiltRoute<E, D>;
}

type BuiltRoute<E extends Endpoint, D extends RouteDoc> = {
  method: E['method'];
  path: string;
  request: RequestOf<E>;
  responses: ResponsesOf<E, D>;
  middleware: MiddlewareHandler<AppEnv>[];
} & { getRoutingPath(): string };

/** The 401 and 403 answers a route's roles imply. */
function roleRefusals(roles: readonly Role[]): Partial<Record<ErrorStatus, string>> {
  const out: Partial<Record<ErrorStatus, string>> = {};
  if (!roles.includes('Unauthenticated')) out[401] = 'Not signed in';
  if (!ACCOUNT_ROLES.every((r) => roles.includes(r))) out[403] = `Not allowed: only ${roles.join(', ')}`;
  return out;
}

/**
 * Declares a route from a raw OpenAPI config whose roles come from the single role table
 * (shared/contract/access.ts): the /sync routes and the API document, which are not /api
 * endpoints of the contract. `config.path` is the full path and the router gets the part below
 * `mount`; a path already relative to `mount` (the /sync routes) is taken as it is.
 */
export function defineRawRoute<const C extends Config>(mount: string, config: C) {
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
