import {
  ADMIN_REGISTRATION_API as A,
  type AdminRegistrationQuery,
} from '@shared/contract/admin-registrations.ts';
import { queryString } from '@shared/contract/paths.ts';
import { PUBLIC_API } from '@shared/contract/public.ts';
import { REGISTRATION_API, type Registration } from '@shared/contract/registration.ts';
import { nextTournament } from '@shared/domain/tournament-status.ts';
import { api } from '@web/lib/api-client.ts';
import { invalidateQueries, useQuery } from '@web/lib/use-query.ts';

// The staff registrations desk calls (docs/decisions/014-registrations-desk-and-impersonation.md).

// Under the registration feature's prefix, so its changes (invalidateRegistrations) refresh the desk too.
const KEY = 'registration:desk:';

/** The query string of the desk's list and CSV (only what is set). */
export const deskSearch = (query: AdminRegistrationQuery): string => queryString(query);

export const fetchDeskRegistrations = (query: AdminRegistrationQuery) => api.call(A.list, { query });
export const fetchDeskDetail = (id: number) => api.call(A.get, { params: { id } });
export const resendReceipt = (id: number) => api.call(A.resendReceipt, { params: { id } });
export const startImpersonation = (userId: number) => api.call(A.impersonation, { params: { userId } });

export function useDeskRegistrations(query: AdminRegistrationQuery) {
  return useQuery(`${KEY}list${deskSearch(query)}`, () => fetchDeskRegistrations(query));
}
export function useDeskDetail(id: number) {
  return useQuery(`${KEY}detail:${id}`, () => fetchDeskDetail(id));
}

/** While viewing as a customer: that customer's own registrations for the next tournament. */
export function useViewedCustomerRegistrations(userId: number) {
  return useQuery(`${KEY}as:${userId}`, async () => {
    const tournaments = await api.call(PUBLIC_API.tournaments);
    const next = nextTournament(tournaments, new Date());
    if (!next) return { tournament: undefined, registrations: [] as Registration[] };
    return {
      tournament: next,
      registrations: await api.call(REGISTRATION_API.getAll, { params: { tournamentId: next.id } }),
    };
  });
}

export function invalidateDesk(): void {
  invalidateQueries(KEY);
}

/** The CSV export, fetched with the bearer token (a bare link carries none) and saved as a download. */
export async function downloadDeskCsv(query: AdminRegistrationQuery): Promise<void> {
  const blob = await api.call(A.csv, { query });
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = `registrations-${new Date().toISOString().slice(0, 10)}.csv`;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}
