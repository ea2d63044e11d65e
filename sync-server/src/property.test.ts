import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MUTATOR_LIST, type AccountRole, type PushResponse } from '@tournament/shared';
import { users } from './db/schema.ts';
import { createTestApp, type TestApp } from './testing/harness.ts';
import { schemaFields, valueAt, type FieldPath } from './testing/schema-fields.ts';

// docs/design.md §6: bad input gets a 4xx, never a 500. Every operation of the OpenAPI
// document (read at test time, so routes added later are covered too) receives random
// JSON bodies (none for GET) and random path parameters, anonymously and as a SuperAdmin.

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
const TOTAL_RUNS = 600;

interface Operation {
  method: string;
  path: string;
  /** Property names of the JSON request body, when the document gives them. */
  bodyKeys: string[];
  /** Its refusals are pages for a person's browser (the e-mailed unsubscribe link), not /api JSON. */
  htmlRefusals: boolean;
}

let t: TestApp;
let operations: Operation[] = [];
let superAdminId = 0;
let doc: OpenApiDocument;

interface OpenApiOperation {
  parameters?: { name: string; in: string; required?: boolean; schema?: unknown }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, unknown> };
}

/** A schema of the document, its `$ref` followed. */
function resolve(schema: unknown): unknown {
  const ref = (schema as { $ref?: string } | undefined)?.$ref;
  return ref ? doc.components?.schemas?.[ref.split('/').at(-1) ?? ''] : schema;
}

beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.call('GET', '/api/openapi.json')).json as OpenApiDocument;
  operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((m) => {
      const schema = resolve(item[m]?.requestBody?.content?.['application/json']?.schema) as
        { properties?: Record<string, unknown> } | undefined;
      const htmlRefusals = Object.entries(item[m]?.responses ?? {}).some(
        ([status, answer]) => Number(status) >= 400 && answer.content?.['text/html'] !== undefined,
      );
      return { method: m.toUpperCase(), path, bodyKeys: Object.keys(schema?.properties ?? {}), htmlRefusals };
    }),
  );
  const { user } = await t.createUser('SuperAdmin');
  superAdminId = user.id;
});
afterAll(() => t.close());

/** A fresh SuperAdmin token each time: a random logout may have revoked the last one. */
async function superAdminToken(): Promise<string> {
  const [u] = await t.db.select({ tv: users.tokenVersion }).from(users).where(eq(users.id, superAdminId));
  return t.deps.tokens.signAccess(
    {
      personId: superAdminId,
      roles: ['SuperAdmin' satisfies AccountRole],
      userDisplayName: 'Super Admin',
      tv: u?.tv ?? 0,
    },
    t.clock.now,
  );
}

const pathParam = fc.oneof(
  fc.nat().map(String),
  fc.integer().map(String),
  fc.constantFrom(
    '1',
    '0',
    '-1',
    '2147483648',
    '99999999999999999999',
    'abc',
    'null',
    '1.5',
    '1e3',
    ' ',
    '%',
  ),
  fc.string({ minLength: 1, maxLength: 20 }),
);

const fieldValue = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.emailAddress(),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  fc.jsonValue({ maxDepth: 2 }),
);

/** A body as sent on the wire (undefined: no body at all). */
function bodyFor(op: Operation): fc.Arbitrary<string | undefined> {
  const shaped =
    op.bodyKeys.length > 0
      ? fc
          .dictionary(fc.constantFrom(...op.bodyKeys), fieldValue, { maxKeys: op.bodyKeys.length })
          .map((o) => JSON.stringify(o))
      : fc.constant('{}');
  return fc.oneof(
    fc.constant(undefined),
    fc.json({ maxDepth: 3 }),
    fc.anything({ maxDepth: 2 }).map((v) => JSON.stringify(v) ?? 'undefined'),
    fc.string({ maxLength: 40 }),
    shaped,
  );
}

