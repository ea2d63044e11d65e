import type {
  AdminRegistrationDetail,
  AdminRegistrationList,
  AdminRegistrationQuery,
  ImpersonationSubject,
  ResendReceiptResult,
} from '@shared/contract/admin-registrations.ts';
import type { Tournament } from '@shared/contract/public.ts';
import type { Registration } from '@shared/contract/registration.ts';
import { nextTournament } from '@shared/domain/tournament-status.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateQueries, useQuery } from '../../../lib/use-query.ts';

// The staff registrations desk calls (issue 7; docs/decisions/014-registrations-desk-and-impersonation.md).

// Under the registration feature's prefix, so its changes (invalidateRegistrations) refresh the desk too.
const KEY = 'registration:desk:';

/** The query string of the desk's list and CSV (only what is set). */
export function deskSearch(query: AdminRegistrationQuery): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const fetchDeskRegistrations = (query: AdminRegistrationQuery) =>
  api.get<AdminRegistrationList>(`/api/admin/registrations${deskSearch(query)}`);
export const fetchDeskDetail = (id: number) =>
  api.get<AdminRegistrationDetail>(`/api/admin/registrations/${id}`);
export const resendReceipt = (id: number) =>
  api.post<ResendReceiptResult>(`/api/admin/registrations/${id}/resend-receipt`);
export const startImpersonation = (userId: number) =>
  api.post<ImpersonationSubject>(`/api/admin/impersonation/${userId}`);

export function useDeskRegistrations(query: AdminRegistrationQuery) {
  return useQuery(`${KEY}list${deskSearch(query)}`, () => fetchDeskRegistrations(query));
}
export function useDeskDetail(id: number) {
  return useQuery(`${KEY}detail:${id}`, () => fetchDeskDetail(id));
}

/** While viewing as a customer: that customer's own registrations for the next tournament. */
export function useViewedCustomerRegistrations(userId: number) {
  return useQuery(`${KEY}as:${userId}`, async () => {
    const tournaments = await api.get<Tournament[]>('/api/tournaments');
    const next = nextTournament(tournaments, new Date());
    if (!next) return { tournament: undefined, registrations: [] as Registration[] };
    return {
      tournament: next,
      registrations: await api.get<Registration[]>(`/api/registration/getAll/${next.id}`),
    };
  });
}

export function invalidateDesk(): void {
  invalidateQueries(KEY);
}

/** The CSV export, fetched with the bearer token (a bare link carries none) and saved as a download. */
export async function downloadDeskCsv(query: AdminRegistrationQuery): Promise<void> {
  const blob = await api.getBlob(`/api/admin/registrations.csv${deskSearch(query)}`);
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
