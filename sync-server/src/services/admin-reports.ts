import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  AGE_BANDS,
  ageBand,
  ageOnDay,
  GENDER_LABELS,
  isCountedRegistration,
  isoInZone,
  nameMatches,
  toCsv,
  translateText,
  type CompetitorReport,
  type CompetitorReportRow,
  type CompetitorsFilter,
  type Count,
  type Dashboard,
  type Translator,
} from '@tournament/shared';
import {
  competitorEvents,
  competitorLevels,
  competitors,
  events,
  eventTypes,
  payments,
  registrations,
} from '../db/schema.ts';
import type { Caller, Deps } from '../deps.ts';
import { recordAccess } from './access-log.ts';
import { adminListCompetitorLevels } from './settings-catalog.ts';
import { getSiteSettings } from './site-settings.ts';
import { getNextTournament } from './tournaments.ts';

// Decision 013: the dashboard and competitors list of the next tournament (directors only; the
// role table refuses everyone else). A tournament has hundreds of competitors, not millions:
// the rows are read in a few queries and counted here, so the age on tournament day and the
// breakdowns use the same shared rules as the rest of the app.

type NextTournament = NonNullable<Awaited<ReturnType<typeof getNextTournament>>>;

function tournamentHead(t: NextTournament | undefined): Dashboard['tournament'] {
  return t ? { id: t.id, tournamentDate: t.tournamentDate, venue: t.venue, city: t.city } : null;
}

/** The tournament's event types (those its events use, in their order) and every level. */
async function choices(deps: Deps, tournamentId: number) {
  const [types, levels] = await Promise.all([
    deps.database.db
      .selectDistinct({ id: eventTypes.id, title: eventTypes.title, sortOrder: eventTypes.sortOrder })
      .from(events)
      .innerJoin(eventTypes, eq(eventTypes.id, events.eventTypeId))
      .where(eq(events.tournamentId, tournamentId))
      .orderBy(asc(eventTypes.sortOrder), asc(eventTypes.id)),
    adminListCompetitorLevels(deps),
  ]);
  return {
    eventTypes: types.map(({ id, title }) => ({ id, title })),
    levels: levels.map(({ id, name }) => ({ id, name })),
  };
}

/**
 * Every competitor the tournament counts (the shared rule the check-in totals use too: those of
 * completed registrations), with level and events.
 */
async function registeredCompetitors(deps: Deps, t: NextTournament): Promise<CompetitorReportRow[]> {
  const db = deps.database.db;
  const all = await db
    .select({
      isCompleted: registrations.isCompleted,
      id: competitors.id,
      registrationId: competitors.registrationId,
      firstName: competitors.firstName,
      lastName: competitors.lastName,
      dateOfBirth: competitors.dateOfBirth,
      gender: competitors.gender,
      levelId: competitors.competitorLevelId,
      levelName: competitorLevels.name,
      weightKg: competitors.weightKg,
      school: competitors.school,
      checkedInAt: competitors.checkedInAt,
    })
    .from(competitors)
    .innerJoin(registrations, eq(registrations.id, competitors.registrationId))
    .innerJoin(competitorLevels, eq(competitorLevels.id, competitors.competitorLevelId))
    .where(eq(registrations.tournamentId, t.id))
    .orderBy(asc(competitors.lastName), asc(competitors.firstName), asc(competitors.id));
  const rows = all.filter(isCountedRegistration);
  const ids = rows.map((r) => r.id);
  const entered = ids.length
    ? await db
        .select({
          competitorId: competitorEvents.competitorId,
          id: events.id,
          name: events.name,
          eventTypeId: events.eventTypeId,
        })
        .from(competitorEvents)
        .innerJoin(events, eq(events.id, competitorEvents.eventId))
        .where(inArray(competitorEvents.competitorId, ids))
        .orderBy(asc(events.sortOrder), asc(events.id))
    : [];
  const eventsOf = new Map<number, CompetitorReportRow['events']>();
  for (const e of entered) {
    const list = eventsOf.get(e.competitorId) ?? [];
    list.push({ id: e.id, name: e.name, eventTypeId: e.eventTypeId });
    eventsOf.set(e.competitorId, list);
  }
  return rows.map((r) => ({
    id: r.id,
    registrationId: r.registrationId,
    firstName: r.firstName,
    lastName: r.lastName,
    dateOfBirth: r.dateOfBirth,
    age: ageOnDay(r.dateOfBirth, t.tournamentDate),
    gender: r.gender === 1 ? 1 : 2,
    level: { id: r.levelId, name: r.levelName },
    weightKg: r.weightKg ?? null,
    school: r.school,
    events: eventsOf.get(r.id) ?? [],
    checkedInAt: r.checkedInAt ? r.checkedInAt.toISOString() : null,
  }));
}

