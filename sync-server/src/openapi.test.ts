import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ACCESS } from '@tournament/shared';
import { INVALID_INPUT } from './http/define-route.ts';
import { createTestApp, type TestApp } from './testing/harness.ts';

// Every route in the role table (shared/src/contract/access.ts) appears in
// GET /api/openapi.json with its roles as `x-roles`, and the document holds nothing else.

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
/** The document does not describe itself. */
const THE_DOCUMENT = 'GET /api/openapi.json';

interface Operation {
  'x-roles'?: string[];
  parameters?: unknown[];
  requestBody?: unknown;
  responses?: Record<string, { description?: string }>;
}
type Doc = { openapi: string; paths: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>> };

let t: TestApp;
let doc: Doc;
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.call('GET', '/api/openapi.json');
  expect(res.status).toBe(200);
  doc = res.json as Doc;
});
afterAll(() => t.close());

function documented(): Map<string, Operation> {
  const out = new Map<string, Operation>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const m of METHODS) {
      const op = item[m];
      if (op) out.set(`${m.toUpperCase()} ${path}`, op);
    }
  }
  return out;
}

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths).length).toBeGreaterThan(0);
  });

  it('documents every route of the role table', () => {
    const ops = documented();
    const missing = Object.keys(API_ACCESS).filter((key) => key !== THE_DOCUMENT && !ops.has(key));
    expect(missing).toEqual([]);
  });

  it('documents no route that is missing from the role table', () => {
    const extra = [...documented().keys()].filter((key) => !(key in API_ACCESS));
    expect(extra).toEqual([]);
  });

  it('gives each operation its roles from the role table as x-roles, and its responses', () => {
    for (const [key, op] of documented()) {
      expect(op['x-roles'], key).toEqual([...(API_ACCESS as Record<string, readonly string[]>)[key]!]);
      expect(Object.keys(op.responses ?? {}).length, key).toBeGreaterThan(0);
    }
  });

  it('documents a 400 exactly where the operation has input to validate', () => {
    for (const [key, op] of documented()) {
      const validates = (op.parameters?.length ?? 0) > 0 || op.requestBody !== undefined;
      const refusal = op.responses?.['400']?.description;
      if (validates) expect(refusal, key).toBeDefined();
      else expect(refusal, key).not.toBe(INVALID_INPUT);
    }
  });

  it('lets anyone read it', async () => {
    expect(API_ACCESS[THE_DOCUMENT]).toContain('Unauthenticated');
    expect((await t.call('GET', '/api/openapi.json')).headers.get('content-type')).toMatch(
      /application\/json/,
    );
  });
});
