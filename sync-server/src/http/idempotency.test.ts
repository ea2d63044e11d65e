import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { RegistrationOptions } from '@tournament/shared';
import { competitors, idempotencyKeys } from '../db/schema.ts';
import { competitorInput } from '../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { IDEMPOTENCY_MESSAGES, purgeIdempotencyKeys } from './idempotency.ts';
import { english } from '../testing/english.ts';

// A POST retried with the same Idempotency-Key (a parent's connection dropped after tapping
// Save) gets the first answer and makes one competitor, not two.

let t: TestApp;
let parent: { token: string };
let other: { token: string };
let registrationId: number;
let competitor: ReturnType<typeof competitorInput>;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-22T12:00:00Z' });
  const tournamentId = (await t.call('GET', '/api/tournaments')).json[0].id as number;
  parent = await t.createUser('Customer');
  other = await t.createUser('Customer');
  const options = (await t.call('GET', `/api/registration/options/${tournamentId}`, undefined, parent.token))
    .json as RegistrationOptions;
  registrationId = (await t.call('POST', `/api/registration/create/${tournamentId}`, undefined, parent.token))
    .json.registrationId;
  competitor = competitorInput(registrationId, {
    competitorLevelId: options.competitorLevels[0]!.id,
    eventIds: [options.events.find((e) => e.name === 'Forms')!.id],
  });
}, 60_000);
afterAll(() => t.close());

const addCompetitor = (key: string, body: unknown = competitor, token = parent.token) =>
  t.call('POST', '/api/registration/competitor', body, token, { 'Idempotency-Key': key });

async function competitorCount(): Promise<number> {
  const [row] = await t.db
    .select({ n: count() })
    .from(competitors)
    .where(eq(competitors.registrationId, registrationId));
  return row?.n ?? 0;
}

describe('Idempotency-Key', () => {
  it('the same key and body again answers the first answer, and the competitor is added once', async () => {
    const before = await competitorCount();
    const first = await addCompetitor('save-maya-1');
    const again = await addCompetitor('save-maya-1');
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await competitorCount()).toBe(before + 1);
  });

  it('ten requests at once with one key add one competitor, and all ten get its answer', async () => {
    const before = await competitorCount();
    const answers = await Promise.all(Array.from({ length: 10 }, () => addCompetitor('save-maya-burst')));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
    expect(await competitorCount()).toBe(before + 1);
  });

  it('the same key with another body is refused with 422 and changes nothing', async () => {
    await addCompetitor('save-once');
    const before = await competitorCount();
    const res = await addCompetitor('save-once', { ...competitor, firstName: 'Noa' });
    expect(res.status).toBe(422);
    expect(res.json).toEqual({ message: english(IDEMPOTENCY_MESSAGES.otherRequest) });
    expect(await competitorCount()).toBe(before);
  });

  it('keys are per account: another family’s key of the same text is its own', async () => {
    await addCompetitor('shared-text');
    const res = await addCompetitor('shared-text', competitor, other.token);
    // The other family's request runs as its own (and is refused: not its registration).
    expect(res.headers.get('Idempotent-Replayed')).toBeNull();
    expect(res.status).toBe(404);
  });

  it('a refused request is kept too: its retry gets the same refusal without running again', async () => {
    const bad = { ...competitor, dateOfBirth: 'not a date' };
    const first = await addCompetitor('bad-date', bad);
    const again = await addCompetitor('bad-date', bad);
    expect(first.status).toBe(400);
    expect(again.status).toBe(400);
    expect(again.json).toEqual(first.json);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
  });

  it('a key that is not 1 to 255 visible characters is refused with 400', async () => {
    const before = await competitorCount();
    for (const key of ['', 'a'.repeat(256), 'has space']) {
      const res = await addCompetitor(key);
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ message: english(IDEMPOTENCY_MESSAGES.badKey) });
    }
    expect(await competitorCount()).toBe(before);
  });

  it('a request still marked running two minutes on (its process died) is run by the retry', async () => {
    const before = await competitorCount();
    const first = await addCompetitor('died-mid-way');
    // As if the process had died before keeping the answer.
    await t.db
      .update(idempotencyKeys)
      .set({ status: null, body: null, startedAt: new Date(t.clock.now.getTime() - 3 * 60 * 1000) })
      .where(eq(idempotencyKeys.key, 'died-mid-way'));
    const retry = await addCompetitor('died-mid-way');
    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(retry.headers.get('Idempotent-Replayed')).toBeNull();
    expect(await competitorCount()).toBe(before + 2);
  });

  it('answers are kept 24 hours, then purged', async () => {
    await addCompetitor('kept-a-day');
    t.clock.advance(23 * 60 * 60 * 1000);
    await purgeIdempotencyKeys(t.deps);
    expect(
      await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'kept-a-day')),
    ).toHaveLength(1);
    t.clock.advance(2 * 60 * 60 * 1000);
    await purgeIdempotencyKeys(t.deps);
    expect(
      await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'kept-a-day')),
    ).toHaveLength(0);
  });

  it('sign-in is never replayed: a key on it is ignored', async () => {
    const login = { username: 'nobody@example.com', password: 'wrong password here' };
    const a = await t.call('POST', '/api/users/authenticate', login, undefined, {
      'Idempotency-Key': 'sign-in',
    });
    const b = await t.call('POST', '/api/users/authenticate', login, undefined, {
      'Idempotency-Key': 'sign-in',
    });
    expect(b.headers.get('Idempotent-Replayed')).toBeNull();
    expect(a.status).toBe(b.status);
    expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'sign-in'))).toHaveLength(
      0,
    );
  });
});
