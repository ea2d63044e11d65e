import { eq, max } from 'drizzle-orm';
import {
  CONSENT_MESSAGES,
  consentGivenAs,
  isStaff,
  mustAcceptPrivacyPolicy,
  NOT_FOUND_TEXT,
  PRIVACY_POLICY,
  type ConsentGivenAs,
  type ConsentKind,
  type Competitor,
  type PrivacyStatus,
  type PublicationChoices,
} from '@tournament/shared';
import type { Db, Tx } from '../db/client.ts';
import { competitors, consentRecords, registrations } from '../db/schema.ts';
import type { Caller, Deps } from '../deps.ts';
import { DomainError, notFound } from '../lib/errors.ts';
import { dropMatchdayReads } from './matchday-public.ts';
import { eventIdsOf, toCompetitor } from './registration-views.ts';
import { listTournaments } from './tournaments.ts';

// Consent per child (docs/decisions/043-consent-and-public-names.md). Every consent given or
// withdrawn is a new consent_records row (who, when, under which policy version, as guardian or
// as the competitor themselves); the competitor row keeps the current choices, which the public
// reads (results, leaderboard) and the division sheets and check-in read.

/** The newest policy version the account's consent records carry, or null for none yet. */
export async function acceptedPolicyVersion(db: Db | Tx, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ version: max(consentRecords.policyVersion) })
    .from(consentRecords)
    .where(eq(consentRecords.userId, userId));
  return row?.version ?? null;
}

/**
 * A family that accepted an earlier privacy policy accepts the current one before registering
 * another competitor (409). Staff registering for a family at the desk are not asked.
 */
export async function assertPrivacyPolicyAccepted(deps: Deps, caller: Caller): Promise<void> {
  if (isStaff(caller.roles)) return;
  if (mustAcceptPrivacyPolicy(await acceptedPolicyVersion(deps.database.db, caller.personId))) {
    throw new DomainError('privacy_policy_changed', CONSENT_MESSAGES.policyChanged, 409);
  }
}

/** GET /api/users/privacy-policy. */
export async function privacyStatus(deps: Deps, caller: Caller): Promise<PrivacyStatus> {
  const acceptedVersion = await acceptedPolicyVersion(deps.database.db, caller.personId);
  return {
    version: PRIVACY_POLICY.version,
    date: PRIVACY_POLICY.date,
    acceptedVersion,
    mustAccept: mustAcceptPrivacyPolicy(acceptedVersion),
  };
}

/** POST /api/users/privacy-policy: the caller accepts the version they read (the current one). */
export async function acceptPrivacyPolicy(
  deps: Deps,
  caller: Caller,
  version: number,
): Promise<PrivacyStatus> {
  if (version !== PRIVACY_POLICY.version) {
    throw new DomainError('stale_privacy_policy', CONSENT_MESSAGES.staleVersion, 409);
  }
  await deps.database.db.insert(consentRecords).values({
    userId: caller.personId,
    competitorId: null,
    kind: 'privacy_policy',
    given: true,
    givenAs: null,
    policyVersion: PRIVACY_POLICY.version,
    givenAt: deps.now(),
  });
  return privacyStatus(deps, caller);
}

export interface ConsentChange {
  kind: Exclude<ConsentKind, 'privacy_policy'>;
  given: boolean;
}

/** Writes one record per change, given by the signed-in account now, under the current policy. */
export async function recordConsents(
  tx: Tx,
  caller: Caller,
  competitorId: number,
  givenAs: ConsentGivenAs,
  changes: readonly ConsentChange[],
  now: Date,
): Promise<void> {
  if (changes.length === 0) return;
  await tx.insert(consentRecords).values(
    changes.map((c) => ({
      userId: caller.personId,
      competitorId,
      kind: c.kind,
      given: c.given,
      givenAs,
      policyVersion: PRIVACY_POLICY.version,
      givenAt: now,
    })),
  );
}

/** The publication choices that differ from `before` (all of them for a new competitor). */
export function choiceChanges(
  before: PublicationChoices | undefined,
  after: Partial<PublicationChoices>,
): ConsentChange[] {
  const out: ConsentChange[] = [];
  if (after.publishName !== undefined && after.publishName !== before?.publishName)
    out.push({ kind: 'publish_name', given: after.publishName });
  if (after.photosAllowed !== undefined && after.photosAllowed !== before?.photosAllowed)
    out.push({ kind: 'photos', given: after.photosAllowed });
  return out;
}

/**
 * PUT /api/registration/competitor/{id}/choices: the family changes a competitor's two choices
 * at any time, also once the registration is completed or closed. Only the registration's
 * owner (or a director viewing as them) gives or withdraws consent: anyone else gets 404.
 */
export async function setPublicationChoices(
  deps: Deps,
  caller: Caller,
  competitorId: number,
  choices: PublicationChoices,
): Promise<Competitor> {
  const byId = new Map((await listTournaments(deps)).map((t) => [t.id, t]));
  let tournamentId = 0;
  let changed = false;
  const answer = await deps.database.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        competitor: competitors,
        ownerUserId: registrations.ownerUserId,
        tournamentId: registrations.tournamentId,
      })
      .from(competitors)
      .innerJoin(registrations, eq(registrations.id, competitors.registrationId))
      .where(eq(competitors.id, competitorId))
      .for('update', { of: competitors });
    if (!row || row.ownerUserId !== caller.personId) throw notFound(NOT_FOUND_TEXT);
    tournamentId = row.tournamentId;
    const tournamentDate = byId.get(row.tournamentId)?.tournamentDate;
    const changes = choiceChanges(row.competitor, choices);
    changed = changes.length > 0;
    if (changed) {
      await tx
        .update(competitors)
        .set({
          publishName: choices.publishName,
          photosAllowed: choices.photosAllowed,
          updatedAt: deps.now(),
        })
        .where(eq(competitors.id, competitorId));
      const givenAs = tournamentDate
        ? consentGivenAs(row.competitor.dateOfBirth, tournamentDate)
        : 'guardian';
      await recordConsents(tx, caller, competitorId, givenAs, changes, deps.now());
    }
    const [fresh] = await tx.select().from(competitors).where(eq(competitors.id, competitorId));
    if (!fresh) throw notFound(NOT_FOUND_TEXT);
    const ids = await eventIdsOf(tx, [competitorId]);
    return toCompetitor(fresh, ids.get(competitorId) ?? [], tournamentDate);
  });
  // The public results name the child, or stop naming them, from the next read on.
  if (changed) await dropMatchdayReads(deps, tournamentId);
  return answer;
}
