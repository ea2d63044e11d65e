import { useEffect } from 'react';
import { PUBLIC_PATHS, TournamentListSchema } from '@shared/contract/public.ts';
import {
  CheckoutResultSchema,
  CompetitorSchema,
  ContactListSchema,
  ContactSchema,
  IncompleteRegistrationSchema,
  PassCountSchema,
  ReceiptWithQrSchema,
  REGISTRATION_PATHS as P,
  RegistrationListSchema,
  RegistrationOptionsSchema,
  RegistrationSchema,
  type CompetitorCreate,
  type CompetitorUpdate,
  type ContactInput,
  type ContactPreferences,
  type PaymentChoice,
  type Registration,
  type RegistrationOptions,
} from '@shared/contract/registration.ts';
import {
  CompetitorScheduleSchema,
  MATCHDAY_PATHS,
  type CompetitorScheduleEntry,
} from '@shared/contract/matchday.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateQueries, refreshQueries, setQueryData, useQuery } from '../../../lib/use-query.ts';

// The /api/registration calls of docs/product.md §7 (and the few docs/design.md adds), as fetchers and hooks.

const KEY = 'registration:';

export const fetchTournaments = () => api.get(PUBLIC_PATHS.tournaments, TournamentListSchema);
export const createRegistration = (tournamentId: number) =>
  api.post(P.create(tournamentId), undefined, RegistrationSchema);
export const fetchRegistration = (id: number) => api.get(P.get(id), RegistrationSchema);
export const fetchRegistrations = (tournamentId: number) =>
  api.get(P.getAll(tournamentId), RegistrationListSchema);
export const fetchIncomplete = (tournamentId: number) =>
  api.get(P.incomplete(tournamentId), IncompleteRegistrationSchema);
export const addCompetitor = (c: CompetitorCreate) => api.post(P.competitors, c, CompetitorSchema);
export const updateCompetitor = (c: CompetitorUpdate) => api.put(P.competitors, c, CompetitorSchema);
export const deleteCompetitor = (id: number) => api.del(P.competitor(id), undefined, RegistrationSchema);
export const changePasses = (kind: 'spectator' | 'lunch', registrationId: number, add: boolean) =>
  add
    ? api.post(P.passes(kind, registrationId), undefined, PassCountSchema)
    : api.del(P.passes(kind, registrationId), undefined, PassCountSchema);
export const saveContacts = (registrationId: number, contacts: ContactInput[]) =>
  api.put(P.contacts(registrationId), { contacts }, ContactListSchema);
export const saveContactPreferences = (contactId: number, prefs: ContactPreferences) =>
  api.put(P.contactPreferences(contactId), prefs, ContactSchema);
export const checkout = (registrationId: number, payment: PaymentChoice) =>
  api.post(`${P.checkout(registrationId)}?payment=${payment}`, undefined, CheckoutResultSchema);

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
      : api.get(P.options(tournamentId), RegistrationOptionsSchema),
  );
}
export function useReceipt(registrationId: number) {
  return useQuery(`${KEY}receipt:${registrationId}`, () =>
    api.get(P.receipt(registrationId), ReceiptWithQrSchema),
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

/** Estimated times move through the day: a home page left open reads them again every minute. */
const SCHEDULE_REFRESH_MS = 60_000;

/** A family's competitors' divisions, rings and estimated starts (decision 022); a failure shows nothing. */
export function useSchedule(tournamentId: number | undefined) {
  const query = useQuery(`${KEY}schedule:${tournamentId ?? 'none'}`, () =>
    tournamentId === undefined
      ? Promise.resolve([] as CompetitorScheduleEntry[])
      : api.get(MATCHDAY_PATHS.schedule(tournamentId), CompetitorScheduleSchema),
  );
  const { refetch } = query;
  useEffect(() => {
    if (tournamentId === undefined) return;
    const t = setInterval(refetch, SCHEDULE_REFRESH_MS);
    return () => clearInterval(t);
  }, [tournamentId, refetch]);
  return query;
}

/** Shows a registration the server just answered (a competitor deleted) without reading it again. */
export function setRegistration(id: number, registration: Registration): void {
  setQueryData<Registration>(`${KEY}${id}`, () => registration);
}
