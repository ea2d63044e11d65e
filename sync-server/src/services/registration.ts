import { and, asc, eq } from 'drizzle-orm';
import {
  competitorRuleErrors,
  consentGivenAs,
  ContactInputSchema,
  isPlaceholderEmail,
  smsAddress,
  DIRECTOR_ROLES,
  hasAnyRole,
  isStaff,
  MAX_PASSES,
  REGISTRATION_MESSAGES,
  type Competitor,
  type CompetitorFields,
  type Contact,
  type ContactPreferences,
  type Registration,
  type RegistrationOptions,
  type Tournament,
  NOT_FOUND_TEXT,
  sentences,
} from '@tournament/shared';
import type { Tx } from '../db/client.ts';
import {
  competitorEvents,
  competitorLevels,
  competitors,
  events,
  eventTypes,
  registrationContacts,
  registrations,
  users,
} from '../db/schema.ts';
import type { Caller, Deps } from '../deps.ts';
import { DomainError, notFound } from '../lib/errors.ts';
import { writeAudit } from './audit.ts';
import { assertPrivacyPolicyAccepted, choiceChanges, recordConsents } from './consent.ts';
import { dropMatchdayReads } from './matchday-public.ts';
import { getSiteSettings } from './site-settings.ts';
import { staffReachesTournament } from './staff-reach.ts';
import { getNextTournament, listTournaments } from './tournaments.ts';
import {
  eventIdsOf,
  toCompetitor,
  toContact,
  toRegistrations,
  type RegistrationRow,
} from './registration-views.ts';

// Registrations (docs/product.md §3, §4 and §7; docs/design.md §5 and §6). A customer reaches
// only their own: anyone else's answers 404, exactly like one that does not exist, so
// nothing leaks. Staff reach all and may change a completed registration; its customer may not.

const NOT_FOUND = NOT_FOUND_TEXT;

async function tournamentsById(deps: Deps): Promise<Map<number, Tournament>> {
  return new Map((await listTournaments(deps)).map((t) => [t.id, t]));
}

async function requireTournament(deps: Deps, id: number): Promise<Tournament> {
  const t = (await tournamentsById(deps)).get(id);
  if (!t) throw notFound(NOT_FOUND);
  return t;
}

/** The registration row locked for the rest of `tx`, if the caller may reach it. */
async function lockRegistration(tx: Tx, caller: Caller, id: number): Promise<RegistrationRow> {
  const [row] = await tx.select().from(registrations).where(eq(registrations.id, id)).for('update');
  if (!row || (!isStaff(caller.roles) && row.ownerUserId !== caller.personId)) throw notFound(NOT_FOUND);
  return row;
}

/**
 * A customer changes only an incomplete registration, and only while registration is open.
 * A completed one only a director or super admin changes (decision 018: not a CheckInAdmin).
 */
function assertMayChange(caller: Caller, row: RegistrationRow, tournament: Tournament | undefined) {
  if (hasAnyRole(caller.roles, DIRECTOR_ROLES)) return;
  if (row.isCompleted) throw new DomainError('registration_completed', REGISTRATION_MESSAGES.completed, 409);
  if (isStaff(caller.roles)) return;
  if (!tournament?.isRegistrationOpen)
    throw new DomainError('registration_closed', REGISTRATION_MESSAGES.closed, 409);
}

async function touch(tx: Tx, id: number, now: Date) {
  await tx.update(registrations).set({ updatedAt: now }).where(eq(registrations.id, id));
}

/** Decision 018: another family's registration only within the staff member's reach (a CheckInAdmin: the next tournament). */
async function assertReach(deps: Deps, caller: Caller, row: RegistrationRow): Promise<void> {
  if (row.ownerUserId === caller.personId) return;
  if (!(await staffReachesTournament(deps, caller, row.tournamentId))) throw notFound(NOT_FOUND);
}

/** What the audit log keeps of a registration a staff member changed (decision 018). */
async function auditSummary(tx: Tx, id: number) {
  const [row] = await tx.select().from(registrations).where(eq(registrations.id, id));
  const kids = await tx
    .select({ id: competitors.id })
    .from(competitors)
    .where(eq(competitors.registrationId, id));
  return row
    ? {
        ownerUserId: row.ownerUserId,
        isCompleted: row.isCompleted,
        spectators: row.spectators,
        lunch: row.lunch,
        competitorIds: kids.map((k) => k.id),
      }
    : null;
}

