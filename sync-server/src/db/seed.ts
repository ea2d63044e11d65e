import { sql } from 'drizzle-orm';
import { dayInZone, DEFAULT_TIME_ZONE, STARTER_RULES } from '@tournament/shared';
import type { Db } from './client.ts';
import {
  competitorLevels,
  divisionLevels,
  divisions,
  events,
  eventTypes,
  siteSettings,
  tournamentScheduleLines,
  tournaments,
} from './schema.ts';

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * First-start reference data. Runs once: it only acts while `site_settings` is empty,
 * inside one transaction, so a restart or a second server never seeds twice.
 * `starterRules` adds the starter division rules (decision 017): the server and the CLI ask for
 * them; server tests start without, as most of them write their own rules.
 */
export async function seedReferenceData(
  db: Db,
  now = new Date(),
  opts: { starterRules?: boolean } = {},
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727002)`);
    const existing = await tx.select({ id: siteSettings.id }).from(siteSettings).limit(1);
    if (existing.length > 0) return false;

    await tx.insert(siteSettings).values({
      siteName: 'Northern Ontario Martial Arts Championship',
      sitePrefix: 'NOMAC',
      siteEmail: 'info@nomac.example',
      siteUrl: 'https://nomac.example',
      venueName: 'Elliot Lake Secondary School',
      venueAddress: '295 Mississauga Ave, Elliot Lake, ON P5A 1E7',
      mapEmbedUrl:
        'https://www.openstreetmap.org/export/embed.html?bbox=-82.66%2C46.37%2C-82.62%2C46.40&layer=mapnik',
    });

    await tx.insert(eventTypes).values([
      {
        title: 'Forms',
        description: 'A solo routine of techniques (kata, poomsae, hyung), scored by a panel of judges.',
        decidedBy: 'judged',
        sortOrder: 1,
      },
      {
        title: 'Sparring',
        description:
          'Point sparring with protective equipment, in single-elimination brackets by age, rank and weight.',
        decidedBy: 'bracket',
        sortOrder: 2,
      },
      {
        title: 'Weapons',
        description:
          'A solo routine with a traditional weapon such as bo, sai or kama, scored by a panel of judges.',
        decidedBy: 'judged',
        sortOrder: 3,
      },
      {
        title: 'Self-Defense',
        description:
          'A demonstration of self-defense techniques against one or more partners, scored by judges.',
        decidedBy: 'judged',
        sortOrder: 4,
      },
    ]);

    await tx.insert(competitorLevels).values(
      (
        [
          ['Beginner', 'White to yellow belt, or under a year of training'],
          ['Intermediate', 'Orange to green belt, or one to three years'],
          ['Advanced', 'Blue to brown belt, or three years and more'],
          ['Black Belt', 'Any degree of black belt'],
        ] as const
      ).map(([name, description], i) => ({ name, description, sortOrder: i + 1 })),
    );

    if (opts.starterRules) await seedStarterRules(tx);

    // The next tournament: a Saturday about three months out, registration open from today
    // until a week before, so a fresh install shows the whole registration flow.
    let day = now.getTime() + 90 * DAY_MS;
    while (new Date(day).getUTCDay() !== 6) day += DAY_MS;
    const [t] = await tx
      .insert(tournaments)
      .values({
        tournamentDate: isoDay(day),
        // Today at the venue (a fresh install's zone is Ontario's): in UTC, after 19:00 in
        // Ontario it is already tomorrow, and a payment taken that evening fell before opening.
        registrationOpensOn: dayInZone(now, DEFAULT_TIME_ZONE),
        registrationClosesAfter: isoDay(day - 7 * DAY_MS),
        competitorOnlineCost: 45,
        competitorDoorCost: 60,
        spectatorCost: 10,
        lunchCost: 12,
        city: 'Elliot Lake',
        venue: 'Elliot Lake Secondary School',
        inPersonRegistrationTimes: '8:30AM to 10AM',
        blackBeltMeetingTime: '10:15AM',
        eliminationTime: '10:30AM',
      })
      .returning({ id: tournaments.id });
    if (!t) throw new Error('seed: tournament insert returned nothing');
    await tx.insert(tournamentScheduleLines).values([
      {
        tournamentId: t.id,
        sortOrder: 1,
        line1: 'In-person registration and check-in',
        line2: '8:30AM to 10AM',
      },
      { tournamentId: t.id, sortOrder: 2, line1: 'Black belt and judges meeting', line2: '10:15AM' },
      { tournamentId: t.id, sortOrder: 3, line1: 'Opening ceremony and eliminations', line2: '10:30AM' },
      {
        tournamentId: t.id,
        sortOrder: 4,
        line1: 'Forms, weapons and self-defense divisions',
        line2: '11:00AM',
      },
      { tournamentId: t.id, sortOrder: 5, line1: 'Sparring divisions', line2: '1:00PM' },
      { tournamentId: t.id, sortOrder: 6, line1: 'Grand Championship and awards', line2: '4:30PM' },
    ]);
    // One event per event type for the seeded tournament (what a competitor can enter);
    // sparring brackets go by weight.
    const types = await tx.select().from(eventTypes).orderBy(eventTypes.sortOrder);
    await tx.insert(events).values(
      types.map((type) => ({
        tournamentId: t.id,
        eventTypeId: type.id,
        name: type.title,
        sortOrder: type.sortOrder,
        requiresWeight: type.decidedBy === 'bracket',
      })),
    );
    return true;
  });
}

/**
 * Starter division rules (decision 017): the usual open-tournament age bands by gender and level
 * (shared STARTER_RULES), so matchmaking can begin before anyone writes a rule. Editable in
 * settings like any other rule.
 */
export async function seedStarterRules(tx: Pick<Db, 'select' | 'insert'>): Promise<void> {
  const levels = await tx.select().from(competitorLevels);
  const levelId = new Map(levels.map((l) => [l.name, l.id]));
  const rules = await tx
    .insert(divisions)
    .values(
      STARTER_RULES.map((r, i) => ({
        name: r.name,
        minAge: r.minAge,
        maxAge: r.maxAge,
        gender: r.gender,
        minSize: r.minSize,
        maxSize: r.maxSize,
        sortOrder: i + 1,
      })),
    )
    .returning({ id: divisions.id, sortOrder: divisions.sortOrder });
  const ruleLevels = rules.flatMap((row) =>
    (STARTER_RULES[row.sortOrder - 1]?.levels ?? []).map((name) => ({
      divisionId: row.id,
      competitorLevelId: levelId.get(name)!,
    })),
  );
  if (ruleLevels.length) await tx.insert(divisionLevels).values(ruleLevels);
}
