import crypto from 'node:crypto';
import type { PushResponse } from '@tournament/shared';
import { getNextTournament } from '../services/tournaments.ts';
import type { TestApp } from './harness.ts';
import { matchdayWorld } from './matchday-fixtures.ts';
import { PDF, sendMultipart } from './multipart.ts';

// A small tournament day made through the /api and /sync as people make it: accounts of each
// kind, a family's registration, a cash payment at the door, a judged division run on a ring
// and completed, and a waiver uploaded. A release keeps a backup of it (the upgrade fixture,
// scripts/release-fixture.ts) and the next releases' upgrade test migrates that backup and reads
// the same facts back (db/upgrade.test.ts). The facts say what must survive, in the words of
// the API, not of the tables.

/** What the release's world holds, as the upgrade test checks it after migrating. */
export interface ReleaseFacts {
  /** The release that made the world (the root package.json's version then). */
  release: string;
  tournamentId: number;
  /** Accounts that must still sign in with their password. */
  accounts: { email: string; password: string; role: string }[];
  registration: { id: number; ownerEmail: string; competitors: string[] };
  payment: { id: string; method: string; amount: number };
  /** A completed division: its id, and the first names in placing order. */
  division: { id: number; eventTypeId: number; placings: string[] };
  file: { id: string; name: string; sha256: string };
}

const sha256 = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex');

/** Builds the world on `t` (a fresh test app) and answers its facts. */
export async function buildReleaseWorld(t: TestApp, release: string): Promise<ReleaseFacts> {
  const parent = await t.createUser('Customer', {
    email: 'parent@release.test',
    firstName: 'Pat',
    lastName: 'Rowe',
  });
  const director = await t.createUser('TournamentDirector', { email: 'director@release.test' });
  const desk = await t.createUser('CheckInAdmin', { email: 'desk@release.test' });
  const admin = await t.createUser('SuperAdmin', { email: 'admin@release.test' });
  const tournamentId = (await getNextTournament(t.deps))!.id;
  const w = await matchdayWorld(t, tournamentId);
  const forms = w.type.get('Forms')!;
  const family = await w.addFamily(parent.user.id, [
    {
      first: 'Ava',
      last: 'Rowe',
      age: 10,
      gender: 2,
      level: 'Intermediate',
      types: ['Forms'],
      school: 'North Dojo',
    },
    {
      first: 'Bea',
      last: 'Rowe',
      age: 10,
      gender: 2,
      level: 'Intermediate',
      types: ['Forms'],
      school: 'North Dojo',
    },
  ]);
  await w.publish(director.token);
  const division = [...(await w.divisions()).values()][0]!;
  const ring = await t.call('POST', '/api/admin/rings', { tournamentId, name: 'Ring 1' }, director.token);
  if (ring.status !== 200 && ring.status !== 201)
    throw new Error(`release world: ring ${ring.status} ${ring.text}`);

  let seq = 0;
  const push = async (token: string, mutations: { name: string; args: unknown }[]) => {
    seq += 1;
    const res = await t.call(
      'POST',
      '/sync/push',
      {
        clientGroupId: `release-group-${seq}`,
        clientId: `release-${seq}`,
        mutations: mutations.map((m, i) => ({ id: i + 1, ...m })),
      },
      token,
    );
    const refused = (res.json as PushResponse | undefined)?.results.filter((r) => r.status !== 'applied');
    if (res.status !== 200 || refused?.length) throw new Error(`release world: push refused ${res.text}`);
  };

  const paymentId = crypto.randomUUID();
  await push(desk.token, [
    { name: 'checkInRegistration@1', args: { registrationId: family.registrationId } },
    {
      name: 'recordDoorPayment@1',
      args: { paymentId, registrationId: family.registrationId, method: 'cash', amount: 90, tendered: 100 },
    },
  ]);

  // The judged division, start to finish on a ring tablet: every judge scores both girls.
  const types = (await t.call('GET', '/api/admin/event-types', undefined, admin.token)).json as {
    id: number;
    judges: number;
  }[];
  const judges = types.find((e) => e.id === forms)!.judges;
  const at = (minutes: number) => new Date(t.clock.now.getTime() - (60 - minutes) * 60_000).toISOString();
  const [ava, bea] = family.competitorIds as [number, number];
  await push(director.token, [
    { name: 'assignDivision@1', args: { divisionId: division.id, ringId: ring.json.id } },
    { name: 'startDivision@1', args: { divisionId: division.id, seed: 1, at: at(0) } },
    ...[ava, bea].flatMap((competitorId) =>
      Array.from({ length: judges }, (_, j) => ({
        name: 'recordScore@1',
        args: {
          divisionId: division.id,
          eventTypeId: forms,
          competitorId,
          judge: j + 1,
          round: 0,
          value: competitorId === bea ? 9 : 8,
          at: at(1),
        },
      })),
    ),
    { name: 'completeDivision@1', args: { divisionId: division.id, at: at(5) } },
  ]);

  const uploaded = await sendMultipart(
    t,
    '/api/files',
    parent.token,
    { registrationId: String(family.registrationId) },
    { name: 'Ava waiver.pdf', bytes: PDF },
  );
  if (uploaded.status !== 200 && uploaded.status !== 201)
    throw new Error(`release world: upload ${uploaded.status} ${uploaded.text}`);

  return {
    release,
    tournamentId,
    accounts: [parent, director, desk, admin].map((a) => ({
      email: a.user.email,
      password: a.password,
      role: (a.user.roles as string[])[0]!,
    })),
    registration: {
      id: family.registrationId,
      ownerEmail: parent.user.email,
      competitors: ['Ava Rowe', 'Bea Rowe'],
    },
    payment: { id: paymentId, method: 'cash', amount: 90 },
    division: { id: division.id, eventTypeId: forms, placings: ['Bea', 'Ava'] },
    file: { id: String(uploaded.json.fileId), name: 'Ava waiver.pdf', sha256: sha256(PDF) },
  };
}