function tally<K>(
  keys: readonly { id: K; label: string }[],
  values: Iterable<K>,
  idOf: (k: K) => number | null,
): Count[] {
  const counts = new Map<K, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return keys.map((k) => ({ id: idOf(k.id), label: k.label, count: counts.get(k.id) ?? 0 }));
}

/** The dashboard of the next tournament (all zero, tournament null, when there is none). */
export async function getDashboard(deps: Deps): Promise<Dashboard> {
  const t = await getNextTournament(deps);
  const empty: Dashboard = {
    tournament: null,
    registrations: { completed: 0, incomplete: 0 },
    competitors: { total: 0, byEventType: [], byLevel: [], byAgeBand: [], byGender: [] },
    spectators: 0,
    lunch: 0,
    revenue: { online: 0, door: 0, byMethod: { online: 0, cash: 0, card: 0, etransfer: 0 } },
    checkIn: { checkedIn: 0, expected: 0 },
  };
  if (!t) return empty;
  const db = deps.database.db;
  const [regs, paid, rows, { eventTypes: types, levels }] = await Promise.all([
    db
      .select({
        isCompleted: registrations.isCompleted,
        n: sql<number>`count(*)::int`,
        spectators: sql<number>`coalesce(sum(${registrations.spectators}), 0)::int`,
        lunch: sql<number>`coalesce(sum(${registrations.lunch}), 0)::int`,
      })
      .from(registrations)
      .where(eq(registrations.tournamentId, t.id))
      .groupBy(registrations.isCompleted),
    db
      .select({ method: payments.method, amount: sql<number>`coalesce(sum(${payments.amount}), 0)::int` })
      .from(payments)
      .innerJoin(registrations, eq(registrations.id, payments.registrationId))
      .where(and(eq(registrations.tournamentId, t.id), eq(payments.voided, false)))
      .groupBy(payments.method),
    registeredCompetitors(deps, t),
    choices(deps, t.id),
  ]);
  const completed = regs.find((r) => r.isCompleted);
  const byMethod = { ...empty.revenue.byMethod };
  for (const p of paid) byMethod[p.method] = Number(p.amount);
  return {
    tournament: tournamentHead(t),
    registrations: {
      completed: Number(completed?.n ?? 0),
      incomplete: Number(regs.find((r) => !r.isCompleted)?.n ?? 0),
    },
    competitors: {
      total: rows.length,
      byEventType: tally(
        types.map((e) => ({ id: e.id, label: e.title })),
        // A competitor counts once per event type, even when entered in two events of it.
        rows.flatMap((r) => [...new Set(r.events.map((e) => e.eventTypeId))]),
        (id) => id,
      ),
      byLevel: tally(
        levels.map((l) => ({ id: l.id, label: l.name })),
        rows.map((r) => r.level.id),
        (id) => id,
      ),
      byAgeBand: tally(
        AGE_BANDS.map((b) => ({ id: b.label, label: b.label })),
        rows.map((r) => ageBand(r.age)),
        () => null,
      ),
      byGender: tally(
        ([1, 2] as const).map((g) => ({ id: g, label: GENDER_LABELS[g] })),
        rows.map((r) => r.gender),
        (g) => g,
      ),
    },
    spectators: Number(completed?.spectators ?? 0),
    lunch: Number(completed?.lunch ?? 0),
    revenue: {
      online: byMethod.online,
      door: byMethod.cash + byMethod.card + byMethod.etransfer,
      byMethod,
    },
    checkIn: { checkedIn: rows.filter((r) => r.checkedInAt !== null).length, expected: rows.length },
  };
}

