import { z } from '@hono/zod-openapi';
import {
  SETTINGS_PATHS,
  AdminEventTypeSchema,
  AdminSiteSettingsSchema,
  AuditEntrySchema,
  AuditQuerySchema,
  CompetitorLevelInputSchema,
  CompetitorLevelSchema,
  DivisionInputSchema,
  DivisionSchema,
  EventTypeInputSchema,
  EventsQuerySchema,
  IdParamSchema,
  MessageSchema,
  ReorderSchema,
  SiteSettingsInputSchema,
  TournamentEventInputSchema,
  TournamentEventSchema,
} from '@tournament/shared';
import { defineRawRoute } from '../http/define-route.ts';
import { router } from '../http/openapi-app.ts';
import { listAudit } from '../services/audit.ts';
import {
  adminListCompetitorLevels,
  adminListEvents,
  adminListEventTypes,
  createCompetitorLevel,
  createEvent,
  createEventType,
  deleteCompetitorLevel,
  deleteEvent,
  deleteEventType,
  reorderCompetitorLevels,
  reorderEvents,
  reorderEventTypes,
  updateCompetitorLevel,
  updateEvent,
  updateEventType,
} from '../services/settings-catalog.ts';
import {
  adminListDivisions,
  createDivision,
  deleteDivision,
  reorderDivisions,
  updateDivision,
} from '../services/settings-divisions.ts';
import { adminGetSiteSettings, updateSiteSettings } from '../services/site-settings.ts';
import { jsonBody as body, requireCaller as callerOf, jsonContent as json } from '../http/openapi-app.ts';
import {
  ADMIN_MOUNT as MOUNT,
  settingsCommon as common,
  settingsErrors as errors,
} from './admin-settings-kit.ts';

const deleted = (what: string) => ({ message: `The ${what} was removed.` });

