import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOOR_MESSAGES, REGISTRATION_MESSAGES, type PushResponse, type Tournament } from '@tournament/shared';
import { auditLog, competitorLevels, payments, registrations, tournaments, users } from '../db/schema.ts';
import { competitorInput, insertFamily } from '../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { getNextTournament } from './tournaments.ts';
import { english } from '../testing/english.ts';

// Decision 018: what check-in volunteers and directors reach of
// other families' registrations, door payments above the balance, and the audit of staff
// actions. Seeded next tournament: online $45 a competitor.

let t: TestApp;
let next: Tournament;
let past: number;
let levelId: number;
let customer: Awaited<ReturnType<TestApp['createUser']>>;
let checkIn: Awaited<ReturnType<TestApp['createUser']>>;
let director: Awaited<ReturnType<TestApp['createUser']>>;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-22T12:00:00Z' });
  const found = await getNextTournament(t.deps);
  if (!found) throw new Error('the seed has no next tournament');
  next = found;
  const [old] = await t.db
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
  past = old!.id;
  const [level] = await t.db.select().from(competitorLevels).limit(1);
  levelId = level!.id;
  customer = await t.createUser('Customer', { firstName: 'Pat', lastName: 'Lee' });
  checkIn = await t.createUser('CheckInAdmin', { firstName: 'Val', lastName: 'Volunteer' });
  director = await t.createUser('TournamentDirector', { firstName: 'Dee', lastName: 'Director' });
}, 120_000);
afterAll(() => t.close());

const family = (tournamentId: number, completed = true) =>
  insertFamily(t, {
    ownerUserId: customer.user.id,
    tournamentId,
    competitorLevelId: levelId,
    competitors: 1,
    completed,
  });

async function auditOf(entity: string, entityId: number) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)));
}

async function eventId(): Promise<number> {
  const options = await t.call('GET', `/api/registration/options/${next.id}`, undefined, customer.token);
  return options.json.events.find((e: { requiresWeight: boolean }) => !e.requiresWeight).id;
}

function push(token: string, mutations: { id: number; name: string; args: unknown }[]) {
  seq += 1;
  return t.call('POST', '/sync/push', { clientGroupId: `g-${seq}`, clientId: `c-${seq}`, mutations }, token);
}

describe('item 4: a CheckInAdmin reaches only the next tournament', () => {
  it("a past tournament's registrations: the desk list is refused and the detail is not found", async () => {
    const old = await family(past);
    const list = await t.call(
      'GET',
      `/api/admin/registrations?tournamentId=${past}`,
      undefined,
      checkIn.token,
    );
    expect(list.status).toBe(403);
    expect(
      (await t.call('GET', `/api/admin/registrations.csv?tournamentId=${past}`, undefined, checkIn.token))
        .status,
    ).toBe(403);
    expect(
      (await t.call('GET', `/api/admin/registrations/${old.registrationId}`, undefined, checkIn.token))
        .status,
    ).toBe(404);
    expect(
      (await t.call('GET', `/api/registration/${old.registrationId}`, undefined, checkIn.token)).status,
    ).toBe(404);
    // A director still reaches it.
    expect(
      (await t.call('GET', `/api/admin/registrations?tournamentId=${past}`, undefined, director.token))
        .status,
    ).toBe(200);
    expect(
      (await t.call('GET', `/api/admin/registrations/${old.registrationId}`, undefined, director.token))
        .status,
    ).toBe(200);
  });

  it("the next tournament's registrations stay on the CheckInAdmin's desk", async () => {
    const fam = await family(next.id);
    const list = await t.call('GET', '/api/admin/registrations', undefined, checkIn.token);
    expect(list.status).toBe(200);
    expect(list.json.rows.map((r: { registrationId: number }) => r.registrationId)).toContain(
      fam.registrationId,
    );
    expect(
      (await t.call('GET', `/api/admin/registrations/${fam.registrationId}`, undefined, checkIn.token))
        .status,
    ).toBe(200);
  });

  it('a completed registration is changed by a director (audited), not by a CheckInAdmin', async () => {
    const fam = await family(next.id, true);
    const add = competitorInput(fam.registrationId, {
      competitorLevelId: levelId,
      eventIds: [await eventId()],
    });
    const refused = await t.call('POST', '/api/registration/competitor', add, checkIn.token);
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe(english(REGISTRATION_MESSAGES.completed));
    expect(
      (await t.call('POST', `/api/registration/spectator/${fam.registrationId}`, {}, checkIn.token)).status,
    ).toBe(409);
    expect(await auditOf('registration', fam.registrationId)).toHaveLength(0);

    const done = await t.call(
      'POST',
      `/api/registration/spectator/${fam.registrationId}`,
      {},
      director.token,
    );
    expect(done.status).toBe(200);
    const entries = await auditOf('registration', fam.registrationId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorUserId: director.user.id, action: 'update' });
    expect(entries[0]?.before).toMatchObject({ ownerUserId: customer.user.id, spectators: 0 });
    expect(entries[0]?.after).toMatchObject({ ownerUserId: customer.user.id, spectators: 1 });
  });

  it('a CSV export is audited with its actor and tournament', async () => {
    const res = await t.call('GET', '/api/admin/registrations.csv', undefined, checkIn.token);
    expect(res.status).toBe(200);
    const entries = await auditOf('registrationsCsv', next.id);
    expect(entries.at(-1)).toMatchObject({ actorUserId: checkIn.user.id, action: 'export' });
  });
});

