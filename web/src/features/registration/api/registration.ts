import { PUBLIC_API } from '@shared/contract/public.ts';
import {
  REGISTRATION_API as R,
  type CompetitorCreate,
  type CompetitorUpdate,
  type ContactInput,
  type ContactPreferences,
  type PaymentChoice,
  type Registration,
  type RegistrationOptions,
} from '@shared/contract/registration.ts';
import { USER_API } from '@shared/contract/users.ts';
import type { PublicationChoices } from '@shared/domain/consent.ts';
import { api } from '@web/lib/api-client.ts';
import { invalidateQueries, refreshQueries, setQueryData, useQuery } from '@web/lib/use-query.ts';

// The /api/registration calls of docs/product.md §7 (and the few docs/design.md adds), as fetchers and hooks.

const KEY = 'registration:';

export const fetchTournaments = () => api.call(PUBLIC_API.tournaments);
export const createRegistration = (tournamentId: number) => api.call(R.create, { params: { tournamentId } });
export const fetchRegistration = (id: number) => api.call(R.get, { params: { id } });
export const fetchRegistrations = (tournamentId: number) => api.call(R.getAll, { params: { tournamentId } });
export const fetchIncomplete = (tournamentId: number) => api.call(R.incomplete, { params: { tournamentId } });
export const addCompetitor = (c: CompetitorCreate) => api.call(R.addCompetitor, { body: c });
export const updateCompetitor = (c: CompetitorUpdate) => api.call(R.updateCompetitor, { body: c });
export const deleteCompetitor = (id: number) => api.call(R.deleteCompetitor, { params: { id } });
export const changePasses = (kind: 'spectator' | 'lunch', registrationId: number, add: boolean) =>
  add
    ? api.call(kind === 'spectator' ? R.addSpectator : R.addLunch, { params: { registrationId } })
    : api.call(kind === 'spectator' ? R.removeSpectator : R.removeLunch, { params: { registrationId } });
export const saveContacts = (registrationId: number, contacts: ContactInput[]) =>
  api.call(R.contacts, { params: { registrationId }, body: { contacts } });
export const saveContactPreferences = (contactId: number, prefs: ContactPreferences) =>
  api.call(R.contactPreferences, { params: { contactId }, body: prefs });
/** Decision 043: the family changes a competitor's two choices, at any time. */
export const saveCompetitorChoices = (id: number, choices: PublicationChoices) =>
  api.call(R.competitorChoices, { params: { id }, body: choices });
export const acceptPrivacyPolicy = (version: number) =>
  api.call(USER_API.acceptPrivacyPolicy, { body: { version } });
export function usePrivacyStatus() {
  return useQuery(`${KEY}privacy`, () => api.call(USER_API.privacyPolicy));
}
export const checkout = (registrationId: number, payment: PaymentChoice) =>
  api.call(R.checkout, { params: { registrationId }, query: { payment } });

export function useTournaments() {
  return useQuery('tournaments', fetchTournaments);
}
export function useRegistration(id: number) {
  return useQuery(`${KEY}${id}`, () => fetchRegistration(id));
}
export function useRegistrations(tournamentId: number | undefined) {
  return useQuery(`${KEY}all:${tournamentId ?? 'none'}`, () =>
    tournamentId === undefined ? Promise.resolve([] as Registration[]) : fetchRegistrations(tournamentId),
  );
}
export function useRegistrationOptions(tournamentId: number | undefined) {
  return useQuery(`${KEY}options:${tournamentId ?? 'none'}`, () =>
    tournamentId === undefined
      ? Promise.resolve<RegistrationOptions>({ events: [], competitorLevels: [] })
      : api.call(R.options, { params: { tournamentId } }),
  );
}
export function useReceipt(registrationId: number) {
  return useQuery(`${KEY}receipt:${registrationId}`, () =>
    api.call(R.receipt, { params: { registrationId } }),
  );
}

/** After any change: registrations, lists and receipts fetch again. */
export function invalidateRegistrations(): void {
  invalidateQueries(KEY);
}

/**
 * After a change made on the page itself (a pass added, contacts saved): the registration and
 * lists are read again while the page keeps showing what it has (no spinner, no jump).
 */
export function refreshRegistrations(): void {
  refreshQueries(KEY);
}

/** Shows a count the server just answered at once, before the refreshed registration arrives. */
export function showPassCount(registrationId: number, kind: 'spectator' | 'lunch', count: number): void {
  setQueryData<Registration>(`${KEY}${registrationId}`, (r) =>
    r ? { ...r, [kind === 'spectator' ? 'spectators' : 'lunch']: count } : r,
  );
}

/** Read again every minute (estimated times move through the day). A family's competitors' divisions, rings and estimated starts (decision 022); a failure shows nothing. */
export { useFamilySchedule as useSchedule } from '@web/lib/family-schedule.ts';

/** Shows a registration the server just answered (a competitor deleted) without reading it again. */
export function setRegistration(id: number, registration: Registration): void {
  setQueryData<Registration>(`${KEY}${id}`, () => registration);
}
