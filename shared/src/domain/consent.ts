import { z } from 'zod';
import { msg } from '../i18n/message-ref.ts';
import { ADULT_AGE, ageOn } from './competitor.ts';
import { publicName } from './matchday/points.ts';
import { MAX_ID } from './validation.ts';

// Consent per child (docs/decisions/043-consent-and-public-names.md): what a family agreed to,
// under which version of the privacy policy, and the one rule that decides how a competitor is
// named wherever the public can read it (results, leaderboard, TVs).

/**
 * The privacy policy in force: the page shows "Version N, date", every consent record keeps the
 * version, and a family that accepted an earlier one is asked to accept this one before it
 * registers again. Raise the version (and the date) whenever the policy's text changes.
 */
export const PRIVACY_POLICY = { version: 2, date: '2026-11-27' } as const;

export const CONSENT_KINDS = ['participation', 'publish_name', 'photos', 'privacy_policy'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];
/** A guardian consents for a minor; a competitor 18 or older on tournament day for themselves. */
export type ConsentGivenAs = 'guardian' | 'self';

export const CONSENT_MESSAGES = {
  /** `version` and `date`: the policy to accept. */
  policyChanged: msg('consent.policyChanged', {
    version: PRIVACY_POLICY.version,
    date: PRIVACY_POLICY.date,
  }),
  staleVersion: msg('consent.staleVersion'),
} as const;

/** Who gives consent for a competitor: themselves from 18 on tournament day, else a guardian. */
export function consentGivenAs(dateOfBirth: string, tournamentDate: string): ConsentGivenAs {
  const age = ageOn(dateOfBirth, tournamentDate);
  return age !== undefined && age >= ADULT_AGE ? 'self' : 'guardian';
}

/**
 * Whether an account must accept the current policy before registering: it accepted an earlier
 * version (`acceptedVersion`, the newest version of its consent records) and not this one. An
 * account with no record yet accepts the current version with its first competitor's consent.
 */
export function mustAcceptPrivacyPolicy(acceptedVersion: number | null): boolean {
  return acceptedVersion !== null && acceptedVersion < PRIVACY_POLICY.version;
}

export interface PublicNaming {
  /** The competitor's id: the stable number of "Competitor 12". */
  id: number;
  firstName: string;
  lastName: string;
  /** The family's choice: show the name on public results and TVs. */
  publishName: boolean;
  /** The family deleted its account (decision 046): "Former competitor", whatever the choice was. */
  erased?: boolean;
}

/**
 * How a competitor appears wherever the public reads: "Sam K." (first name, last initial) when
 * the family allowed it, else "Competitor 12" (a message reference, translated for the reader),
 * the same number on every division and leaderboard row. Staff screens show names as before.
 */
export function publicCompetitorName(c: PublicNaming): string {
  if (c.erased) return msg('public.results.formerCompetitor');
  return c.publishName
    ? publicName(c.firstName, c.lastName)
    : msg('public.results.competitorNumber', { number: c.id });
}

/** The two choices a family makes for each competitor (PUT .../competitor/{id}/choices). */
export const PublicationChoicesSchema = z.object({
  publishName: z.boolean(),
  photosAllowed: z.boolean(),
});
export type PublicationChoices = z.infer<typeof PublicationChoicesSchema>;

/** POST /api/users/privacy-policy: the version the family read and accepts. */
export const PrivacyAcceptanceSchema = z.object({ version: z.number().int().positive().max(MAX_ID) });

/** GET /api/users/privacy-policy: the policy in force and whether the caller must accept it. */
export const PrivacyStatusSchema = z.object({
  version: z.number().int(),
  date: z.string(),
  acceptedVersion: z.number().int().nullable(),
  mustAccept: z.boolean(),
});
export type PrivacyStatus = z.infer<typeof PrivacyStatusSchema>;