/** `{message: string}` or `{errors: {field: string}}` (docs/product.md §8). */
function isErrorBody(json: unknown): boolean {
  if (!json || typeof json !== 'object' || Array.isArray(json)) return false;
  const keys = Object.keys(json);
  if (keys.length !== 1) return false;
  const { message, errors } = json as { message?: unknown; errors?: unknown };
  if (keys[0] === 'message') return typeof message === 'string';
  return (
    keys[0] === 'errors' &&
    !!errors &&
    typeof errors === 'object' &&
    Object.values(errors).length > 0 &&
    Object.values(errors).every((v) => typeof v === 'string')
  );
}

describe('random input never gets a 5xx', () => {
  it('holds for every operation of the OpenAPI document, and every refusal has the section 8 shape', async () => {
    expect(operations.length).toBeGreaterThan(5);
    const runsEach = Math.max(4, Math.floor(TOTAL_RUNS / operations.length));
    for (const op of operations) {
      const params = op.path.match(/\{[^}]+\}/g) ?? [];
      await fc.assert(
        fc.asyncProperty(
          fc.array(pathParam, { minLength: params.length, maxLength: params.length }),
          op.method === 'GET' ? fc.constant(undefined) : bodyFor(op),
          fc.boolean(),
          async (values, body, asSuperAdmin) => {
            let url = op.path;
            params.forEach((p, i) => (url = url.replace(p, encodeURIComponent(values[i] ?? ''))));
            const token = asSuperAdmin ? await superAdminToken() : undefined;
            const headers: Record<string, string> =
              body === undefined ? {} : { 'Content-Type': 'application/json' };
            const res = await t.call(op.method, url, body, token, headers);
            if (res.status >= 500) {
              throw new Error(
                `${op.method} ${url} ${asSuperAdmin ? 'as SuperAdmin' : 'anonymous'} -> ${res.status} ${res.text}`,
              );
            }
            const htmlPage =
              op.htmlRefusals && (res.headers.get('content-type') ?? '').startsWith('text/html');
            if (res.status >= 400 && !htmlPage && !isErrorBody(res.json)) {
              throw new Error(
                `${op.method} ${url} -> ${res.status} outside the docs/product.md §8 shape: ${res.text}`,
              );
            }
          },
        ),
        { numRuns: runsEach },
      );
    }
  });
});

// Issue: text PostgreSQL cannot store (NUL), or that misleads a reader (control characters, the
// bidi overrides and isolates that reverse a name on the public results), and numbers beyond
// PostgreSQL's `integer` (every id) used to reach the database and answer 500. Every string and
// number field of every /api operation, path parameter and mutator gets them: the field itself
// refuses them (a 400 naming it, or an invalid_args rejection), never a 500.

/** Text no field may take. */
const POISONED_TEXT = [
  { what: 'a NUL character', value: 'Ana\u0000Lee' },
  { what: 'a control character', value: 'Ana\u0007Lee' },
  { what: 'a right-to-left override', value: 'Ana\u202ELee' },
  { what: 'a left-to-right embedding', value: 'Ana\u202ALee' },
  { what: 'a right-to-left isolate', value: 'Ana\u2067Lee' },
  // Past the longest limit there is (a communication's 10,000 characters).
  { what: '10,001 characters', value: 'a'.repeat(10_001) },
];
/** Whole numbers just outside PostgreSQL's `integer`. */
const OUT_OF_INTEGER = [2 ** 31, -(2 ** 31) - 1];

interface WireField {
  in: 'body' | 'query' | 'path';
  path: FieldPath;
  kind: 'string' | 'number';
  minimum?: number;
  maximum?: number;
  /** A password: never stored or shown (only its hash is), so only its length is limited. */
  secret: boolean;
  /** The discriminators on the way to it (`kind: 'division'` for `audience.divisionId`). */
  fixed: { path: FieldPath; value: unknown }[];
}

