// `npm run bench -w @tournament/sync-server` (after the API reads): the time to create a
// matchmaking draft of 600 competitors in 4 event types on PGlite (decision 017; goal under 200 ms),
// beside a floor measured in the same run: a bare query reading the same competitor rows and
// their entries. Median of several rounds; printed, never asserted.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import {
  competitorEvents,
  competitorLevels,
  competitors,
  draftDivisions,
  events,
  registrations,
  tournaments,
  users,
} from '../src/db/schema.ts';
import { seedReferenceData } from '../src/db/seed.ts';
import type { Deps } from '../src/deps.ts';
import { createDraft } from '../src/services/matchmaking/index.ts';

const COMPETITORS = 600;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);

const database = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL || undefined });
await migrate(database);
const db = database.db;
await seedReferenceData(db, new Date(), { starterRules: true });
// createDraft reads only the database and the clock.
const deps = { database, now: () => new Date() } as unknown as Deps;
const caller = { personId: 0, roles: ['TournamentDirector' as const], displayName: 'Bench' };

const [t] = await db.select().from(tournaments);
const levels = await db.select().from(competitorLevels);
const tournamentEvents = await db.select().from(events).where(eq(events.tournamentId, t!.id));
const [owner] = await db
  .insert(users)
  .values({ email: 'bench@example.test', firstName: 'Bench' })
  .returning();
caller.personId = owner!.id;
const year = Number(t!.tournamentDate.slice(0, 4));
// A deterministic spread of ages 5-50, both genders, every level, weights 20-100 kg, and
// 1 to 4 of the 4 event types each.
for (let family = 0; family < COMPETITORS / 10; family++) {
  const [reg] = await db
    .insert(registrations)
    .values({ ownerUserId: owner!.id, tournamentId: t!.id, isCompleted: true })
    .returning();
  const kids = await db
    .insert(competitors)
    .values(
      Array.from({ length: 10 }, (_, k) => {
        const i = family * 10 + k;
        return {
          registrationId: reg!.id,
          firstName: `Kid${i}`,
          lastName: `Family${family}`,
          dateOfBirth: `${year - 5 - ((i * 7) % 46)}-0${1 + (i % 9)}-1${i % 10}`,
          gender: 1 + (i % 2),
          competitorLevelId: levels[i % levels.length]!.id,
          weightKg: 20 + ((i * 13) % 80),
          school: `School ${i % 12}`,
          emergencyContactName: 'Sam',
          emergencyContactPhone: '7055550100',
          emergencyContactRelationship: 'Parent',
        };
      }),
    )
    .returning({ id: competitors.id });
  await db
    .insert(competitorEvents)
    .values(
      kids.flatMap((kid, k) =>
        tournamentEvents
          .slice(0, 1 + ((family + k) % tournamentEvents.length))
          .map((e) => ({ competitorId: kid.id, eventId: e.id })),
      ),
    );
}

async function floor() {
  const rows = await db
    .select()
    .from(competitors)
    .innerJoin(registrations, eq(registrations.id, competitors.registrationId))
    .where(and(eq(registrations.tournamentId, t!.id), eq(registrations.isCompleted, true)));
  await db
    .select()
    .from(competitorEvents)
    .where(
      inArray(
        competitorEvents.competitorId,
        rows.map((r) => r.competitors.id),
      ),
    );
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const time = async (fn: () => Promise<unknown>) => {
  const start = performance.now();
  await fn();
  return performance.now() - start;
};
const eventTypeIds = [...new Set(tournamentEvents.map((e) => e.eventTypeId))];
const draftTimes: number[] = [];
const floorTimes: number[] = [];
await createDraft(deps, caller, { tournamentId: t!.id, source: 'completed', eventTypeIds }); // warm-up
await floor();
for (let r = 0; r < ROUNDS; r++) {
  floorTimes.push(await time(floor));
  draftTimes.push(
    await time(() => createDraft(deps, caller, { tournamentId: t!.id, source: 'completed', eventTypeIds })),
  );
}
// The last draft's divisions, for the record.
const [lastDraft] = await db
  .select({ n: sql<number>`count(*)::int` })
  .from(draftDivisions)
  .where(eq(draftDivisions.draftId, sql`(select max(id) from matchmaking_drafts)`));
console.log(
  `matchmaking (${database.kind}): create a draft of ${COMPETITORS} competitors in ${eventTypeIds.length} event types ` +
    `(${lastDraft?.n ?? '?'} divisions): median ${median(draftTimes).toFixed(1)} ms over ${ROUNDS} rounds ` +
    `(goal < 200 ms); floor, a bare read of the same rows: ${median(floorTimes).toFixed(1)} ms`,
);
await database.close();