/** A registration as the caller may see it, or 404. */
export async function getRegistration(deps: Deps, caller: Caller, id: number): Promise<Registration> {
  const db = deps.database.db;
  const [row] = await db.select().from(registrations).where(eq(registrations.id, id));
  if (!row || (!isStaff(caller.roles) && row.ownerUserId !== caller.personId)) throw notFound(NOT_FOUND);
  await assertReach(deps, caller, row);
  const [view] = await toRegistrations(deps, db, [row], await tournamentsById(deps));
  if (!view) throw notFound(NOT_FOUND);
  return view;
}

/** Runs `fn` on the locked registration, then answers it fresh. */
async function changeRegistration(
  deps: Deps,
  caller: Caller,
  id: number,
  fn: (tx: Tx, row: RegistrationRow, tournament: Tournament | undefined) => Promise<void>,
): Promise<void> {
  const byId = await tournamentsById(deps);
  await deps.database.db.transaction(async (tx) => {
    const row = await lockRegistration(tx, caller, id);
    await assertReach(deps, caller, row);
    const tournament = byId.get(row.tournamentId);
    assertMayChange(caller, row, tournament);
    // A staff member changing another family's registration is audited (decision 018).
    const audited = row.ownerUserId !== caller.personId;
    const before = audited ? await auditSummary(tx, id) : null;
    await fn(tx, row, tournament);
    await touch(tx, id, deps.now());
    if (audited) {
      const after = await auditSummary(tx, id);
      await writeAudit(
        tx,
        caller,
        { entity: 'registration', entityId: id, action: 'update', before, after },
        deps.now(),
      );
    }
  });
}

/**
 * POST /api/registration/create/{tournamentId}: the caller's incomplete registration for
 * that tournament if one exists (docs/product.md §4 "resumed if incomplete"), else a new one.
 */
export async function createRegistration(
  deps: Deps,
  caller: Caller,
  tournamentId: number,
): Promise<Registration> {
  const tournament = await requireTournament(deps, tournamentId);
  const existing = await findIncomplete(deps, caller, tournamentId);
  if (existing) return existing;
  if (!isStaff(caller.roles) && !tournament.isRegistrationOpen) {
    throw new DomainError('registration_closed', REGISTRATION_MESSAGES.closed, 409);
  }
  // The partial unique index keeps one incomplete registration per customer and
  // tournament even when two tabs create at once; the loser reads the winner's.
  const [made] = await deps.database.db
    .insert(registrations)
    .values({ ownerUserId: caller.personId, tournamentId, createdAt: deps.now(), updatedAt: deps.now() })
    .onConflictDoNothing()
    .returning({ id: registrations.id });
  if (made) await addFirstContact(deps, caller.personId, made.id);
  const created = await findIncomplete(deps, caller, tournamentId);
  if (!created) throw new Error('createRegistration: the new registration is missing');
  return created;
}

/**
 * A new registration's first contact is its account's name, e-mail and sign-up phone
 * (docs/decisions/047-family-notices.md): the notices go by contacts, and an empty list loses
 * them. Its choices stay unset (null is no) until the family makes them: the registration page
 * and the customer's home ask. Nothing for a guest, a placeholder e-mail, or an account whose
 * details would not make a valid contact.
 */
export function firstContactOf(account: {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  isGuest: boolean;
}) {
  if (account.isGuest || isPlaceholderEmail(account.email)) return null;
  const parsed = ContactInputSchema.safeParse({
    name: `${account.firstName} ${account.lastName}`.trim(),
    email: account.email,
    phoneNumber: smsAddress(account.phoneNumber),
  });
  return parsed.success ? parsed.data : null;
}

async function addFirstContact(deps: Deps, userId: number, registrationId: number): Promise<void> {
  const [account] = await deps.database.db.select().from(users).where(eq(users.id, userId));
  const contact = account ? firstContactOf(account) : null;
  if (!contact) return;
  await deps.database.db
    .insert(registrationContacts)
    .values({ ...contact, registrationId, sortOrder: 1, createdAt: deps.now() });
}

