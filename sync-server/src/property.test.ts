import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountRole } from '@tournament/shared';
import { users } from './db/schema.ts';
import { createTestApp, type TestApp } from './testing/harness.ts';

// DESIGN.md section 6: bad input gets a 4xx, never a 500. Every operation of the OpenAPI
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

beforeAll(async () => {
  t = await createTestApp();
  const doc = (await t.call('GET', '/api/openapi.json')).json as {
    paths: Record<
      string,
      Record<
        string,
        {
          requestBody?: { content?: Record<string, { schema?: unknown }> };
          responses?: Record<string, { content?: Record<string, unknown> }>;
        }
      >
    >;
    components?: { schemas?: Record<string, unknown> };
  };
  const resolve = (schema: unknown): unknown => {
    const ref = (schema as { $ref?: string } | undefined)?.$ref;
    return ref ? doc.components?.schemas?.[ref.split('/').at(-1) ?? ''] : schema;
  };
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

/** `{message: string}` or `{errors: {field: string}}` (SPEC.md section 8). */
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
                `${op.method} ${url} -> ${res.status} outside the SPEC.md section 8 shape: ${res.text}`,
              );
            }
          },
        ),
        { numRuns: runsEach },
      );
    }
  });
});
