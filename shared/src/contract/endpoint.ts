import type { z } from 'zod';
import type { Role } from '../domain/roles.ts';
import { rolesFor } from './access.ts';
import { queryString } from './paths.ts';

// One contract per endpoint (docs/decisions/035-one-contract-per-endpoint.md): each /api
// endpoint is declared once, beside its schemas in contract/<area>.ts, with its method, path,
// parameters, query, body, answer and who may call it. The server builds its route from the
// entry (sync-server/src/http/define-route.ts) and the web calls it with `api.call(entry, ...)`
// (web/src/lib/api-client.ts), so the two cannot disagree. Only types come from zod here.

export type HttpMethod = 'get' | 'post' | 'put' | 'delete' | 'patch';

/** An OK answer that is a file (a CSV export, a stored upload) rather than JSON. */
export interface FileAnswer {
  /** The content type the OpenAPI document names ('text/csv'). */
  file: string;
}

export interface EndpointSpec {
  method: HttpMethod;
  /** The full path with OpenAPI placeholders: '/api/registration/{id}'. */
  path: string;
  /** The path parameters (`{id}` in `path`). */
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** 'form': the body is multipart/form-data (a file upload); JSON otherwise. */
  bodyType?: 'json' | 'form';
  /** The OK answer: the schema of its JSON, or a file. */
  response: z.ZodType | FileAnswer;
  /** The status of the OK answer; 200 unless said. 204 has no body: its `response` is `z.undefined()`. */
  status?: 200 | 201 | 202 | 204;
}

/** An endpoint of the contract: its spec and who may call it, from the role table (access.ts). */
export type Endpoint<S extends EndpointSpec = EndpointSpec> = S & {
  /** "METHOD /path", the role table's key. */
  readonly key: string;
  readonly roles: readonly Role[];
};

/** Declares an endpoint; its roles come from the role table, which must hold it. */
export function endpoint<const S extends EndpointSpec>(spec: S): Endpoint<S> {
  const key = `${spec.method.toUpperCase()} ${spec.path}`;
  const roles = rolesFor(key);
  if (!roles)
    throw new Error(`Endpoint ${key} is missing from the role table (shared/src/contract/access.ts)`);
  return { ...spec, key, roles };
}

/** Whether the endpoint answers a file rather than JSON. */
export function answersFile(e: EndpointSpec): e is EndpointSpec & { response: FileAnswer } {
  return typeof (e.response as Partial<FileAnswer>).file === 'string';
}

// ---- What a caller passes, and gets ----

type Input<S> = S extends z.ZodType ? z.input<S> : never;
/** Path parameters by name: the web passes numbers or strings; the path carries text. */
export type ParamsOf<E extends EndpointSpec> = E extends { params: infer P extends z.ZodObject }
  ? { [K in keyof z.input<P>]: string | number }
  : never;
export type QueryOf<E extends EndpointSpec> = E extends { query: infer Q extends z.ZodObject }
  ? Input<Q>
  : never;
export type BodyOf<E extends EndpointSpec> = E extends { body: infer B extends z.ZodType }
  ? E extends { bodyType: 'form' }
    ? FormData
    : Input<B>
  : never;

/** No properties. */
type Empty = Record<never, never>;
type Part<K extends string, T> = [T] extends [never]
  ? Empty
  : Empty extends T
    ? { [P in K]?: T }
    : { [P in K]: T };
/** `{ params, query, body }` as far as the endpoint has them. */
export type CallArgs<E extends EndpointSpec> = Part<'params', ParamsOf<E>> &
  Part<'query', QueryOf<E>> &
  Part<'body', BodyOf<E>>;

/** What the OK answer is, once parsed with the contract's schema. */
export type AnswerOf<E extends EndpointSpec> = E['response'] extends z.ZodType
  ? z.output<E['response']>
  : Blob;

/** The URL of a call: the path with its parameters filled in, and the query string. */
export function urlOf(e: EndpointSpec, params?: object, query?: object): string {
  const values = (params ?? {}) as Record<string, string | number>;
  const path = e.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${e.method.toUpperCase()} ${e.path}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
  return path + (query ? queryString(query) : '');
}