describe('item 4: door payments above the balance owing', () => {
  const pay = (id: number, registrationId: number, amount: number, overBalanceConfirmed?: boolean) => ({
    id,
    name: 'recordDoorPayment@1',
    args: { paymentId: crypto.randomUUID(), registrationId, method: 'card', amount, overBalanceConfirmed },
  });

  it('is refused without a confirmation; a payment within the balance is audited', async () => {
    const fam = await family(next.id, false); // $45 owing
    const over = await push(checkIn.token, [pay(1, fam.registrationId, 500)]);
    expect(over.status).toBe(200);
    expect((over.json as PushResponse).results[0]).toMatchObject({
      status: 'rejected',
      code: 'over_balance',
    });
    expect((over.json as PushResponse).results[0]?.message).toBe(english(DOOR_MESSAGES.overBalance(45)));

    const ok = await push(checkIn.token, [pay(1, fam.registrationId, 45)]);
    expect((ok.json as PushResponse).results[0]).toMatchObject({ status: 'applied' });
    const entries = await auditOf('payment', fam.registrationId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorUserId: checkIn.user.id, action: 'payment' });
    expect(entries[0]?.after).toMatchObject({ amount: 45, ownerUserId: customer.user.id });
  });

  it("a CheckInAdmin's confirmation is refused by the server; a director's is recorded", async () => {
    const fam = await family(next.id, false);
    const byVolunteer = await push(checkIn.token, [pay(1, fam.registrationId, 500, true)]);
    expect((byVolunteer.json as PushResponse).results[0]).toMatchObject({
      status: 'rejected',
      code: 'over_balance_director',
      message: english(DOOR_MESSAGES.overBalanceDirector),
    });
    expect(
      await t.db.select().from(payments).where(eq(payments.registrationId, fam.registrationId)),
    ).toHaveLength(0);

    const byDirector = await push(director.token, [pay(1, fam.registrationId, 500, true)]);
    expect((byDirector.json as PushResponse).results[0]).toMatchObject({ status: 'applied' });
    expect(
      await t.db.select().from(payments).where(eq(payments.registrationId, fam.registrationId)),
    ).toHaveLength(1);
  });
});

describe('item 5: the customer area shows staff only their own registrations', () => {
  it("getAll answers a director their own registrations, not every family's", async () => {
    const theirs = await family(next.id);
    const [own] = await t.db
      .insert(registrations)
      .values({ ownerUserId: director.user.id, tournamentId: next.id })
      .returning();
    const res = await t.call('GET', `/api/registration/getAll/${next.id}`, undefined, director.token);
    expect(res.status).toBe(200);
    const ids = res.json.map((r: { registrationId: number }) => r.registrationId);
    expect(ids).toEqual([own!.id]);
    expect(ids).not.toContain(theirs.registrationId);
  });
});

describe('item 6: walk-ins attach only to verified accounts', () => {
  it('a walk-in with the e-mail of an unverified account gets a guest owner instead', async () => {
    const [unverified] = await t.db
      .insert(users)
      .values({
        email: 'not.yet@example.com',
        passwordHash: null,
        firstName: 'Eve',
        lastName: 'Early',
        roles: ['Customer'],
      })
      .returning();
    const walkInId = crypto.randomUUID();
    const res = await push(checkIn.token, [
      {
        id: 1,
        name: 'registerWalkIn@1',
        args: {
          walkInId,
          // Even with the family's word for it: an unverified account is never attached.
          attachToAccount: true,
          contact: {
            firstName: 'Robin',
            lastName: 'Walker',
            email: 'not.yet@example.com',
            phoneNumber: '7055550199',
          },
          competitors: [
            {
              firstName: 'Walk',
              lastName: 'Walker',
              dateOfBirth: '2012-05-05',
              gender: 2,
              competitorLevelId: levelId,
              eventIds: [await eventId()],
              emergencyContactName: 'Robin Walker',
              emergencyContactPhone: '7055550199',
              emergencyContactRelationship: 'Parent',
              guardianConsent: true,
            },
          ],
          spectators: 0,
          checkIn: false,
        },
      },
    ]);
    expect((res.json as PushResponse).results[0]).toMatchObject({ status: 'applied' });
    const [reg] = await t.db.select().from(registrations).where(eq(registrations.walkInId, walkInId));
    expect(reg?.ownerUserId).not.toBe(unverified!.id);
  });
});
