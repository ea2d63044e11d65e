import { msg, SETTINGS_API as S } from '@tournament/shared';
import { defineRoute } from '../http/define-route.ts';
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
import { requireCaller as callerOf, router } from '../http/openapi-app.ts';
import {
  ADMIN_MOUNT as MOUNT,
  settingsCommon as common,
  settingsErrors as errors,
} from './admin-settings-kit.ts';

/** What a removal answers, one text per thing (French words have genders). */
const REMOVED = {
  eventType: msg('server.removed.eventType'),
  competitorLevel: msg('server.removed.competitorLevel'),
  event: msg('server.removed.event'),
  division: msg('server.removed.division'),
} as const;
const deleted = (what: keyof typeof REMOVED) => ({ message: REMOVED[what] });

/** Event types, competitor levels, events, divisions, site settings, audit log (decision 007). SuperAdmin only. */
export const adminSettingsRoutes = router()
  // ---- Event types ----
  .openapi(
    defineRoute(MOUNT, S.eventTypes, {
      ...common,
      summary: 'Event types in order, with how many events use each',
      ok: 'Event types',
      errors,
    }),
    async (c) => c.json(await adminListEventTypes(c.get('deps')), 200),
  )
  .openapi(
    defineRoute(MOUNT, S.createEventType, {
      ...common,
      summary: 'Create an event type (placed last)',
      ok: 'Created',
      errors,
    }),
    async (c) => c.json(await createEventType(c.get('deps'), callerOf(c), c.req.valid('json')), 201),
  )
  .openapi(
    defineRoute(MOUNT, S.reorderEventTypes, {
      ...common,
      summary: 'Put the event types in a new order (every id once)',
      ok: 'Event types in the new order',
      errors,
    }),
    async (c) => c.json(await reorderEventTypes(c.get('deps'), callerOf(c), c.req.valid('json').ids), 200),
  )
  .openapi(
    defineRoute(MOUNT, S.updateEventType, {
      ...common,
      summary: 'Edit an event type',
      ok: 'Saved',
      errors,
    }),
    async (c) =>
      c.json(
        await updateEventType(c.get('deps'), callerOf(c), c.req.valid('param').id, c.req.valid('json')),
        200,
      ),
  )
  .openapi(
    defineRoute(MOUNT, S.deleteEventType, {
      ...common,
      summary: 'Remove an event type no event uses',
      ok: 'Removed',
      errors,
    }),
    async (c) => {
      await deleteEventType(c.get('deps'), callerOf(c), c.req.valid('param').id);
      return c.json(deleted('eventType'), 200);
    },
  )
  // ---- Competitor levels ----
  .openapi(
    defineRoute(MOUNT, S.competitorLevels, {
      ...common,
      summary: 'Competitor levels in order',
      ok: 'Competitor levels',
      errors,
    }),
    async (c) => c.json(await adminListCompetitorLevels(c.get('deps')), 200),
  )
  .openapi(
    defineRoute(MOUNT, S.createCompetitorLevel, {
      ...common,
      summary: 'Create a competitor level (placed last)',
      ok: 'Created',
      errors,
    }),
    async (c) => c.json(await createCompetitorLevel(c.get('deps'), callerOf(c), c.req.valid('json')), 201),
  )
  .openapi(
    defineRoute(MOUNT, S.reorderCompetitorLevels, {
      ...common,
      summary: 'Put the competitor levels in a new order (every id once)',
      ok: 'Levels in the new order',
      errors,
    }),
    async (c) =>
      c.json(await reorderCompetitorLevels(c.get('deps'), callerOf(c), c.req.valid('json').ids), 200),
  )
  .openapi(
    defineRoute(MOUNT, S.updateCompetitorLevel, {
      ...common,
      summary: 'Rename a competitor level',
      ok: 'Saved',
      errors,
    }),
    async (c) =>
      c.json(
        await updateCompetitorLevel(c.get('deps'), callerOf(c), c.req.valid('param').id, c.req.valid('json')),
        200,
      ),
  )
  .openapi(
    defineRoute(MOUNT, S.deleteCompetitorLevel, {
      ...common,
      summary: 'Remove a competitor level no competitor or division uses',
      ok: 'Removed',
      errors,
    }),
    async (c) => {
      await deleteCompetitorLevel(c.get('deps'), callerOf(c), c.req.valid('param').id);
      return c.json(deleted('competitorLevel'), 200);
    },
  )
  // ---- Events of a tournament ----
  .openapi(
    defineRoute(MOUNT, S.events, {
      ...common,
      summary: 'Events (of one tournament with ?tournamentId), with entry counts',
      ok: 'Events',
      errors,
    }),
    async (c) => c.json(await adminListEvents(c.get('deps'), c.req.valid('query').tournamentId), 200),
  )
  .openapi(
    defineRoute(MOUNT, S.createEvent, {
      ...common,
      summary: 'Add an event of one event type to a tournament (placed last)',
      ok: 'Created',
      errors,
    }),
    async (c) => c.json(await createEvent(c.get('deps'), callerOf(c), c.req.valid('json')), 201),
  )
  .openapi(
    defineRoute(MOUNT, S.reorderEvents, {
      ...common,
      summary: "Put one tournament's events in a new order (every id of that tournament once)",
      ok: 'Events in the new order',
      errors,
    }),
    async (c) => c.json(await reorderEvents(c.get('deps'), callerOf(c), c.req.valid('json').ids), 200),
  )
  .openapi(
    defineRoute(MOUNT, S.updateEvent, {
      ...common,
      summary: 'Edit an event (it stays in its tournament)',
      ok: 'Saved',
      errors,
    }),
    async (c) =>
      c.json(
        await updateEvent(c.get('deps'), callerOf(c), c.req.valid('param').id, c.req.valid('json')),
        200,
      ),
  )
  .openapi(
    defineRoute(MOUNT, S.deleteEvent, {
      ...common,
      summary: 'Remove an event no competitor entered',
      ok: 'Removed',
      errors,
    }),
    async (c) => {
      await deleteEvent(c.get('deps'), callerOf(c), c.req.valid('param').id);
      return c.json(deleted('event'), 200);
    },
  )
  // ---- Divisions ----
  .openapi(
    defineRoute(MOUNT, S.divisions, {
      ...common,
      summary: 'Division rules in order',
      ok: 'Divisions',
      errors,
    }),
    async (c) => c.json(await adminListDivisions(c.get('deps')), 200),
  )
  .openapi(
    defineRoute(MOUNT, S.createDivision, {
      ...common,
      summary: 'Create a division rule (placed last)',
      ok: 'Created',
      errors,
    }),
    async (c) => c.json(await createDivision(c.get('deps'), callerOf(c), c.req.valid('json')), 201),
  )
  .openapi(
    defineRoute(MOUNT, S.reorderDivisions, {
      ...common,
      summary: 'Put the division rules in a new order (every id once)',
      ok: 'Divisions in the new order',
      errors,
    }),
    async (c) => c.json(await reorderDivisions(c.get('deps'), callerOf(c), c.req.valid('json').ids), 200),
  )
  .openapi(
    defineRoute(MOUNT, S.updateDivision, {
      ...common,
      summary: 'Edit a division rule',
      ok: 'Saved',
      errors,
    }),
    async (c) =>
      c.json(
        await updateDivision(c.get('deps'), callerOf(c), c.req.valid('param').id, c.req.valid('json')),
        200,
      ),
  )
  .openapi(
    defineRoute(MOUNT, S.deleteDivision, {
      ...common,
      summary: 'Remove a division rule',
      ok: 'Removed',
      errors,
    }),
    async (c) => {
      await deleteDivision(c.get('deps'), callerOf(c), c.req.valid('param').id);
      return c.json(deleted('division'), 200);
    },
  )
  // ---- Site settings ----
  .openapi(
    defineRoute(MOUNT, S.siteSettings, {
      ...common,
      summary: 'Site identity, venue, links, feature flags and SMS sender settings',
      ok: 'Site settings',
      errors,
    }),
    async (c) => c.json(await adminGetSiteSettings(c.get('deps')), 200),
  )
  .openapi(
    defineRoute(MOUNT, S.updateSiteSettings, {
      ...common,
      summary: 'Save the site settings (flags take effect at once)',
      ok: 'Saved',
      errors,
    }),
    async (c) => c.json(await updateSiteSettings(c.get('deps'), callerOf(c), c.req.valid('json')), 200),
  )
  // ---- Audit log ----
  .openapi(
    defineRoute(MOUNT, S.auditLog, {
      ...common,
      summary: 'Settings changes, newest first: who, when, before and after',
      ok: 'Audit entries',
      errors,
    }),
    async (c) => c.json(await listAudit(c.get('deps').database.db, c.req.valid('query')), 200),
  );
