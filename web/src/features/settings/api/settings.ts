import type {
  AdminEventType,
  AdminSiteSettings,
  AdminTournament,
  AuditEntry,
  CompetitorLevel,
  CompetitorLevelInput,
  Division,
  DivisionInput,
  EventTypeInput,
  SiteSettingsInput,
  TournamentEvent,
  TournamentEventInput,
  TournamentInput,
} from '@tournament/shared';
import { api } from '../../../lib/api-client.ts';
import { invalidateQueries, useQuery } from '../../../lib/use-query.ts';

// The settings pages' calls to /api/admin (issue 8). Every change drops the admin lists and
// the public reads it affects, so the home page and header show it without a reload.

const ADMIN = 'admin-settings:';

function changed(...publicKeys: string[]) {
  invalidateQueries(ADMIN);
  for (const key of publicKeys) invalidateQueries(key);
}

async function mutate<T>(call: Promise<T>, ...publicKeys: string[]): Promise<T> {
  const result = await call;
  changed(...publicKeys);
  return result;
}

// ---- Tournaments ----
export const useAdminTournaments = () =>
  useQuery(`${ADMIN}tournaments`, () => api.get<AdminTournament[]>('/api/admin/tournaments'));
export const saveTournament = (id: number | null, input: TournamentInput) =>
  mutate(
    id === null
      ? api.post<AdminTournament>('/api/admin/tournaments', input)
      : api.put<AdminTournament>(`/api/admin/tournaments/${id}`, input),
    'tournaments',
  );
export const deleteTournament = (id: number) =>
  mutate(api.del(`/api/admin/tournaments/${id}`), 'tournaments');

// ---- Event types ----
export const useAdminEventTypes = () =>
  useQuery(`${ADMIN}event-types`, () => api.get<AdminEventType[]>('/api/admin/event-types'));
export const saveEventType = (id: number | null, input: EventTypeInput) =>
  mutate(
    id === null
      ? api.post<AdminEventType>('/api/admin/event-types', input)
      : api.put<AdminEventType>(`/api/admin/event-types/${id}`, input),
    'event-types',
  );
export const deleteEventType = (id: number) => mutate(api.del(`/api/admin/event-types/${id}`), 'event-types');
export const reorderEventTypes = (ids: number[]) =>
  mutate(api.post<AdminEventType[]>('/api/admin/event-types/reorder', { ids }), 'event-types');

// ---- Competitor levels ----
export const useCompetitorLevels = () =>
  useQuery(`${ADMIN}competitor-levels`, () => api.get<CompetitorLevel[]>('/api/admin/competitor-levels'));
export const saveCompetitorLevel = (id: number | null, input: CompetitorLevelInput) =>
  mutate(
    id === null
      ? api.post<CompetitorLevel>('/api/admin/competitor-levels', input)
      : api.put<CompetitorLevel>(`/api/admin/competitor-levels/${id}`, input),
  );
export const deleteCompetitorLevel = (id: number) => mutate(api.del(`/api/admin/competitor-levels/${id}`));
export const reorderCompetitorLevels = (ids: number[]) =>
  mutate(api.post<CompetitorLevel[]>('/api/admin/competitor-levels/reorder', { ids }));

// ---- Events of a tournament ----
export const useAdminEvents = (tournamentId: number | null) =>
  useQuery(`${ADMIN}events:${tournamentId ?? 'none'}`, () =>
    tournamentId === null
      ? Promise.resolve<TournamentEvent[]>([])
      : api.get<TournamentEvent[]>(`/api/admin/events?tournamentId=${tournamentId}`),
  );
export const saveEvent = (id: number | null, input: TournamentEventInput) =>
  mutate(
    id === null
      ? api.post<TournamentEvent>('/api/admin/events', input)
      : api.put<TournamentEvent>(`/api/admin/events/${id}`, input),
  );
export const deleteEvent = (id: number) => mutate(api.del(`/api/admin/events/${id}`));
export const reorderEvents = (ids: number[]) =>
  mutate(api.post<TournamentEvent[]>('/api/admin/events/reorder', { ids }));

// ---- Divisions ----
export const useDivisions = () =>
  useQuery(`${ADMIN}divisions`, () => api.get<Division[]>('/api/admin/divisions'));
export const saveDivision = (id: number | null, input: DivisionInput) =>
  mutate(
    id === null
      ? api.post<Division>('/api/admin/divisions', input)
      : api.put<Division>(`/api/admin/divisions/${id}`, input),
  );
export const deleteDivision = (id: number) => mutate(api.del(`/api/admin/divisions/${id}`));
export const reorderDivisions = (ids: number[]) =>
  mutate(api.post<Division[]>('/api/admin/divisions/reorder', { ids }));

// ---- Site settings ----
export const useAdminSiteSettings = () =>
  useQuery(`${ADMIN}site-settings`, () => api.get<AdminSiteSettings>('/api/admin/site-settings'));
export const saveSiteSettings = (input: SiteSettingsInput) =>
  mutate(api.put<AdminSiteSettings>('/api/admin/site-settings', input), 'settings');

// ---- Audit log ----
export const useAuditLog = (entity: string) =>
  useQuery(`${ADMIN}audit:${entity}`, () =>
    api.get<AuditEntry[]>(
      `/api/admin/audit-log?limit=200${entity ? `&entity=${encodeURIComponent(entity)}` : ''}`,
    ),
  );

/** `ids` with the item at `index` moved one place up (-1) or down (+1). */
export function moved(ids: readonly number[], index: number, by: -1 | 1): number[] {
  const next = [...ids];
  const target = index + by;
  if (target < 0 || target >= next.length) return next;
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}
