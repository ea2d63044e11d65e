import { BACKUP_API } from '@shared/contract/backups.ts';
import { PRIVACY_API } from '@shared/contract/privacy.ts';
import type { RetentionSettings } from '@shared/domain/erasure.ts';
import { MATCHMAKING_API } from '@shared/contract/matchmaking.ts';
import { SETTINGS_API as S } from '@shared/contract/settings-api.ts';
import type {
  AuditEntity,
  CompetitorLevelInput,
  DivisionInput,
  EventTypeInput,
  SiteSettingsInput,
  TournamentEventInput,
  TournamentInput,
} from '@shared/contract/settings.ts';
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
export const useAdminTournaments = () => useQuery(`${ADMIN}tournaments`, () => api.call(S.tournaments));
export const saveTournament = (id: number | null, input: TournamentInput) =>
  mutate(
    id === null
      ? api.call(S.createTournament, { body: input })
      : api.call(S.updateTournament, { params: { id }, body: input }),
    'tournaments',
  );
export const deleteTournament = (id: number) =>
  mutate(api.call(S.deleteTournament, { params: { id } }), 'tournaments');

// ---- Event types ----
export const useAdminEventTypes = () => useQuery(`${ADMIN}event-types`, () => api.call(S.eventTypes));
export const saveEventType = (id: number | null, input: EventTypeInput) =>
  mutate(
    id === null
      ? api.call(S.createEventType, { body: input })
      : api.call(S.updateEventType, { params: { id }, body: input }),
    'event-types',
  );
export const deleteEventType = (id: number) =>
  mutate(api.call(S.deleteEventType, { params: { id } }), 'event-types');
export const reorderEventTypes = (ids: number[]) =>
  mutate(api.call(S.reorderEventTypes, { body: { ids } }), 'event-types');

// ---- Competitor levels ----
export const useCompetitorLevels = () =>
  useQuery(`${ADMIN}competitor-levels`, () => api.call(S.competitorLevels));
export const saveCompetitorLevel = (id: number | null, input: CompetitorLevelInput) =>
  mutate(
    id === null
      ? api.call(S.createCompetitorLevel, { body: input })
      : api.call(S.updateCompetitorLevel, { params: { id }, body: input }),
  );
/**
 * A level's name and description saved as they are edited (decision 027): the list is read again
 * while it stays on screen, so the row being edited keeps its focus.
 */
export async function saveCompetitorLevelDetails(id: number, input: CompetitorLevelInput) {
  const saved = await api.call(S.updateCompetitorLevel, { params: { id }, body: input });
  refreshQueries(ADMIN);
  return saved;
}
export const deleteCompetitorLevel = (id: number) =>
  mutate(api.call(S.deleteCompetitorLevel, { params: { id } }));
export const reorderCompetitorLevels = (ids: number[]) =>
  mutate(api.call(S.reorderCompetitorLevels, { body: { ids } }));

// ---- Events of a tournament ----
export const useAdminEvents = (tournamentId: number | null) =>
  useQuery(`${ADMIN}events:${tournamentId ?? 'none'}`, () =>
    tournamentId === null ? Promise.resolve([]) : api.call(S.events, { query: { tournamentId } }),
  );
export const saveEvent = (id: number | null, input: TournamentEventInput) =>
  mutate(
    id === null
      ? api.call(S.createEvent, { body: input })
      : api.call(S.updateEvent, { params: { id }, body: input }),
  );
export const deleteEvent = (id: number) => mutate(api.call(S.deleteEvent, { params: { id } }));
export const reorderEvents = (ids: number[]) => mutate(api.call(S.reorderEvents, { body: { ids } }));

// ---- Divisions ----
export const useDivisions = () => useQuery(`${ADMIN}divisions`, () => api.call(S.divisions));
export const saveDivision = (id: number | null, input: DivisionInput) =>
  mutate(
    id === null
      ? api.call(S.createDivision, { body: input })
      : api.call(S.updateDivision, { params: { id }, body: input }),
  );
export const deleteDivision = (id: number) => mutate(api.call(S.deleteDivision, { params: { id } }));
export const reorderDivisions = (ids: number[]) => mutate(api.call(S.reorderDivisions, { body: { ids } }));
/** The rules a past tournament's draft used, appended to the current ones (decision 017). */
export const copyDivisionRules = (tournamentId: number) =>
  mutate(api.call(MATCHMAKING_API.copyRules, { params: { tournamentId } }));

// ---- Site settings ----
export const useAdminSiteSettings = () => useQuery(`${ADMIN}site-settings`, () => api.call(S.siteSettings));
export const saveSiteSettings = (input: SiteSettingsInput) =>
  mutate(api.call(S.updateSiteSettings, { body: input }), 'settings');

// ---- Audit log ----
/** `entity`: '' for every kind of change. */
export const useAuditLog = (entity: AuditEntity | '') =>
  useQuery(`${ADMIN}audit:${entity}`, () =>
    api.call(S.auditLog, { query: { limit: 200, entity: entity || undefined } }),
  );

// ---- Backups (decision 040) ----
export const useBackups = () => useQuery(`${ADMIN}backups`, () => api.call(BACKUP_API.list));

/** The dry run of the purges after each tournament, and of the idle accounts (decision 046). */
export const useRetentionPreview = () => useQuery(`${ADMIN}retention`, () => api.call(PRIVACY_API.retention));
/** The two periods; the public settings carry them (the privacy page, the venue devices). */
export const saveRetentionSettings = (input: RetentionSettings) =>
  mutate(api.call(PRIVACY_API.saveRetention, { body: input }), 'settings');

/** Fetched with the bearer token (a bare link carries none) and saved under its own name. */
export async function downloadLatestBackup(name: string): Promise<void> {
  const blob = await api.call(BACKUP_API.latest);
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}

/** `ids` with the item at `index` moved one place up (-1) or down (+1). */
export function moved(ids: readonly number[], index: number, by: -1 | 1): number[] {
  const next = [...ids];
  const target = index + by;
  if (target < 0 || target >= next.length) return next;
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}
