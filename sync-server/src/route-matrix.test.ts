import { afterAll, describe, expect, it } from 'vitest';
import {
  API_ACCESS,
  CONTRACT_ENDPOINTS,
  SYNC_SCOPE_ROLES,
  SYNC_SCOPES,
  type RegistrationOptions,
  type Role,
} from '@tournament/shared';
import { receipts, siteSettings, tournaments } from './db/schema.ts';
import { SETTINGS_CACHE_KEY } from './services/site-settings.ts';
import { competitorInput, insertFamily } from './testing/fixtures.ts';
import { createTestApp } from './testing/harness.ts';

// The route x role matrix (decision 003). Every operation of GET /api/openapi.json, read from the
// document (so routes added later are covered without touching this file), is called by seven
// callers: a visitor, customer A, customer B, a CheckInAdmin, a RingOfficial, a
// TournamentDirector and a SuperAdmin. Its roles come from the single role table (shared/src/contract/access.ts):
// - a caller outside them gets 401 (visitor) or 403 (signed in), and the database is unchanged;
// - a caller inside never gets 401 or 403 (nor a 5xx), with path parameters naming customer
//   A's real rows so the route does real work;
// - customer B on customer A's registration, competitor, contact and receipt routes gets 404,
//   and neither A's registration nor anything else in the database changes.
// Runs on PGlite, and on PostgreSQL with DATABASE_URL.

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
type Method = (typeof METHODS)[number];
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: { enum?: unknown[]; type?: string };
}
interface Operation {
  'x-roles'?: string[];
  parameters?: Parameter[];
  requestBody?: unknown;
}
interface Doc {
  paths: Record<string, Partial<Record<Method, Operation>>>;
}
interface Op {
  key: string;
  method: Method;
  path: string;
  op: Operation;
  roles: readonly Role[];
}

// ---- The app, its callers and customer A's data (built before the tests are collected) ----

const t = await createTestApp({ now: '2026-11-22T12:00:00Z' });
afterAll(() => t.close());

// One after the other, so ids are the same on every run and database.
const customerA = await t.createUser('Customer');
const customerB = await t.createUser('Customer');
const checkInAdmin = await t.createUser('CheckInAdmin');
const ringOfficial = await t.createUser('RingOfficial');
const director = await t.createUser('TournamentDirector');
const superAdmin = await t.createUser('SuperAdmin');
interface CallerCase {
  name: string;
  roles: readonly Role[];
  token?: string;
}
const CALLERS: CallerCase[] = [
  { name: 'a visitor', roles: ['Unauthenticated'] },
  { name: 'customer A', roles: ['Customer'], token: customerA.token },
  { name: 'customer B', roles: ['Customer'], token: customerB.token },
  { name: 'a CheckInAdmin', roles: ['CheckInAdmin'], token: checkInAdmin.token },
  { name: 'a RingOfficial', roles: ['RingOfficial'], token: ringOfficial.token },
  { name: 'a TournamentDirector', roles: ['TournamentDirector'], token: director.token },
  { name: 'a SuperAdmin', roles: ['SuperAdmin'], token: superAdmin.token },
];

