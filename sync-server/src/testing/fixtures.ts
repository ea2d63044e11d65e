import type { CompetitorCreate } from '@tournament/shared';
import { competitors, registrations } from '../db/schema.ts';
import type { TestApp } from './harness.ts';

// Families the server tests build again and again: through the /api (competitorInput) or
// written straight into the database (insertFamily).

/** The level and events a competitor enters: ids of the test database's seeded rows. */
export interface CompetitorEntry {
  competitorLevelId: number;
  eventIds: number[];
}

/**
 * A competitor as POST /api/registration/competitor takes it: Maya Lee, born 2016-05-01,
 * with guardian consent; `over` changes any field.
 */
export function competitorInput(
  registrationId: number,
  entry: CompetitorEntry,
  over: Partial<CompetitorCreate> = {},
): CompetitorCreate {
  return {
    registrationId,
    firstName: 'Maya',
    lastName: 'Lee',
    dateOfBirth: '2016-05-01',
    gender: 2,
    competitorLevelId: entry.competitorLevelId,
    weightKg: null,
    school: 'Elliot Lake Karate',
    emergencyContactName: 'Sam Lee',
    emergencyContactPhone: '7055550100',
    emergencyContactRelationship: 'Parent',
    guardianConsent: true,
    eventIds: entry.eventIds,
    ...over,
  };
}

export interface FamilyRows {
  ownerUserId: number;
  tournamentId: number;
  competitorLevelId: number;
  /** How many competitors (named Kid1, Kid2, ...), or their first names. */
  competitors: number | string[];
  /** Whether the registration is complete (default true). */
  completed?: boolean;
}

/**
 * A registration and its competitors (the Lee children, born 2015-01-01) inserted straight
 * into the database, as the /api would have written them. Competitor ids in name order.
 */
export async function insertFamily(t: TestApp, family: FamilyRows) {
  const [registration] = await t.db
    .insert(registrations)
    .values({
      ownerUserId: family.ownerUserId,
      tournamentId: family.tournamentId,
      isCompleted: family.completed ?? true,
    })
    .returning();
  if (!registration) throw new Error('insertFamily: no registration');
  const names =
    typeof family.competitors === 'number'
      ? Array.from({ length: family.competitors }, (_, i) => `Kid${i + 1}`)
      : family.competitors;
  const kids = names.length
    ? await t.db
        .insert(competitors)
        .values(
          names.map((firstName) => ({
            registrationId: registration.id,
            firstName,
            lastName: 'Lee',
            dateOfBirth: '2015-01-01',
            gender: 1,
            competitorLevelId: family.competitorLevelId,
            emergencyContactName: 'Sam',
            emergencyContactPhone: '7055550100',
            emergencyContactRelationship: 'Parent',
          })),
        )
        .returning()
    : [];
  return { registrationId: registration.id, competitorIds: kids.map((k) => k.id) };
}