/** Event types, competitor levels, events, divisions, site settings, audit log (decision 007). SuperAdmin only. */
export const adminSettingsRoutes = router()
  // ---- Event types ----
  .openapi(
    defineRawRoute(MOUNT, {
      ...common,
      method: 'get',
      path: SETTINGS_PATHS.eventTypes,
      summary: 'Event types in order, with how many events use each',
      responses: { 200: json(z.array(AdminEventTypeSchema), 'Event types'), ...errors },
    }),
    async (c) => c.json(await adminListEventTypes(c.get('deps')), 200),
  )
  .openapi(
    defineRawRoute(MOUNT, {
      ...common,
      method: 'post',
      path: SETTINGS_PATHS.eventTypes,
      summary: 'Create an event type (placed last)',
      request: body(EventTypeInputSchema),
      responses: { 201: json(AdminEventTypeSchema, 'Created'), ...errors },
    }),
    async (c) => c.json(await createEventType(c.get('deps'), callerOf(c), c.req.valid('json')), 201),
  )
  .openapi(
    defineRawRoute(MOUNT, {
      ...common,
      method: 'post',
      path: SETTINGS_PATHS.eventTypesOrder,
      summary: 'Put the event types in a new order (every id once)',
      request: body(ReorderSchema),
      responses: { 200: json(z.array(AdminEventTypeSchema), 'Event types in the new order'), ...errors },
    }),
    async (c) => c.json(await reorderEventTypes(c.get('deps'), callerOf(c), c.req.valid('json').ids), 200),
  )
  .openapi(
    defineRawRoute(MOUNT, {
      ...common,
      method: 'put',
      path: SETTINGS_PATHS.eventType('{id}'),
      summary: 'Edit an event type',
      request: { params: IdParamSchema, ...body(EventTypeInputSchema) },
      responses: { 200: json(AdminEventTypeSchema, 'Saved'), ...errors },
    }),
    async (c) =>
      c.json(
        await updateEventType(c.get('deps'), callerOf(c), c.req.valid('param').id, c.req.valid('json')),
        200,
      ),
  )
  .openapi(
    defineRawRoute(MOUNT, {
      ...common,
      method: 'delete',
      path: SETTINGS_PATHS.eventType('{id}'),
      summary: 'Remove an event type no event uses',
      request: { params: IdParamSchema },
      responses: { 200: json(MessageSchema, 'Removed'), ...errors },
    }),
    async (c) => {
      await deleteEventType(c.get('deps'), callerOf(c), c.req.valid('param').id);
      return c.json(deleted('event type'), 200);
    },
  )
  // ---- Competitor levels ----
  .openapi(
    defineRawRoute(MOUNT, {
      ...common,
      method: 'get',
      path: SETTINGS_PATHS.competitorLevels,
      summary: 'Competitor levels in order',
      responses: { 200: json(z.array(CompetitorLevelSchema), 'Competitor levels'), ...errors },
    }),
    async (c) => c.json(await adminListCompetitorLevels(c.get('deps')), 200),
  )
  .openapi(
    defineRawRoute(MOUNT, {
      ...common,
      method: 'post',
      path: SETTINGS_PATHS.competitorLevels,
      summary: 'Create a competitor level (placed last)',
      request: body(CompetitorLevelInputSchema),
      responses: { 201: json(CompetitorLevelSchema, 'Created'), ...errors },
    }),
    async (c) => c.json(await createCompetitorLevel(c.get('deps'), callerOf(c), c.req.valid('json')), 201),
  )
  .openapi(
    defineRawRoute(MOUNT, {
      ...common,
      method: 'post',
      path: SETTINGS_PATHS.competitorLevelsOrder,
      summary: 'Put the competitor levels in a new order (every id once)',
      request: body(ReorderSchema),
      responses: { 200: json(z.array(CompetitorLevelSchema), 'Levels in the new order'), ...errors },
    }),
    async (c) =>
      c.json(await reorderCompetitorLevels(c.get('deps'), callerOf(c), c.req.valid('json').ids), 200),
  )
  .openapi(
    defineRawRoute(MOUNT, {
      ...common,
      method: 'put',
      path: SETTINGS_PATHS.competitorLevel('{id}'),
      summary: 'Rename a competitor level',
      request: { params: IdParamSchema, ...body(CompetitorLevelInputSchema) },
      responses: { 200: json(CompetitorLevelSchema, 'Saved'), ...errors },
    }),
    async (c) =>
      c.json(
        await updateCompetitorLevel(c.get('deps'), callerOf(c), c.req.valid('param').id, c.req.valid('json')),
        200,
      ),
  )
  .openapi(
    defineRawRoute(MOUNT, {
      ...common,
      method: 'delete',
      path: SETTINGS_PATHS.competitorLevel('{id}'),
      summary: 'Remove a competitor level no competitor or division uses',
      request: { params: IdParamSchema },
      responses: { 200: json(MessageSchema, 'Removed'), ...errors },
    }),
    async (c) => {
      await deleteCompetitorLevel(c.get('deps'), callerOf(c), c.req.valid('param').id);
      return c.json(deleted('competitor level'), 200);
    },
  )
  // ---- Events of a tournament ----
  .openapi(
    defineRawRoute(MOUNT, {
      ...common,
      method: 'get',
      path: SETTINGS_PATHS.events,
      summary: 'Events (of one tournament with ?tournamentId), with entry counts',
      request: { query: EventsQuerySchema },
      responses: { 200: json(z.array(TournamentEventSchema), 'Events'), ...errors },
    }),
    async (c) => c.json(await adminListEvents(c.get('deps'), c.req.valid('query').tournamentId), 200),
  )
  .openapi(
    defineRawRoute(MOUNT, {
      ...common,
      method: 'post',
      path: SETTINGS_PATHS.events,
      summary: 'Add an event of one event type to a tournament (placed last)',
      request: body(TournamentEventInputSchema),
      responses: { 201: json(TournamentEventSchema, 'Created'), ...errors },
    }),
    async (c) => c.json(await createEvent(c.get('deps'), callerOf(c), c.req.valid('json')), 201),
  )
  .openapi(
    defineRawRoute(MOUNT, {
      ...common,
      method: 'post',
      path: SETTINGS_PATHS.eventsOrder,
      summary: "Put one tournament's events in a new order (every id of that tournament once)",
      request: body(ReorderSchema),
      responses: { 200: json(z.array(TournamentEventSchema), 'Events in the new order'), ...errors },
    }),
    async (c) => c.json(await reorderEvents(c.get('deps'), callerOf(c), c.req.valid('json').ids), 200),
  )
  .openapi(
    defineRawRoute(MOUNT, {
      ...common,
      method: 'put',
      path: SETTINGS_PATHS.event('{id}'),
      summary: 'Edit an event (it stays in its tournament)',
      request: { params: IdParamSchema, ...body(TournamentEventInputSchema) },
      responses: { 200: json(TournamentEventSchema, 'Saved'), ...errors },
    }),
    async (c) =>
      c.json(
        await updateEvent(c.get('deps'), callerOf(c), c.req.valid('param').id, c.req.valid('json')),
        200,
      ),
  )
  .openapi(
    defineRawRoute(MOUNT, {
      ...common,
      method: 'delete',
      path: SETTINGS_PATHS.event('{id}'),
      summary: 'Remove an event no competitor entered',
      request: { params: IdParamSchema },
      responses: { 200: json(MessageSchema, 'Removed'), ...errors },
    }),
    async (c) => {
      await deleteEvent(c.get('deps'), callerOf(c), c.req.valid('param').id);
      return c.json(deleted('event'), 200);
    },
  )
  // ---- Divisions ----
  .openapi(
    defineRawRoute(MOUNT, {
      ...common,
      method: 'get',
      path: SETTINGS_PATHS.divisions,
      summary: 'Division rules in order',
      responses: { 200: json(z.array(DivisionSchema), 'Divisions'), ...errors },
    }),
    async (c) => c.json(await adminListDivisions(c.get('deps')), 200),
  )
  .openapi(
    defineRawRoute(MOUNT, {
      ...common,
      method: 'post',
      path: SETTINGS_PATHS.divisions,
      summary: 'Create a division rule (placed last)',
      request: body(DivisionInputSchema),
      responses: { 201: json(DivisionSchema, 'Created'), ...errors },
    }),
    async (c) => c.json(await createDivision(c.get('deps'), callerOf(c), c.req.valid('json')), 201),
  )
  .openapi(
    defineRawRoute(MOUNT, {
      ...common,
      method: 'post',
      path: SETTINGS_PATHS.divisionsOrder,
      summary: 'Put the division rules in a new order (every id once)',
      request: body(ReorderSchema),
      responses: { 200: json(z.array(DivisionSchema), 'Divisions in the new order'), ...errors },
    }),
    async (c) => c.json(await reorderDivisions(c.get('deps'), callerOf(c), c.req.valid('json').ids), 200),
  )
  .openapi(
    defineRawRoute(MOUNT, {
      ...common,
      method: 'put',
      path: SETTINGS_PATHS.division('{id}'),
      summary: 'Edit a division rule',
      request: { params: IdParamSchema, ...body(DivisionInputSchema) },
      responses: { 200: json(DivisionSchema, 'Saved'), ...errors },
    }),
    async (c) =>
      c.json(
        await updateDivision(c.get('deps'), callerOf(c), c.req.valid('param').id, c.req.valid('json')),
        200,
      ),
  )
  .openapi(
    defineRawRoute(MOUNT, {
      ...common,
      method: 'delete',
      path: SETTINGS_PATHS.division('{id}'),
      summary: 'Remove a division rule',
      request: { params: IdParamSchema },
      responses: { 200: json(MessageSchema, 'Removed'), ...errors },
    }),
    async (c) => {
      await deleteDivision(c.get('deps'), callerOf(c), c.req.valid('param').id);
      return c.json(deleted('division'), 200);
    },
  )
  // ---- Site settings ----
  .openapi(
    defineRawRoute(MOUNT, {
      ...common,
      method: 'get',
      path: SETTINGS_PATHS.siteSettings,
      summary: 'Site identity, venue, links, feature flags and SMS sender settings',
      responses: { 200: json(AdminSiteSettingsSchema, 'Site settings'), ...errors },
    }),
    async (c) => c.json(await adminGetSiteSettings(c.get('deps')), 200),
  )
  .openapi(
    defineRawRoute(MOUNT, {
      ...common,
      method: 'put',
      path: SETTINGS_PATHS.siteSettings,
      summary: 'Save the site settings (flags take effect at once)',
      request: body(SiteSettingsInputSchema),
      responses: { 200: json(AdminSiteSettingsSchema, 'Saved'), ...errors },
    }),
    async (c) => c.json(await updateSiteSettings(c.get('deps'), callerOf(c), c.req.valid('json')), 200),
  )
  // ---- Audit log ----
  .openapi(
    defineRawRoute(MOUNT, {
      ...common,
      method: 'get',
      path: SETTINGS_PATHS.auditLog,
      summary: 'Settings changes, newest first: who, when, before and after',
      request: { query: AuditQuerySchema },
      responses: { 200: json(z.array(AuditEntrySchema), 'Audit entries'), ...errors },
    }),
    async (c) => c.json(await listAudit(c.get('deps').database.db, c.req.valid('query')), 200),
  );
