import { endpoint } from './endpoint.ts';
import { MessageSchema } from './public.ts';
import {
  AdminEventTypeListSchema,
  AdminEventTypeSchema,
  AdminSiteSettingsSchema,
  AdminTournamentListSchema,
  AdminTournamentSchema,
  AuditEntryListSchema,
  AuditQuerySchema,
  CompetitorLevelInputSchema,
  CompetitorLevelListSchema,
  CompetitorLevelSchema,
  DivisionInputSchema,
  DivisionListSchema,
  DivisionSchema,
  EventTypeInputSchema,
  EventsQuerySchema,
  IdParamSchema,
  ReorderSchema,
  SETTINGS_PATHS as P,
  SiteSettingsInputSchema,
  TournamentEventInputSchema,
  TournamentEventListSchema,
  TournamentEventSchema,
  TournamentInputSchema,
} from './settings.ts';

// The endpoints of the SuperAdmin settings API under /api/admin (decision 007; decision 035):
// one entry each, for the server's route and the web's call. Their schemas are in settings.ts.

const byId = { params: IdParamSchema } as const;
const reorder = { method: 'post', body: ReorderSchema } as const;

export const SETTINGS_API = {
  // ---- Tournaments ----
  tournaments: endpoint({ method: 'get', path: P.tournaments, response: AdminTournamentListSchema }),
  createTournament: endpoint({
    method: 'post',
    path: P.tournaments,
    body: TournamentInputSchema,
    response: AdminTournamentSchema,
    status: 201,
  }),
  tournament: endpoint({
    method: 'get',
    path: P.tournament('{id}'),
    ...byId,
    response: AdminTournamentSchema,
  }),
  updateTournament: endpoint({
    method: 'put',
    path: P.tournament('{id}'),
    ...byId,
    body: TournamentInputSchema,
    response: AdminTournamentSchema,
  }),
  deleteTournament: endpoint({
    method: 'delete',
    path: P.tournament('{id}'),
    ...byId,
    response: MessageSchema,
  }),

  // ---- Event types ----
  eventTypes: endpoint({ method: 'get', path: P.eventTypes, response: AdminEventTypeListSchema }),
  createEventType: endpoint({
    method: 'post',
    path: P.eventTypes,
    body: EventTypeInputSchema,
    response: AdminEventTypeSchema,
    status: 201,
  }),
  reorderEventTypes: endpoint({ ...reorder, path: P.eventTypesOrder, response: AdminEventTypeListSchema }),
  updateEventType: endpoint({
    method: 'put',
    path: P.eventType('{id}'),
    ...byId,
    body: EventTypeInputSchema,
    response: AdminEventTypeSchema,
  }),
  deleteEventType: endpoint({
    method: 'delete',
    path: P.eventType('{id}'),
    ...byId,
    response: MessageSchema,
  }),

  // ---- Competitor levels ----
  competitorLevels: endpoint({
    method: 'get',
    path: P.competitorLevels,
    response: CompetitorLevelListSchema,
  }),
  createCompetitorLevel: endpoint({
    method: 'post',
    path: P.competitorLevels,
    body: CompetitorLevelInputSchema,
    response: CompetitorLevelSchema,
    status: 201,
  }),
  reorderCompetitorLevels: endpoint({
    ...reorder,
    path: P.competitorLevelsOrder,
    response: CompetitorLevelListSchema,
  }),
  updateCompetitorLevel: endpoint({
    method: 'put',
    path: P.competitorLevel('{id}'),
    ...byId,
    body: CompetitorLevelInputSchema,
    response: CompetitorLevelSchema,
  }),
  deleteCompetitorLevel: endpoint({
    method: 'delete',
    path: P.competitorLevel('{id}'),
    ...byId,
    response: MessageSchema,
  }),

  // ---- Events of a tournament ----
  events: endpoint({
    method: 'get',
    path: P.events,
    query: EventsQuerySchema,
    response: TournamentEventListSchema,
  }),
  createEvent: endpoint({
    method: 'post',
    path: P.events,
    body: TournamentEventInputSchema,
    response: TournamentEventSchema,
    status: 201,
  }),
  reorderEvents: endpoint({ ...reorder, path: P.eventsOrder, response: TournamentEventListSchema }),
  updateEvent: endpoint({
    method: 'put',
    path: P.event('{id}'),
    ...byId,
    body: TournamentEventInputSchema,
    response: TournamentEventSchema,
  }),
  deleteEvent: endpoint({ method: 'delete', path: P.event('{id}'), ...byId, response: MessageSchema }),

  // ---- Divisions ----
  divisions: endpoint({ method: 'get', path: P.divisions, response: DivisionListSchema }),
  createDivision: endpoint({
    method: 'post',
    path: P.divisions,
    body: DivisionInputSchema,
    response: DivisionSchema,
    status: 201,
  }),
  reorderDivisions: endpoint({ ...reorder, path: P.divisionsOrder, response: DivisionListSchema }),
  updateDivision: endpoint({
    method: 'put',
    path: P.division('{id}'),
    ...byId,
    body: DivisionInputSchema,
    response: DivisionSchema,
  }),
  deleteDivision: endpoint({ method: 'delete', path: P.division('{id}'), ...byId, response: MessageSchema }),

  // ---- Site settings and the audit log ----
  siteSettings: endpoint({ method: 'get', path: P.siteSettings, response: AdminSiteSettingsSchema }),
  updateSiteSettings: endpoint({
    method: 'put',
    path: P.siteSettings,
    body: SiteSettingsInputSchema,
    response: AdminSiteSettingsSchema,
  }),
  auditLog: endpoint({
    method: 'get',
    path: P.auditLog,
    query: AuditQuerySchema,
    response: AuditEntryListSchema,
  }),
} as const;