/** GET /api/registration/incomplete/{tournamentId}: the caller's own incomplete one, or null. */
export async function findIncomplete(
  deps: Deps,
  caller: Caller,
  tournamentId: number,
): Promise<Registration | null> {
  const db = deps.database.db;
  const rows = await db
    .select()
    .from(registrations)
    .where(
      and(
        eq(registrations.ownerUserId, caller.personId),
        eq(registrations.tournamentId, tournamentId),
        eq(registrations.isCompleted, false),
      ),
    )
    .limit(1);
  const [view] = await toRegistrations(deps, db, rows, await tournamentsById(deps));
  return view ?? null;
}

/**
 * GET /api/registration/getAll/{tournamentId}: the caller's own, staff included (decision 018:
 * the customer area is the staff member's own; acting for a family goes through "view as").
 */
export async function listRegistrations(
  deps: Deps,
  caller: Caller,
  tournamentId: number,
): Promise<Registration[]> {
  const db = deps.database.db;
  const rows = await db
    .select()
    .from(registrations)
    .where(and(eq(registrations.tournamentId, tournamentId), eq(registrations.ownerUserId, caller.personId)))
    .orderBy(asc(registrations.id));
  return toRegistrations(deps, db, rows, await tournamentsById(deps));
}

/** GET /api/registration/has-completed: whether the caller completed one for the next tournament. */
export async function hasCompleted(deps: Deps, caller: Caller): Promise<boolean> {
  const next = await getNextTournament(deps);
  if (!next) return false;
  const rows = await deps.database.db
    .select({ id: registrations.id })
    .from(registrations)
    .where(
      and(
        eq(registrations.ownerUserId, caller.personId),
        eq(registrations.tournamentId, next.id),
        eq(registrations.isCompleted, true),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** GET /api/registration/options/{tournamentId}: the events offered and the competitor levels. */
export async function registrationOptions(deps: Deps, tournamentId: number): Promise<RegistrationOptions> {
  await requireTournament(deps, tournamentId);
  const db = deps.database.db;
  const [eventRows, levels] = await Promise.all([
    db
      .select({
        id: events.id,
        name: events.name,
        eventTypeId: events.eventTypeId,
        eventTypeTitle: eventTypes.title,
        requiresWeight: events.requiresWeight,
      })
      .from(events)
      .innerJoin(eventTypes, eq(eventTypes.id, events.eventTypeId))
      .where(eq(events.tournamentId, tournamentId))
      .orderBy(asc(events.sortOrder), asc(events.id)),
    db
      .select({
        id: competitorLevels.id,
        name: competitorLevels.name,
        description: competitorLevels.description,
      })
      .from(competitorLevels)
      .orderBy(asc(competitorLevels.sortOrder), asc(competitorLevels.id)),
  ]);
  return { events: eventRows, competitorLevels: levels, cardPayments: deps.config.stripe !== undefined };
}

/** Checked before the write transaction: PGlite has one connection, so no reads outside it meanwhile. */
async function assertCompetitorRules(deps: Deps, tournamentId: number, c: CompetitorFields) {
  const tournament = (await tournamentsById(deps)).get(tournamentId);
  if (!tournament) throw notFound(NOT_FOUND);
  const options = await registrationOptions(deps, tournament.id);
  const errors = competitorRuleErrors(c, {
    tournamentDate: tournament.tournamentDate,
    events: options.events,
    competitorLevelIds: options.competitorLevels.map((l) => l.id),
  });
  if (Object.keys(errors).length > 0) {
    throw new DomainError('invalid_competitor', sentences(Object.values(errors)), 400, errors);
  }
}

/** The columns of a competitor row that come from what was entered (the form or a walk-in). */
export function competitorValues(c: Omit<CompetitorFields, 'registrationId'>) {
  return {
    firstName: c.firstName,
    lastName: c.lastName,
    dateOfBirth: c.dateOfBirth,
    gender: c.gender,
    competitorLevelId: c.competitorLevelId,
    weightKg: c.weightKg,
    school: c.school,
    emergencyContactName: c.emergencyContactName,
    emergencyContactPhone: c.emergencyContactPhone,
    emergencyContactRelationship: c.emergencyContactRelationship,
    guardianConsent: c.guardianConsent,
    // Absent (not asked): the column's default on a new row, unchanged on an edit.
    publishName: c.publishName,
    photosAllowed: c.photosAllowed,
  };
}

async function answerCompetitor(deps: Deps, tx: Tx, id: number, tournament: Tournament | undefined) {
  const [row] = await tx.select().from(competitors).where(eq(competitors.id, id));
  if (!row) throw notFound(NOT_FOUND);
  const ids = await eventIdsOf(tx, [id]);
  return toCompetitor(row, ids.get(id) ?? [], tournament?.tournamentDate);
}

/** POST /api/registration/competitor. */
export async function addCompetitor(deps: Deps, caller: Caller, c: CompetitorFields): Promise<Competitor> {
  const registration = await getRegistration(deps, caller, c.registrationId);
  await assertCompetitorRules(deps, registration.tournamentId, c);
  await assertPrivacyPolicyAccepted(deps, caller);
  let out: Competitor | undefined;
  await changeRegistration(deps, caller, c.registrationId, async (tx, _row, tournament) => {
    const [created] = await tx
      .insert(competitors)
      .values({
        registrationId: c.registrationId,
        ...competitorValues(c),
        createdAt: deps.now(),
        updatedAt: deps.now(),
      })
      .returning({ id: competitors.id });
    if (!created) throw new Error('addCompetitor: insert returned nothing');
    await tx
      .insert(competitorEvents)
      .values(c.eventIds.map((eventId) => ({ competitorId: created.id, eventId })));
    // Decision 043: the consent to take part and the two choices, as the account gave them.
    await recordConsents(
      tx,
      caller,
      created.id,
      consentGivenAs(c.dateOfBirth, tournament?.tournamentDate ?? ''),
      [
        { kind: 'participation', given: true },
        ...choiceChanges(undefined, {
          publishName: c.publishName ?? false,
          photosAllowed: c.photosAllowed ?? false,
        }),
      ],
      deps.now(),
    );
    out = await answerCompetitor(deps, tx, created.id, tournament);
  });
  if (!out) throw new Error('addCompetitor: no answer');
  return out;
}

/** The registration a competitor belongs to, if the caller may reach it (else 404). */
async function registrationOfCompetitor(deps: Deps, caller: Caller, competitorId: number): Promise<number> {
  const [row] = await deps.database.db
    .select({ registrationId: competitors.registrationId, ownerUserId: registrations.ownerUserId })
    .from(competitors)
    .innerJoin(registrations, eq(registrations.id, competitors.registrationId))
    .where(eq(competitors.id, competitorId));
  if (!row || (!isStaff(caller.roles) && row.ownerUserId !== caller.personId)) throw notFound(NOT_FOUND);
  return row.registrationId;
}

/** GET /api/registration/competitor/{id}. */
export async function getCompetitor(deps: Deps, caller: Caller, id: number): Promise<Competitor> {
  const registrationId = await registrationOfCompetitor(deps, caller, id);
  const registration = await getRegistration(deps, caller, registrationId);
  const found = registration.competitors.find((c) => c.id === id);
  if (!found) throw notFound(NOT_FOUND);
  return found;
}

/** PUT /api/registration/competitor: a competitor stays in its registration. */
export async function updateCompetitor(
  deps: Deps,
  caller: Caller,
  c: CompetitorFields & { id: number },
): Promise<Competitor> {
  const registrationId = await registrationOfCompetitor(deps, caller, c.id);
  if (registrationId !== c.registrationId) throw notFound(NOT_FOUND);
  const registration = await getRegistration(deps, caller, registrationId);
  await assertCompetitorRules(deps, registration.tournamentId, c);
  let out: Competitor | undefined;
  let namingChanged = false;
  await changeRegistration(deps, caller, registrationId, async (tx, _row, tournament) => {
    const [before] = await tx.select().from(competitors).where(eq(competitors.id, c.id));
    const changes = choiceChanges(before, c);
    namingChanged = changes.some((x) => x.kind === 'publish_name');
    await recordConsents(
      tx,
      caller,
      c.id,
      consentGivenAs(c.dateOfBirth, tournament?.tournamentDate ?? ''),
      changes,
      deps.now(),
    );
    await tx
      .update(competitors)
      .set({ ...competitorValues(c), updatedAt: deps.now() })
      .where(eq(competitors.id, c.id));
    await tx.delete(competitorEvents).where(eq(competitorEvents.competitorId, c.id));
    await tx.insert(competitorEvents).values(c.eventIds.map((eventId) => ({ competitorId: c.id, eventId })));
    out = await answerCompetitor(deps, tx, c.id, tournament);
  });
  if (!out) throw new Error('updateCompetitor: no answer');
  if (namingChanged) await dropMatchdayReads(deps, registration.tournamentId);
  return out;
}

/** DELETE /api/registration/competitor/{id}: answers the registration without it. */
export async function deleteCompetitor(deps: Deps, caller: Caller, id: number): Promise<Registration> {
  const registrationId = await registrationOfCompetitor(deps, caller, id);
  await changeRegistration(deps, caller, registrationId, async (tx) => {
    await tx.delete(competitors).where(eq(competitors.id, id));
  });
  return getRegistration(deps, caller, registrationId);
}

export type PassKind = 'spectator' | 'lunch';

/** POST/DELETE /api/registration/{spectator|lunch}/{id}: one more or one fewer; answers the new count. */
export async function changePasses(
  deps: Deps,
  caller: Caller,
  registrationId: number,
  kind: PassKind,
  delta: 1 | -1,
): Promise<number> {
  if (kind === 'lunch' && delta > 0 && !(await getSiteSettings(deps)).flags.SellLunchTickets) {
    throw new DomainError('lunch_not_on_sale', REGISTRATION_MESSAGES.lunchNotOnSale, 409);
  }
  let count = 0;
  await changeRegistration(deps, caller, registrationId, async (tx, row) => {
    const current = kind === 'spectator' ? row.spectators : row.lunch;
    if (delta < 0 && current <= 0) {
      throw new DomainError(
        'nothing_to_remove',
        kind === 'spectator'
          ? REGISTRATION_MESSAGES.noSpectatorToRemove
          : REGISTRATION_MESSAGES.noLunchToRemove,
        409,
      );
    }
    if (delta > 0 && current >= MAX_PASSES) {
      throw new DomainError('too_many', REGISTRATION_MESSAGES.tooManyPasses(MAX_PASSES), 409);
    }
    count = current + delta;
    await tx
      .update(registrations)
      .set(kind === 'spectator' ? { spectators: count } : { lunch: count })
      .where(eq(registrations.id, registrationId));
  });
  return count;
}

/** PUT /api/registration/contacts/{id}: replaces the registration's contacts. */
export async function replaceContacts(
  deps: Deps,
  caller: Caller,
  registrationId: number,
  contacts: {
    name: string;
    email: string;
    phoneNumber: string | null;
    agreedToSmsDivisionNotifications: boolean | null;
    agreedToEmailDivisionNotifications: boolean | null;
  }[],
): Promise<Contact[]> {
  await changeRegistration(deps, caller, registrationId, async (tx) => {
    await tx.delete(registrationContacts).where(eq(registrationContacts.registrationId, registrationId));
    if (contacts.length > 0) {
      await tx
        .insert(registrationContacts)
        .values(contacts.map((c, i) => ({ ...c, registrationId, sortOrder: i + 1, createdAt: deps.now() })));
    }
  });
  return (await getRegistration(deps, caller, registrationId)).contacts;
}

/**
 * PUT /api/registration/contact-preferences/{contactId}: notification choices stay
 * changeable after completion (they are not part of what was bought).
 */
export async function setContactPreferences(
  deps: Deps,
  caller: Caller,
  contactId: number,
  prefs: ContactPreferences,
): Promise<Contact> {
  const db = deps.database.db;
  const [row] = await db
    .select({
      contact: registrationContacts,
      ownerUserId: registrations.ownerUserId,
      tournamentId: registrations.tournamentId,
    })
    .from(registrationContacts)
    .innerJoin(registrations, eq(registrations.id, registrationContacts.registrationId))
    .where(eq(registrationContacts.id, contactId));
  if (!row || (!isStaff(caller.roles) && row.ownerUserId !== caller.personId)) throw notFound(NOT_FOUND);
  if (row.ownerUserId !== caller.personId && !(await staffReachesTournament(deps, caller, row.tournamentId)))
    throw notFound(NOT_FOUND);
  const [updated] = await db
    .update(registrationContacts)
    .set({ ...prefs, updatedAt: deps.now() })
    .where(eq(registrationContacts.id, contactId))
    .returning();
  if (!updated) throw notFound(NOT_FOUND);
  return toContact(updated);
}

/** Rows of the given registrations locked for a payment transaction. */
export async function lockRegistrationForPayment(
  tx: Tx,
  caller: Caller | null,
  id: number,
): Promise<RegistrationRow> {
  if (caller) return lockRegistration(tx, caller, id);
  const [row] = await tx.select().from(registrations).where(eq(registrations.id, id)).for('update');
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

export { assertMayChange, tournamentsById, NOT_FOUND };