/** Whether a competitor passes every filter given. */
export function matchesFilter(r: CompetitorReportRow, f: CompetitorsFilter): boolean {
  if (f.eventTypeId !== undefined && !r.events.some((e) => e.eventTypeId === f.eventTypeId)) return false;
  if (f.levelId !== undefined && r.level.id !== f.levelId) return false;
  if (f.minAge !== undefined && r.age < f.minAge) return false;
  if (f.maxAge !== undefined && r.age > f.maxAge) return false;
  if (f.gender !== undefined && String(r.gender) !== f.gender) return false;
  if (f.checkedIn !== undefined && (r.checkedInAt !== null) !== (f.checkedIn === 'yes')) return false;
  if (f.name && !nameMatches(r.firstName, r.lastName, f.name)) return false;
  return true;
}

/** The next tournament's competitors (completed registrations) that pass the filters. */
export async function listCompetitors(deps: Deps, filter: CompetitorsFilter): Promise<CompetitorReport> {
  const t = await getNextTournament(deps);
  if (!t) return { tournament: null, eventTypes: [], levels: [], competitors: [] };
  const [rows, options] = await Promise.all([registeredCompetitors(deps, t), choices(deps, t.id)]);
  return {
    tournament: tournamentHead(t),
    ...options,
    competitors: rows.filter((r) => matchesFilter(r, filter)),
  };
}

const COMPETITOR_CSV_HEADER = [
  'reports.csv.lastName',
  'reports.csv.firstName',
  'reports.csv.dateOfBirth',
  'reports.csv.age',
  'reports.csv.gender',
  'reports.csv.level',
  'reports.csv.weight',
  'reports.csv.school',
  'reports.csv.events',
  'reports.csv.checkedIn',
  'reports.csv.registration',
] as const;

/**
 * GET /api/admin/competitors.csv: the filtered list as CSV (shared/domain/csv.ts), its column
 * names and genders in the reader's language (`tr`), and the tournament day that names the file
 * ("none" without a next tournament).
 */
export async function competitorsCsv(
  deps: Deps,
  filter: CompetitorsFilter,
  tr: Translator,
  caller?: Caller,
): Promise<{ day: string; csv: string }> {
  const report = await listCompetitors(deps, filter);
  // Each family the file holds, for the access log (decision 045).
  const registrationIds = [...new Set(report.competitors.map((r) => r.registrationId))];
  if (caller && registrationIds.length > 0) {
    const owners = await deps.database.db
      .select({ id: registrations.id, ownerUserId: registrations.ownerUserId })
      .from(registrations)
      .where(inArray(registrations.id, registrationIds));
    await recordAccess(
      deps.database.db,
      caller,
      owners.map((o) => ({
        kind: 'csv',
        familyUserId: o.ownerUserId,
        registrationId: o.id,
        detail: 'competitors.csv',
      })),
      deps.now(),
    );
  }
  // Check-in times as ISO 8601 in the tournament's zone, with the offset (decision 029).
  const { timeZone } = await getSiteSettings(deps);
  const csv = toCsv(
    COMPETITOR_CSV_HEADER.map((key) => tr.t(key)),
    report.competitors.map((r) => [
      r.lastName,
      r.firstName,
      r.dateOfBirth,
      r.age,
      translateText(tr, GENDER_LABELS[r.gender]),
      r.level.name,
      r.weightKg,
      r.school,
      r.events.map((e) => e.name).join('; '),
      r.checkedInAt ? isoInZone(r.checkedInAt, timeZone) : '',
      r.registrationId,
    ]),
  );
  return { day: report.tournament?.tournamentDate ?? 'none', csv };
}
