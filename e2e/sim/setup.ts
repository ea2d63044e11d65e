import { matchesToFight, presentEntries, type SyncRegistration } from '@tournament/shared';
import { formsCompetitor, type RegistrationOptionsSeen } from '../src/competitor-body.ts';
import type { StackUser } from '../src/stack.ts';
import { Http, Replica, SyncClient } from './client.ts';
import type { Scale } from './scale.ts';

// The day before: accounts, families registered through /api as they would from home (pay at
// the door; the upper levels also spar), the director's draft of Forms and Sparring divisions
// published, rings added and balanced, some brackets drawn for the printed sheets (decision 050)
// and some no-shows marked.

const PASSWORD = 'simulated-day-1';

export const accountsOf = (scale: Scale) => ({
  director: { email: 'sim-td@example.test', password: PASSWORD, role: 'TournamentDirector' as const },
  // Sets the Sparring event type's third place (a settings change is a SuperAdmin's, decision 007).
  admin: { email: 'sim-admin@example.test', password: PASSWORD, role: 'SuperAdmin' as const },
  deskTablets: Array.from({ length: scale.deskTablets }, (_, i) => ({
    email: `sim-desk${i}@example.test`,
    password: PASSWORD,
    role: 'CheckInAdmin' as const,
    first: 'Desk',
    last: `Tablet${i}`,
  })),
  ringTablets: Array.from({ length: scale.rings }, (_, i) => ({
    email: `sim-ring${i}@example.test`,
    password: PASSWORD,
    role: 'RingOfficial' as const,
    first: 'Ring',
    last: `Tablet${i}`,
  })),
  families: Array.from({ length: scale.families }, (_, i) => ({
    email: `sim-family${i}@example.test`,
    password: PASSWORD,
    role: 'Customer' as const,
    first: 'Pat',
    last: `Family${i}`,
  })),
});

type Accounts = ReturnType<typeof accountsOf>;

export const allUsers = (a: Accounts): StackUser[] => [
  a.director,
  a.admin,
  ...a.deskTablets,
  ...a.ringTablets,
  ...a.families,
];

/** Runs `fn` over `items`, `width` at a time. */
export async function inParallel<T>(
  items: readonly T[],
  width: number,
  fn: (t: T, i: number) => Promise<void>,
) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await fn(items[i]!, i);
      }
    }),
  );
}

interface Day {
  tournamentId: number;
  /** Each family's phone, signed in. */
  phones: Http[];
  registrations: SyncRegistration[];
  /** Registration id -> its competitors' ids. */
  competitorsOf: Map<number, number[]>;
  competitors: number;
  /** A walk-in's competitor level and event (the Forms event). */
  walkInRefs: { competitorLevelId: number; eventId: number };
  divisions: number;
  /** Divisions with a bracket event, and how many of them the director drew before the day. */
  bracketDivisions: number;
  drawnBefore: number;
  /** Performances and bracket matches the day will see (for the rings' pace). */
  bouts: number;
  ringIds: number[];
  /** The director's client of the day before (its draws and no-shows are checked by the oracle). */
  planner: SyncClient;
}

