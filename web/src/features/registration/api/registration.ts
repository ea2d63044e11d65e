import type {
  CheckoutResult,
  Competitor,
  CompetitorCreate,
  CompetitorUpdate,
  Contact,
  ContactInput,
  ContactPreferences,
  ReceiptWithQr,
  Registration,
  RegistrationOptions,
} from '@shared/contract/registration.ts';
import type { Tournament } from '@shared/contract/public.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateQueries, useQuery } from '../../../lib/use-query.ts';

// The /api/registration calls of SPEC.md section 7 (and the few DESIGN.md adds), as fetchers and hooks.

const KEY = 'registration:';

export const fetchTournaments = () => api.get<Tournament[]>('/api/tournaments');
export const createRegistration = (tournamentId: number) =>
  api.post<Registration>(`/api/registration/create/${tournamentId}`);
export const fetchRegistration = (id: number) => api.get<Registration>(`/api/registration/${id}`);
export const fetchRegistrations = (tournamentId: number) =>
  api.get<Registration[]>(`/api/registration/getAll/${tournamentId}`);
export const fetchIncomplete = (tournamentId: number) =>
  api.get<Registration | null>(`/api/registration/incomplete/${tournamentId}`);
export const addCompetitor = (c: CompetitorCreate) => api.post<Competitor>('/api/registration/competitor', c);
export const updateCompetitor = (c: CompetitorUpdate) =>
  api.put<Competitor>('/api/registration/competitor', c);
export const deleteCompetitor = (id: number) => api.del<Registration>(`/api/registration/competitor/${id}`);
export const changePasses = (kind: 'spectator' | 'lunch', registrationId: number, add: boolean) =>
  add
    ? api.post<number>(`/api/registration/${kind}/${registrationId}`)
    : api.del<number>(`/api/registration/${kind}/${registrationId}`);
export const saveContacts = (registrationId: number, contacts: ContactInput[]) =>
  api.put<Contact[]>(`/api/registration/contacts/${registrationId}`, { contacts });
export const saveContactPreferences = (contactId: number, prefs: ContactPreferences) =>
  api.put<Contact>(`/api/registration/contact-preferences/${contactId}`, prefs);
export const checkout = (registrationId: number) =>
  api.post<CheckoutResult>(`/api/registration/checkout/${registrationId}`);

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
      : api.get<RegistrationOptions>(`/api/registration/options/${tournamentId}`),
  );
}
export function useReceipt(registrationId: number) {
  return useQuery(`${KEY}receipt:${registrationId}`, () =>
    api.get<ReceiptWithQr>(`/api/registration/receipt/${registrationId}`),
  );
}

/** After any change: registrations, lists and receipts fetch again. */
export function invalidateRegistrations(): void {
  invalidateQueries(KEY);
}
