import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIVISION_MESSAGES, type DivisionInput } from '@tournament/shared';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { english } from '../testing/english.ts';

const makeDivision = (over: Partial<DivisionInput> = {}): DivisionInput => ({
  name: 'Boys 8-10 beginner sparring',
  minAge: 8,
  maxAge: 10,
  gender: 1,
  competitorLevelIds: [],
  minWeight: 25,
  maxWeight: 35,
  minSize: 2,
  maxSize: 8,
  ...over,
});

describe('division rules', () => {
  let t: TestApp;
  let admin: string;
  let levelIds: number[];
  beforeAll(async () => {
    t = await createTestApp({ now: '2026-11-22T12:00:00Z' });
    admin = (await t.createUser('SuperAdmin')).token;
    levelIds = (await t.call('GET', '/api/admin/competitor-levels', undefined, admin)).json.map(
      (l: { id: number }) => l.id,
    );
  });
  afterAll(() => t.close());

  it('a SuperAdmin creates a division with age, gender, levels, weight and size', async () => {
    const res = await t.call(
      'POST',
      '/api/admin/divisions',
      makeDivision({ competitorLevelIds: [levelIds[1]!, levelIds[0]!] }),
      admin,
    );
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      name: 'Boys 8-10 beginner sparring',
      gender: 1,
      competitorLevelIds: [levelIds[0], levelIds[1]].sort((a, b) => a! - b!),
      minWeight: 25,
      maxWeight: 35,
      minSize: 2,
      maxSize: 8,
    });
  });

  it('a mixed division without a weight range is allowed', async () => {
    const res = await t.call(
      'POST',
      '/api/admin/divisions',
      makeDivision({
        name: 'Mixed 11-13 forms',
        gender: null,
        minWeight: null,
        maxWeight: null,
        minAge: 11,
        maxAge: 13,
      }),
      admin,
    );
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      gender: null,
      minWeight: null,
      maxWeight: null,
      competitorLevelIds: [],
    });
  });

  it('refuses upside-down age, weight and size ranges, naming each field', async () => {
    const res = await t.call(
      'POST',
      '/api/admin/divisions',
      makeDivision({ minAge: 12, minWeight: 40, minSize: 9 }),
      admin,
    );
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({
      minAge: english(DIVISION_MESSAGES.ageRange),
      minWeight: english(DIVISION_MESSAGES.weightRange),
      minSize: english(DIVISION_MESSAGES.sizeRange),
    });
  });

  it('refuses a gender other than male, female or mixed, and a level that does not exist', async () => {
    const gender = await t.call('POST', '/api/admin/divisions', { ...makeDivision(), gender: 3 }, admin);
    expect(gender.status).toBe(400);
    expect(gender.json.errors.gender).toBe('Choose male, female or mixed');
    const level = await t.call(
      'POST',
      '/api/admin/divisions',
      makeDivision({ competitorLevelIds: [9999] }),
      admin,
    );
    expect(level.status).toBe(400);
    expect(level.json.errors.competitorLevelIds).toBe('One of the chosen competitor levels no longer exists');
  });

  it('edits, reorders and removes divisions', async () => {
    const list = (await t.call('GET', '/api/admin/divisions', undefined, admin)).json;
    const [first, second] = list;
    const edited = await t.call(
      'PUT',
      `/api/admin/divisions/${first.id}`,
      makeDivision({ name: 'Boys 8-10', maxSize: 6, competitorLevelIds: [] }),
      admin,
    );
    expect(edited.json).toMatchObject({ name: 'Boys 8-10', maxSize: 6, competitorLevelIds: [] });
    const reordered = await t.call(
      'POST',
      '/api/admin/divisions/reorder',
      { ids: [second.id, first.id] },
      admin,
    );
    expect(reordered.json.map((d: { id: number }) => d.id)).toEqual([second.id, first.id]);
    expect((await t.call('DELETE', `/api/admin/divisions/${first.id}`, undefined, admin)).status).toBe(200);
    expect(
      (await t.call('GET', '/api/admin/divisions', undefined, admin)).json.map((d: { id: number }) => d.id),
    ).toEqual([second.id]);
    expect((await t.call('DELETE', `/api/admin/divisions/${first.id}`, undefined, admin)).status).toBe(404);
  });
});