/** The string and number fields of a JSON Schema of the document, once per path. */
function wireFields(
  schema: unknown,
  where: WireField['in'],
  path: FieldPath,
  into: Map<string, WireField>,
  fixed: WireField['fixed'] = [],
) {
  const s = resolve(schema) as Record<string, unknown> | undefined;
  if (!s || path.length > 12) return;
  for (const key of ['anyOf', 'oneOf', 'allOf'])
    for (const option of (s[key] as unknown[] | undefined) ?? [])
      wireFields(option, where, path, into, fixed);
  const types = Array.isArray(s.type) ? (s.type as string[]) : [s.type as string];
  const id = (kind: string) => `${where}:${kind}:${path.join('.')}:${JSON.stringify(fixed)}`;
  if (types.includes('string') && !s.enum && s.const === undefined && s.format !== 'binary')
    into.set(id('string'), { in: where, path, kind: 'string', secret: s.format === 'password', fixed });
  if (types.includes('integer') || types.includes('number')) {
    const num = (k: string) => (typeof s[k] === 'number' ? (s[k] as number) : undefined);
    into.set(id('number'), {
      in: where,
      path,
      kind: 'number',
      minimum: num('minimum') ?? num('exclusiveMinimum'),
      maximum: num('maximum') ?? num('exclusiveMaximum'),
      secret: false,
      fixed,
    });
  }
  const properties = Object.entries((s.properties as Record<string, unknown> | undefined) ?? {});
  const constants = properties.flatMap(([name, child]) => {
    const c = resolve(child) as { const?: unknown; enum?: unknown[] } | undefined;
    const value = c?.const ?? (c?.enum?.length === 1 ? c.enum[0] : undefined);
    return value === undefined ? [] : [{ path: [...path, name], value }];
  });
  for (const [name, child] of properties)
    wireFields(child, where, [...path, name], into, [...fixed, ...constants]);
  if (types.includes('array')) wireFields(s.items, where, [...path, 0], into, fixed);
}

interface WireOperation {
  method: string;
  path: string;
  hasJsonBody: boolean;
  /** Its refusals are pages for a person's browser (the e-mailed unsubscribe link), not /api JSON. */
  htmlRefusals: boolean;
  fields: WireField[];
}

function wireOperations(): WireOperation[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((m) => {
      const op = item[m]!;
      const fields = new Map<string, WireField>();
      const json = op.requestBody?.content?.['application/json']?.schema;
      if (json) wireFields(json, 'body', [], fields);
      for (const p of op.parameters ?? [])
        if (p.in === 'query' || p.in === 'path') wireFields(p.schema, p.in, [p.name], fields);
      const htmlRefusals = Object.entries(op.responses ?? {}).some(
        ([status, answer]) => Number(status) >= 400 && answer.content?.['text/html'] !== undefined,
      );
      return {
        method: m.toUpperCase(),
        path,
        hasJsonBody: json !== undefined,
        htmlRefusals,
        fields: [...fields.values()],
      };
    }),
  );
}

/** The request sending `value` in `field` and nothing else (other path parameters: 1). */
function requestWith(op: WireOperation, field: WireField, value: unknown) {
  let url = op.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    field.in === 'path' && field.path[0] === name ? encodeURIComponent(String(value)) : '1',
  );
  if (field.in === 'query') url += `?${String(field.path[0])}=${encodeURIComponent(String(value))}`;
  const body =
    field.in === 'body'
      ? field.fixed.reduce((b, f) => merge(b, valueAt(f.path, f.value)), valueAt(field.path, value))
      : op.hasJsonBody
        ? {}
        : undefined;
  return { url, body };
}

/** `a` with `b`'s keys added, objects and one-element arrays merged. */
function merge(a: unknown, b: unknown): unknown {
  if (Array.isArray(a) && Array.isArray(b)) return [merge(a[0], b[0])];
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const out: Record<string, unknown> = { ...(a as Record<string, unknown>) };
    for (const [k, v] of Object.entries(b)) out[k] = k in out ? merge(out[k], v) : v;
    return out;
  }
  return a;
}

/** Whether a number field must refuse `value` by what the document says it takes. */
function outOfDocumentedRange(field: WireField, value: number): boolean {
  return value > 0
    ? field.maximum === undefined || value > field.maximum
    : field.minimum === undefined || value < field.minimum;
}