/** A request through the app; an event stream is closed as soon as its status is known. */
async function send(method: string, url: string, token?: string, body?: unknown) {
  const res = await t.app.request(url, {
    method: method.toUpperCase(),
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.headers.get('content-type')?.startsWith('text/event-stream')) {
    await res.body?.cancel();
    return { status: res.status, text: '' };
  }
  return { status: res.status, text: await res.text() };
}
async function must(method: string, url: string, token?: string, body?: unknown) {
  const res = await send(method, url, token, body);
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${res.text}`);
  return JSON.parse(res.text) as any; // fixture set-up reads answers loosely
}

// Lunch tickets on sale, so the lunch routes do real work too.
await t.db.update(siteSettings).set({ sellLunchTickets: true });
await t.deps.cache.invalidate(SETTINGS_CACHE_KEY);
const tournamentId: number = (await must('get', '/api/tournaments'))[0].id;
const options: RegistrationOptions = await must(
  'get',
  `/api/registration/options/${tournamentId}`,
  customerA.token,
);
const levelId = options.competitorLevels[0]!.id;
const eventId = options.events.find((e) => !e.requiresWeight)!.id;

/** Maya Able, customer A's child. */
const competitorFor = (registrationId: number) =>
  competitorInput(
    registrationId,
    { competitorLevelId: levelId, eventIds: [eventId] },
    { lastName: 'Able', dateOfBirth: '2014-05-01', emergencyContactName: 'Sam Able' },
  );

/**
 * Customer A's registration with a competitor and a contact: still open to changes, or
 * completed (paid at the door) when the route is about its receipt.
 */
async function makeFamilyA(completed: boolean) {
  const registrationId: number = (
    await must('post', `/api/registration/create/${tournamentId}`, customerA.token)
  ).registrationId;
  const competitorId: number = (
    await must('post', '/api/registration/competitor', customerA.token, competitorFor(registrationId))
  ).id;
  const contacts = await must('put', `/api/registration/contacts/${registrationId}`, customerA.token, {
    contacts: [{ name: 'Sam Able', email: 'sam@example.com', phoneNumber: '7055550101' }],
  });
  if (completed) await must('post', `/api/registration/checkout/${registrationId}`, customerA.token);
  return { registrationId, competitorId, contactId: contacts[0].id as number };
}
let familyA = await makeFamilyA(true);
// A waiver customer A uploaded for staff (decision 025), named by the file routes' {fileId}.
const waiverOfA: string = await (async () => {
  const form = new FormData();
  form.set('registrationId', String(familyA.registrationId));
  form.set('file', new File(['%PDF-1.4\n%%EOF\n'], 'waiver.pdf'));
  const res = await t.app.request('/api/files', {
    method: 'POST',
    headers: { Authorization: `Bearer ${customerA.token}` },
    body: form,
  });
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { fileId: string }).fileId;
})();
const eventTypeId: number = (await must('get', '/api/admin/event-types', superAdmin.token))[0].id;

/** A real row for each path parameter: customer A's where the route is about a family. */
function paramValue(path: string, name: string): number | string {
  if (name === 'fileId') return waiverOfA;
  const byName: Record<string, number> = {
    tournamentId,
    registrationId: familyA.registrationId,
    competitorId: familyA.competitorId,
    contactId: familyA.contactId,
    userId: customerA.user.id,
  };
  if (name in byName) return byName[name]!;
  if (name === 'id') {
    const resource = /\/([^/{]+)\/\{id\}/.exec(path)?.[1] ?? '';
    const byResource: Record<string, number> = {
      registration: familyA.registrationId,
      registrations: familyA.registrationId,
      competitor: familyA.competitorId,
      tournaments: tournamentId,
      'event-types': eventTypeId,
      'competitor-levels': levelId,
      events: eventId,
    };
    if (resource in byResource) return byResource[resource]!;
  }
  return 1;
}

let clients = 0;
/**
 * Bodies and query strings that pass validation, where a route needs more than `{}`; a route
 * not named here gets `{}` (a 400 for most, which is still not a 401/403). `ofA`: the body
 * names customer A's rows (customer B must get 404).
 */
const REQUESTS: Record<string, { body?: () => unknown; query?: string; ofA?: boolean }> = {
  'POST /api/registration/competitor': { body: () => competitorFor(familyA.registrationId), ofA: true },
  'PUT /api/registration/competitor': {
    body: () => ({
      ...competitorFor(familyA.registrationId),
      id: familyA.competitorId,
      firstName: 'Changed',
    }),
    ofA: true,
  },
  'PUT /api/registration/competitor/{id}/choices': {
    body: () => ({ publishName: true, photosAllowed: false }),
  },
  'PUT /api/registration/contacts/{registrationId}': {
    body: () => ({ contacts: [{ name: 'Someone Else', email: 'else@example.com' }] }),
  },
  'PUT /api/registration/contact-preferences/{contactId}': {
    body: () => ({ agreedToSmsDivisionNotifications: false, agreedToEmailDivisionNotifications: true }),
  },
  // Someone's wrong password: the check runs (422), the tablet's session is untouched.
  'POST /api/matchday/ring-lock/unlock': {
    body: () => ({ email: 'nobody@example.com', password: 'not their password' }),
  },
  // The signage scope is open to everyone; each scope's own roles are checked below.
  'POST /sync/push': {
    body: () => ({ clientGroupId: `g${++clients}`, clientId: `c${clients}`, mutations: [] }),
  },
  'POST /sync/pull': {
    body: () => ({ clientGroupId: `g${++clients}`, clientId: `c${clients}`, cookie: null, scope: 'signage' }),
  },
  'GET /sync/events': { query: '?scope=signage' },
  // Every signed-in role may read its own customer scope's stream.
  'POST /sync/events/ticket': { body: () => ({ scope: 'customer' }) },
};

function requestFor(o: Op) {
  const url = o.path.replace(/\{(\w+)\}/g, (_, name: string) => String(paramValue(o.path, name)));
  const extra = REQUESTS[o.key];
  const query =
    extra?.query ??
    (() => {
      const required = (o.op.parameters ?? []).filter((p) => p.in === 'query' && p.required);
      if (!required.length) return '';
      return `?${required.map((p) => `${p.name}=${encodeURIComponent(String(p.schema?.enum?.[0] ?? '1'))}`).join('&')}`;
    })();
  const body = extra?.body ? extra.body() : o.op.requestBody ? {} : undefined;
  return { url: url + query, body };
}

/** Every row of every table, hashed: "nothing changes" means this stays the same. */
async function fingerprint(): Promise<Record<string, string>> {
  return t.database.scriptTransaction(async (run) => {
    const tables = (await run(
      `select table_name as name from information_schema.tables
       where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`,
    )) as { name: string }[];
    const rows = (await run(
      tables
        .map(
          ({ name }) =>
            `select '${name}' as name, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from "${name}" x`,
        )
        .join(' union all '),
    )) as { name: string; h: string }[];
    return Object.fromEntries(rows.map((r) => [r.name, r.h]));
  });
}

// ---- The operations, from the document ----

const docRes = await send('get', '/api/openapi.json');
const doc = JSON.parse(docRes.text) as Doc;
const table = API_ACCESS as Record<string, readonly Role[]>;
// Decision 035: a route's roles are its contract entry's (which takes them from the role table).
const contract = new Map(CONTRACT_ENDPOINTS.map((e) => [e.key, e]));
const rolesOf = (key: string): readonly Role[] => contract.get(key)?.roles ?? table[key] ?? [];
const THE_DOCUMENT = 'GET /api/openapi.json';

const documented: Op[] = Object.entries(doc.paths).flatMap(([path, item]) =>
  METHODS.flatMap((method) => {
    const op = item[method];
    if (!op) return [];
    const key = `${method.toUpperCase()} ${path}`;
    return [{ key, method, path, op, roles: rolesOf(key) }];
  }),
);
// The document itself is an operation too (it does not describe itself).
documented.push({
  key: THE_DOCUMENT,
  method: 'get',
  path: '/api/openapi.json',
  op: {},
  roles: table[THE_DOCUMENT] ?? [],
});
// Deleting last, so the other routes work on rows that still exist.
const ops = [
  ...documented.filter((o) => o.method !== 'delete'),
  ...documented.filter((o) => o.method === 'delete'),
];

const isInside = (o: Op, c: CallerCase) => c.roles.some((r) => o.roles.includes(r));
/** Whether the route names a family's rows (a path parameter other than the tournament, or `ofA`). */
const namesAFamily = (o: Op) => REQUESTS[o.key]?.ofA === true || /\{(?!tournamentId\})\w+\}/.test(o.path);
/** A fresh family of customer A for each route about one, so every route works on rows it can change. */
async function freshFamilyFor(o: Op) {
  if (namesAFamily(o)) familyA = await makeFamilyA(o.path.includes('receipt'));
}
const aOwned = (o: Op) => o.roles.includes('Customer') && namesAFamily(o);

describe('the role table and the OpenAPI document', () => {
  it('hold the same routes: one missing from either fails', () => {
    const inDoc = new Set(documented.map((o) => o.key));
    expect(Object.keys(table).filter((k) => !inDoc.has(k))).toEqual([]);
    expect([...inDoc].filter((k) => !(k in table))).toEqual([]);
  });

  it("agree on each route's roles (x-roles)", () => {
    for (const o of documented)
      if (o.key !== THE_DOCUMENT) expect(o.op['x-roles'], o.key).toEqual([...o.roles]);
  });

  it('document every endpoint of the contract once, with its method, path and roles (decision 035)', () => {
    expect(CONTRACT_ENDPOINTS.length).toBe(contract.size);
    const byKey = new Map(documented.map((o) => [o.key, o]));
    for (const e of CONTRACT_ENDPOINTS) {
      expect(byKey.has(e.key), e.key).toBe(true);
      expect(byKey.get(e.key)?.op['x-roles'], e.key).toEqual([...e.roles]);
      expect([...e.roles], e.key).toEqual([...(table[e.key] ?? [])]);
    }
  });

  it('cover enough routes for the matrix to mean something', () => {
    expect(ops.length).toBeGreaterThan(60);
    expect(ops.filter(aOwned).length).toBeGreaterThanOrEqual(12);
  });
});

describe("customer B never reads or changes customer A's data", () => {
  it.each(ops.filter(aOwned).map((o) => [o.key, o] as const))(
    '%s answers customer B 404',
    async (_key, o) => {
      await freshFamilyFor(o);
      const before = await fingerprint();
      const aBefore = await must('get', `/api/registration/${familyA.registrationId}`, customerA.token);
      const { url, body } = requestFor(o);
      const res = await send(o.method, url, customerB.token, body);
      expect(res.status, res.text).toBe(404);
      expect(await must('get', `/api/registration/${familyA.registrationId}`, customerA.token)).toEqual(
        aBefore,
      );
      expect(await fingerprint()).toEqual(before);
    },
  );

  it("B's lists hold none of A's registrations", async () => {
    const all = await must('get', `/api/registration/getAll/${tournamentId}`, customerB.token);
    expect(all.map((r: { registrationId: number }) => r.registrationId)).not.toContain(
      familyA.registrationId,
    );
    expect(await must('get', `/api/registration/incomplete/${tournamentId}`, customerB.token)).toBeNull();
    expect(await must('get', '/api/registration/has-completed', customerB.token)).toBe(false);
  });
});

describe('every route against every caller', () => {
  it.each(ops.map((o) => [o.key, o.roles.join(', '), o] as const))('%s (%s)', async (_key, _roles, o) => {
    const problems: string[] = [];
    await freshFamilyFor(o);
    // Callers outside the route's roles first: refused, and nothing changes.
    const outside = CALLERS.filter((c) => !isInside(o, c));
    if (outside.length) {
      const before = await fingerprint();
      for (const c of outside) {
        const { url, body } = requestFor(o);
        const res = await send(o.method, url, c.token, body);
        const expected = c.token ? 403 : 401;
        if (res.status !== expected)
          problems.push(`${c.name}: ${res.status} instead of ${expected} ${res.text}`);
      }
      const after = await fingerprint();
      const changed = Object.keys(after).filter((k) => after[k] !== before[k]);
      if (changed.length) problems.push(`refused callers changed ${changed.join(', ')}`);
    }
    // Callers inside: never refused, never a server error.
    for (const c of CALLERS.filter((caller) => isInside(o, caller))) {
      const { url, body } = requestFor(o);
      const res = await send(o.method, url, c.token, body);
      if (res.status === 401 || res.status === 403 || res.status >= 500) {
        problems.push(`${c.name}: ${res.status} ${res.text.slice(0, 200)}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

// GET /metrics (decision 041) is no /api route and no role opens it: it answers callers on this
// machine (app.request() has no socket, so none of these is) or the METRICS_TOKEN's holder.
describe('GET /metrics against every caller', () => {
  it('refuses each of them, a SuperAdmin included, with 401 in the error shape', async () => {
    const problems: string[] = [];
    for (const c of CALLERS) {
      const res = await send('get', '/metrics', c.token);
      if (res.status !== 401 || !JSON.parse(res.text).message) problems.push(`${c.name}: ${res.status}`);
    }
    expect(problems).toEqual([]);
  });
});

describe('each sync scope against every caller (SYNC_SCOPE_ROLES)', () => {
  it.each(SYNC_SCOPES.map((s) => [s] as const))('pulling %s', async (scope) => {
    const problems: string[] = [];
    for (const c of CALLERS) {
      const res = await send('post', '/sync/pull', c.token, {
        clientGroupId: `g${++clients}`,
        clientId: `c${clients}`,
        cookie: null,
        scope,
      });
      const inside = c.roles.some((r) => (SYNC_SCOPE_ROLES[scope] as readonly string[]).includes(r));
      const expected = inside ? 200 : c.token ? 403 : 401;
      if (res.status !== expected) problems.push(`${c.name}: ${res.status} instead of ${expected}`);
    }
    expect(problems).toEqual([]);
  });
});

// Decision 018: within the staff routes, a CheckInAdmin reaches only the next
// tournament. A past tournament's registration: the desk list and CSV answer 403, the desk
// detail, its files, a receipt resent and every customer route by id answer 404; nothing
// changes and no mail leaves; a director reaches it. Every /api/admin route open to a
// CheckInAdmin is listed here (the list is checked against the document), so a route added
// later whose service is not given its caller cannot slip past.
describe('a CheckInAdmin reaches only the next tournament (decision 018)', () => {
  it("a past tournament's registration is out of reach; a director's reach is unchanged", async () => {
    const [past] = await t.db
      .insert(tournaments)
      .values({
        tournamentDate: '2025-11-22',
        registrationOpensOn: '2025-09-01',
        registrationClosesAfter: '2025-11-15',
        competitorOnlineCost: 40,
        competitorDoorCost: 50,
        spectatorCost: 5,
        lunchCost: 0,
        city: 'Sudbury',
        venue: 'Old Gym',
      })
      .returning();
    const old = await insertFamily(t, {
      ownerUserId: customerA.user.id,
      tournamentId: past!.id,
      competitorLevelId: levelId,
      competitors: 1,
      completed: true,
    });
    // Paid last year: the receipt a resend would mail (with its confirmation code).
    await t.db.insert(receipts).values({
      registrationId: old.registrationId,
      confirmationCode: 'PAST-2025',
      title: 'Registration receipt',
      description: 'Sudbury 2025',
      paymentAmount: 40,
      total: 40,
      balanceOwing: 0,
      items: [{ description: 'Competitor', quantity: 1, unitPrice: 40, amount: 40 }],
    });
    const before = await fingerprint();
    const mailsBefore = t.sent.length;
    const expectations: [string, string, number][] = [
      ['GET /api/admin/registrations', `/api/admin/registrations?tournamentId=${past!.id}`, 403],
      ['GET /api/admin/registrations.csv', `/api/admin/registrations.csv?tournamentId=${past!.id}`, 403],
      ['GET /api/admin/registrations/{id}', `/api/admin/registrations/${old.registrationId}`, 404],
      [
        'POST /api/admin/registrations/{id}/resend-receipt',
        `/api/admin/registrations/${old.registrationId}/resend-receipt`,
        404,
      ],
      [
        'GET /api/admin/registrations/{registrationId}/files',
        `/api/admin/registrations/${old.registrationId}/files`,
        404,
      ],
      ['GET /api/registration/{id}', `/api/registration/${old.registrationId}`, 404],
      ['GET /api/registration/competitor/{id}', `/api/registration/competitor/${old.competitorIds[0]}`, 404],
      [
        'POST /api/registration/spectator/{registrationId}',
        `/api/registration/spectator/${old.registrationId}`,
        404,
      ],
      [
        'GET /api/registration/receipt/{registrationId}',
        `/api/registration/receipt/${old.registrationId}`,
        404,
      ],
      [
        'DELETE /api/registration/competitor/{id}',
        `/api/registration/competitor/${old.competitorIds[0]}`,
        404,
      ],
    ];
    const problems: string[] = [];
    for (const [key, url, status] of expectations) {
      const res = await send(key.split(' ')[0]!, url, checkInAdmin.token);
      if (res.status !== status) problems.push(`${key}: ${res.status} instead of ${status} ${res.text}`);
      else if (status === 404 && res.text.includes('PAST-2025')) problems.push(`${key}: names the code`);
    }
    expect(problems).toEqual([]);
    expect(await fingerprint()).toEqual(before);
    expect(t.sent.slice(mailsBefore)).toEqual([]);

    const staffAdminRoutes = documented
      .filter((o) => o.path.startsWith('/api/admin/') && o.roles.includes('CheckInAdmin'))
      .map((o) => o.key);
    const listed = new Set(expectations.map(([key]) => key));
    expect(staffAdminRoutes.filter((key) => !listed.has(key))).toEqual([]);

    // A director reaches it all, the resend included (it mails the family again).
    for (const [key, url] of expectations.slice(0, 6)) {
      const res = await send(key.split(' ')[0]!, url, director.token);
      expect(res.status, `${key} ${res.text}`).toBe(200);
    }
    expect(t.sent.slice(mailsBefore).map((m) => m.to)).toEqual([customerA.user.email]);
  });
});