/** Registers every family's children (spread over ages, genders and levels), publishes, adds rings. */
export async function prepareDay(url: string, scale: Scale, accounts: Accounts): Promise<Day> {
  const anyone = new Http(url);
  const tournament = (
    await anyone.ok<{ id: number; tournamentDate: string }[]>('GET', '/api/tournaments')
  )[0]!;
  const year = Number(tournament.tournamentDate.slice(0, 4));
  const phones = accounts.families.map(() => new Http(url));
  let kid = 0;
  let walkInRefs = { competitorLevelId: 0, eventId: 0 };
  const types = await anyone.ok<{ id: number; title: string }[]>('GET', '/api/event-types');
  const formsType = types.find((t) => t.title === 'Forms')!.id;
  const sparringType = types.find((t) => t.title === 'Sparring')!.id;
  // Third place fought (not shared), so a day's brackets also play the match of the semi-finals' losers.
  const admin = new Http(url);
  await admin.signIn(accounts.admin.email, accounts.admin.password);
  const sparring = (
    await admin.ok<
      { id: number; title: string; description: string; showOnHomepage: boolean; decidedBy: 'bracket' }[]
    >('GET', '/api/admin/event-types')
  ).find((t) => t.id === sparringType)!;
  await admin.ok('PUT', `/api/admin/event-types/${sparringType}`, {
    title: sparring.title,
    description: sparring.description,
    showOnHomepage: sparring.showOnHomepage,
    decidedBy: sparring.decidedBy,
    thirdPlace: 'match',
  });
  await inParallel(accounts.families, 8, async (family, i) => {
    const phone = phones[i]!;
    await phone.signIn(family.email, family.password);
    const options = await phone.ok<RegistrationOptionsSeen>(
      'GET',
      `/api/registration/options/${tournament.id}`,
    );
    walkInRefs = {
      competitorLevelId: options.competitorLevels[0]!.id,
      eventId: (options.events.find((e) => e.name === 'Forms') ?? options.events[0]!).id,
    };
    const { registrationId } = await phone.ok<{ registrationId: number }>(
      'POST',
      `/api/registration/create/${tournament.id}`,
    );
    // The children shared out so the sizes add up to the scale's competitors.
    const children =
      Math.floor(scale.competitors / scale.families) + (i < scale.competitors % scale.families ? 1 : 0);
    const sparringEvent = options.events.find((e) => e.name === 'Sparring')!.id;
    for (let c = 0; c < children; c++) {
      const k = kid++;
      const body = formsCompetitor(options, registrationId, `Kid${c}`, family.last);
      const level = Math.floor(k / 60) % options.competitorLevels.length;
      // The upper half of the levels also spar: most of their divisions carry both events (the
      // draft's divisions are by age, gender and level), so the day gains few divisions.
      const spars = level >= options.competitorLevels.length / 2;
      await phone.ok('POST', '/api/registration/competitor', {
        ...body,
        ...(spars ? { eventIds: [...body.eventIds, sparringEvent], weightKg: 20 + (k % 30) * 2 } : {}),
        dateOfBirth: `${year - 5 - (k % 30)}-03-01`,
        gender: k % 2 === 0 ? 1 : 2,
        competitorLevelId: options.competitorLevels[level]!.id,
      });
    }
    await phone.ok('POST', `/api/registration/checkout/${registrationId}`);
  });

  const director = new SyncClient(url);
  await director.signIn(accounts.director.email, accounts.director.password);
  const { draftId } = await director.ok<{ draftId: number }>('POST', '/api/admin/matchmaking/drafts', {
    tournamentId: tournament.id,
    source: 'completed',
    eventTypeIds: [formsType, sparringType],
  });
  await director.ok('POST', `/api/admin/matchmaking/drafts/${draftId}/publish`, {});
  const ringIds: number[] = [];
  for (let r = 0; r < scale.rings; r++) {
    const ring = await director.ok<{ id: number }>('POST', '/api/admin/rings', {
      tournamentId: tournament.id,
      name: `Ring ${r + 1}`,
    });
    ringIds.push(ring.id);
  }
  director.queue('balanceRings@1', {});
  await director.flush();

  // Every second bracket division drawn by the director for the printed sheets (decision 050);
  // the others are drawn by the tablet's start, one in three after a no-show is marked.
  const planned = new Replica('matchday');
  await director.pull(planned);
  const brackets = planned
    .list('divisions')
    .filter((d) => d.rules.some((r) => r.decidedBy === 'bracket'))
    .sort((a, b) => a.id - b.id);
  let drawnBefore = 0;
  for (const [k, d] of brackets.entries()) {
    const entries = planned
      .list('divisionEntries')
      .filter((e) => e.divisionId === d.id)
      .sort((a, b) => a.competitorId - b.competitorId);
    if (k % 2 === 0) {
      director.queue('drawDivision@1', { divisionId: d.id, seed: d.id, redraw: false });
      drawnBefore++;
    } else if (k % 3 === 1 && entries.length >= 3)
      director.queue('markNoShow@1', {
        divisionId: d.id,
        competitorId: entries[entries.length - 1]!.competitorId,
        noShow: true,
      });
  }
  await director.flush();

  const desk = new SyncClient(url);
  await desk.signIn(accounts.deskTablets[0]!.email, accounts.deskTablets[0]!.password);
  const checkin = new Replica('checkin');
  await desk.pull(checkin);
  const matchday = new Replica('matchday');
  await director.pull(matchday);
  let bouts = 0;
  for (const d of matchday.list('divisions')) {
    const present = presentEntries(matchday.list('divisionEntries').filter((e) => e.divisionId === d.id));
    for (const rules of d.rules)
      bouts +=
        rules.decidedBy === 'bracket' ? matchesToFight(present.length, rules.thirdPlace) : present.length;
  }
  const competitorsOf = new Map<number, number[]>();
  for (const c of checkin.list('competitors'))
    competitorsOf.set(c.registrationId, [...(competitorsOf.get(c.registrationId) ?? []), c.id]);
  return {
    tournamentId: tournament.id,
    phones,
    registrations: checkin.list('registrations').sort((a, b) => a.id - b.id),
    competitorsOf,
    competitors: checkin.list('competitors').length,
    walkInRefs,
    divisions: matchday.list('divisions').length,
    bracketDivisions: brackets.length,
    drawnBefore,
    bouts,
    ringIds,
    planner: director,
  };
}
