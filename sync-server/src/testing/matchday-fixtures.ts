import { asc, eq } from 'drizzle-orm';
import { seedStarterRules } from '../db/seed.ts';
import {
  competitorEvents,
  competitorLevels,
  competitors,
  events,
  eventTypes,
  registrations,
  ringDivisions,
  tournaments,
} from '../db/schema.ts';
import type { TestApp } from './harness.ts';
import { english } from './english.ts';

// Matchday tests (decision 021) need published divisions: families written straight into the
// database, then a draft made and published through the director's /api, as a director would.

export interface MatchdayKid {
  first: string;
  last?: string;
  age: number;
  gender: 1 | 2;
  level: string;
  /** Event type titles entered (Forms, Sparring, Weapons, Self-Defense). */
  types: string[];
  weight?: number;
  school?: string;
  /** The family's choice to show the name on public results (decision 043); yes unless said. */
  publishName?: boolean;
}

export interface MatchdayWorld {
  tournamentId: number;
  tournamentYear: number;
  type: Map<string, number>;
  /** Adds one completed registration of `ownerUserId` holding these competitors; answers their ids. */
  addFamily(
    ownerUserId: number,
    kids: MatchdayKid[],
  ): Promise<{ registrationId: number; competitorIds: number[] }>;
  /** Publishes `draftId`, or a new draft of every event type (confirming a later publication). */
  publish(directorToken: string, draftId?: number): Promise<{ draftId: number }>;
  /** The ring divisions of the tournament, by title (its English text). */
  divisions(): Promise<Map<string, typeof ringDivisions.$inferSelect>>;
}

export async function matchdayWorld(t: TestApp, tournamentId: number): Promise<MatchdayWorld> {
  await seedStarterRules(t.db);
  const [tour] = await t.db.select().from(tournaments).where(eq(tournaments.id, tournamentId));
  if (!tour) throw new Error('matchdayWorld: no such tournament');
  const tournamentYear = Number(tour.tournamentDate.slice(0, 4));
  const level = new Map((await t.db.select().from(competitorLevels)).map((l) => [l.name, l.id]));
  const type = new Map((await t.db.select().from(eventTypes)).map((e) => [e.title, e.id]));
  const eventOf = new Map<number, number>();
  for (const e of await t.db.select().from(events).where(eq(events.tournamentId, tournamentId)))
    eventOf.set(e.eventTypeId, e.id);
  let published = false;

  return {
    tournamentId,
    tournamentYear,
    type,
    async addFamily(ownerUserId, kids) {
      const [reg] = await t.db
        .insert(registrations)
        .values({ ownerUserId, tournamentId, isCompleted: true })
        .returning();
      const competitorIds: number[] = [];
      for (const k of kids) {
        const [c] = await t.db
          .insert(competitors)
          .values({
            registrationId: reg!.id,
            firstName: k.first,
            lastName: k.last ?? 'Test',
            dateOfBirth: `${tournamentYear - k.age}-01-01`,
            gender: k.gender,
            competitorLevelId: level.get(k.level)!,
            weightKg: k.weight ?? null,
            school: k.school ?? 'North Dojo',
            emergencyContactName: 'Sam',
            emergencyContactPhone: '7055550100',
            emergencyContactRelationship: 'Parent',
            publishName: k.publishName ?? true,
          })
          .returning();
        await t.db
          .insert(competitorEvents)
          .values(k.types.map((title) => ({ competitorId: c!.id, eventId: eventOf.get(type.get(title)!)! })));
        competitorIds.push(c!.id);
      }
      return { registrationId: reg!.id, competitorIds };
    },
    async publish(directorToken, existing) {
      let draftId = existing;
      if (draftId === undefined) {
        const made = await t.call(
          'POST',
          '/api/admin/matchmaking/drafts',
          { tournamentId, source: 'completed', eventTypeIds: [...type.values()] },
          directorToken,
        );
        if (made.status !== 201) throw new Error(`draft: ${made.status} ${made.text}`);
        draftId = made.json.draftId as number;
      }
      const res = await t.call(
        'POST',
        `/api/admin/matchmaking/drafts/${draftId}/publish`,
        published ? { confirm: true } : {},
        directorToken,
      );
      if (res.status !== 200) throw new Error(`publish: ${res.status} ${res.text}`);
      published = true;
      return { draftId };
    },
    async divisions() {
      const rows = await t.db
        .select()
        .from(ringDivisions)
        .where(eq(ringDivisions.tournamentId, tournamentId))
        .orderBy(asc(ringDivisions.id));
      return new Map(rows.map((r) => [english(r.title), r]));
    },
  };
}