describe('text the database cannot store or that misleads, and numbers beyond an integer, are refused', () => {
  it('every text and number field of every /api operation refuses them with 400 naming the field', async () => {
    const problems: string[] = [];
    const ops = wireOperations();
    expect(ops.flatMap((op) => op.fields).filter((f) => f.in === 'body').length).toBeGreaterThan(50);
    for (const op of ops) {
      const token = await superAdminToken();
      for (const field of op.fields) {
        const trials =
          field.kind === 'string'
            ? POISONED_TEXT.map((p) => ({ what: p.what, value: p.value as unknown, refused: !field.secret }))
            : OUT_OF_INTEGER.map((n) => ({
                what: String(n),
                value: n as unknown,
                refused: outOfDocumentedRange(field, n),
              }));
        for (const trial of trials) {
          const { url, body } = requestWith(op, field, trial.value);
          const res = await t.call(op.method, url, body, token);
          const name = `${op.method} ${op.path} ${field.in} ${field.path.join('.')} with ${trial.what}`;
          const errors = (res.json as { errors?: Record<string, string> } | undefined)?.errors ?? {};
          if (res.status >= 500) problems.push(`${name} -> ${res.status} ${res.text.slice(0, 200)}`);
          else if (field.in === 'path') {
            if (![400, 404].includes(res.status)) problems.push(`${name} -> ${res.status}, not 400 or 404`);
          } else if (op.htmlRefusals && (res.headers.get('content-type') ?? '').startsWith('text/html')) {
            if (trial.refused && res.status !== 400) problems.push(`${name} -> ${res.status}, not 400`);
          } else if (trial.refused && (res.status !== 400 || !(field.path.join('.') in errors))) {
            problems.push(
              `${name} -> ${res.status} without a message for the field: ${res.text.slice(0, 200)}`,
            );
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('every text and number field of every mutator refuses them: the push answers 200, each one rejected invalid_args', async () => {
    const problems: string[] = [];
    const mutations: { id: number; name: string; args: unknown }[] = [];
    for (const m of MUTATOR_LIST) {
      const fields = schemaFields(m.args);
      for (const field of fields) {
        const trials =
          field.kind === 'string'
            ? POISONED_TEXT.map((p) => ({ what: p.what, value: p.value as unknown, refused: true }))
            : OUT_OF_INTEGER.map((n) => ({
                what: String(n),
                value: n as unknown,
                refused:
                  field.isInt === true ||
                  (n > 0 ? n > (field.maxValue ?? Infinity) : n < (field.minValue ?? -Infinity)),
              }));
        for (const trial of trials) {
          const args = valueAt(field.path, trial.value);
          const name = `${m.name} ${field.path.join('.')} with ${trial.what}`;
          const parsed = m.args.safeParse(args);
          const onField = parsed.error?.issues.some((i) => i.path.join('.') === field.path.join('.'));
          if (trial.refused && !onField) problems.push(`${name}: the schema does not refuse it`);
          mutations.push({ id: mutations.length + 1, name: m.name, args });
        }
      }
    }
    expect(problems).toEqual([]);
    expect(mutations.length).toBeGreaterThan(50);
    const clientId = 'property-tablet';
    const res = await t.call(
      'POST',
      '/sync/push',
      { clientGroupId: 'property-group', clientId, mutations },
      await superAdminToken(),
    );
    expect(res.status).toBe(200);
    const results = (res.json as PushResponse).results;
    expect(results).toHaveLength(mutations.length);
    expect(results.filter((r) => r.status !== 'rejected' || r.code !== 'invalid_args')).toEqual([]);
  });

  it('an id of 2^31 in a path answers 400 or 404', async () => {
    const token = await superAdminToken();
    for (const url of ['/api/registration/2147483648', '/api/admin/registrations/2147483648']) {
      const res = await t.call('GET', url, undefined, token);
      expect([400, 404], url).toContain(res.status);
    }
  });
});
