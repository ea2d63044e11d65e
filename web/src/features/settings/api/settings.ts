import {
  AdminEventTypeListSchema,
  AdminEventTypeSchema,
  AdminSiteSettingsSchema,
  AdminTournamentListSchema,
  AdminTournamentSchema,
  AuditEntryListSchema,
  CopyRulesResultSchema,
  CompetitorLevelListSchema,
  CompetitorLevelSchema,
  DivisionListSchema,
  DivisionSchema,
  MATCHMAKING_PATHS,
  MessageSchema,
  queryString,
  SETTINGS_PATHS as P,
  TournamentEventListSchema,
  TournamentEventSchema,
  type CompetitorLevelInput,
  type DivisionInput,
  type EventTypeInput,
  type SiteSettingsInput,
  type TournamentEventInput,
  type TournamentInput,
} from '@tournament/shared';
import { api } from '@web/lib/api-client.ts';
import { invalidateQueries, refreshQueries, useQuery } from '@web/lib/use-query.ts';

// The settings pages' calls to /api/admin (decision 007). Every change drops the admin lists and
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
  useQuery(`${ADMIN}tournaments`, () => api.get(P.tournaments, AdminTournamentListSchema));
export const saveTournament = (id: number | null, input: TournamentInput) =>
  mutate(
    id === null
      ? api.post(P.tournaments, input, AdminTournamentSchema)
      : api.put(P.tournament(id), input, AdminTournamentSchema),
    'tournaments',
  );
export const deleteTournament = (id: number) =>
  mutate(api.del(P.tournament(id), undefined, MessageSchema), 'tournaments');

// ---- Event types ----
export const useAdminEventTypes = () =>
  useQuery(`${ADMIN}event-types`, () => api.get(P.eventTypes, AdminEventTypeListSchema));
export const saveEventType = (id: number | null, input: EventTypeInput) =>
  mutate(
    id === null
      ? api.post(P.eventTypes, input, AdminEventTypeSchema)
      : api.put(P.eventType(id), input, AdminEventTypeSchema),
    'event-types',
  );
export const deleteEventType = (id: number) =>
  mutate(api.del(P.eventType(id), undefined, MessageSchema), 'event-types');
export const reorderEventTypes = (ids: number[]) =>
  mutate(api.post(P.eventTypesOrder, { ids }, AdminEventTypeListSchema), 'event-types');

// ---- Competitor levels ----
export const useCompetitorLevels = () =>
  useQuery(`${ADMIN}competitor-levels`, () => api.get(P.competitorLevels, CompetitorLevelListSchema));
export const saveCompetitorLevel = (id: number | null, input: CompetitorLevelInput) =>
  mutate(
    id === null
      ? api.post(P.competitorLevels, input, CompetitorLevelSchema)
      : api.put(P.competitorLevel(id), input, CompetitorLevelSchema),
  );
/**
 * A level's name and description saved as they are edited (decision 027): the list is read again
 * while it stays on screen, so the row being edited keeps its focus.
 */
export async function saveCompetitorLevelDetails(id: number, input: CompetitorLevelInput) {
  const saved = await api.put(P.competitorLevel(id), input, CompetitorLevelSchema);
  refreshQueries(ADMIN);
  return saved;
}
export const deleteCompetitorLevel = (id: number) =>
  mutate(api.del(P.competitorLevel(id), undefined, MessageSchema));
export const reorderCompetitorLevels = (ids: number[]) =>
  mutate(api.post(P.competitorLevelsOrder, { ids }, CompetitorLevelListSchema));

// ---- Events of a tournament ----
export const useAdminEvents = (tournamentId: number | null) =>
  useQuery(`${ADMIN}events:${tournamentId ?? 'none'}`, () =>
    tournamentId === null
      ? Promise.resolve([])
      : api.get(`${P.events}${queryString({ tournamentId })}`, TournamentEventListSchema),
  );
export const saveEvent = (id: number | null, input: TournamentEventInput) =>
  mutate(
    id === null
      ? api.post(P.events, input, TournamentEventSchema)
      : api.put(P.event(id), input, TournamentEventSchema),
  );
export const deleteEvent = (id: number) => mutate(api.del(P.event(id), undefined, MessageSchema));
export const reorderEvents = (ids: number[]) =>
  mutate(api.post(P.eventsOrder, { ids }, TournamentEventListSchema));

// ---- Divisions ----
export const useDivisions = () =>
  useQuery(`${ADMIN}divisions`, () => api.get(P.divisions, DivisionListSchema));
export const saveDivision = (id: number | null, input: DivisionInput) =>
  mutate(
    id === null
      ? api.post(P.divisions, input, DivisionSchema)
      : api.put(P.division(id), input, DivisionSchema),
  );
export const deleteDivision = (id: number) => mutate(api.del(P.division(id), undefined, MessageSchema));
export const reorderDivisions = (ids: number[]) =>
  mutate(api.post(P.divisionsOrder, { ids }, DivisionListSchema));
/** The rules a past tournament's draft used, appended to the current ones (decision 017). */
export const copyDivisionRules = (tournamentId: number) =>
  mutate(api.post(MATCHMAKING_PATHS.copyRules(tournamentId), undefined, CopyRulesResultSchema));

// ---- Site settings ----
export const useAdminSiteSettings = () =>
  useQuery(`${ADMIN}site-settings`, () => api.get(P.siteSettings, AdminSiteSettingsSchema));
export const saveSiteSettings = (input: SiteSettingsInput) =>
  mutate(api.put(P.siteSettings, input, AdminSiteSettingsSchema), 'settings');

// ---- Audit log ----
export const useAuditLog = (entity: string) =>
  useQuery(`${ADMIN}audit:${entity}`, () =>
    api.get(`${P.auditLog}${queryString({ limit: 200, entity })}`, AuditEntryListSchema),
  );

/** `ids` with the item at `index` moved one place up (-1) or down (+1). */
export function moved(ids: readonly number[], index: number, by: -1 | 1): number[] {
  const next = [...ids];
  const target = index + by;
  if (target < 0 || target >= next.length) return next;
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}
