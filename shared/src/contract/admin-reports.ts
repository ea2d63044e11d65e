import { z } from 'zod';
import { freeText, TEXT_LIMITS } from '../domain/text.ts';
import { msg } from '../i18n/message-ref.ts';
import { queryString } from './paths.ts';
import { endpoint } from './endpoint.ts';

// The staff desk's reports under /api/admin (TournamentDirector, SuperAdmin): the live dashboard
// of the next tournament and its competitors list (decision 013).

export const ADMIN_REPORT_PATHS = {
  dashboard: '/api/admin/dashboard',
  /** GET with the filter's query string (competitorsQueryString). */
  competitors: '/api/admin/competitors',
  competitorsCsv: '/api/admin/competitors.csv',
} as const;

/**
 * Age bands the dashboard counts, by age on tournament day (docs/product.md §5 rules and the
 * divisions use the same age). Chosen to follow the usual junior/youth/adult/veteran split of
 * open tournaments; each band is `[min, max]` in whole years, `max` null for "and over".
 */
export const AGE_BANDS = [
  { label: msg('reports.ageBand.under', { max: 7 }), min: 0, max: 7 },
  { label: msg('reports.ageBand.range', { min: 8, max: 12 }), min: 8, max: 12 },
  { label: msg('reports.ageBand.range', { min: 13, max: 17 }), min: 13, max: 17 },
  { label: msg('reports.ageBand.range', { min: 18, max: 34 }), min: 18, max: 34 },
  { label: msg('reports.ageBand.over', { min: 35 }), min: 35, max: null },
] as const;

/** The band label of an age. */
export function ageBand(age: number): string {
  const band = AGE_BANDS.find((b) => age >= b.min && (b.max === null || age <= b.max));
  return (band ?? AGE_BANDS[0]).label;
}

export const GENDER_LABELS: Record<1 | 2, string> = {
  1: msg('reports.gender.male'),
  2: msg('reports.gender.female'),
};

/** One bar of a breakdown: what is counted (an id when it has one) and how many. */
export const CountSchema = z.object({
  id: z.number().int().nullable(),
  label: z.string(),
  count: z.number().int(),
});
export type Count = z.infer<typeof CountSchema>;

export const DashboardSchema = z.object({
  /** The next tournament (docs/product.md §4), or null when none is scheduled (every count 0). */
  tournament: z
    .object({ id: z.number().int(), tournamentDate: z.string(), venue: z.string(), city: z.string() })
    .nullable(),
  registrations: z.object({ completed: z.number().int(), incomplete: z.number().int() }),
  /** Competitors of completed registrations, by each breakdown. */
  competitors: z.object({
    total: z.number().int(),
    byEventType: z.array(CountSchema),
    byLevel: z.array(CountSchema),
    byAgeBand: z.array(CountSchema),
    byGender: z.array(CountSchema),
  }),
  /** Spectator passes and lunch tickets of completed registrations. */
  spectators: z.number().int(),
  lunch: z.number().int(),
  /** Whole dollars of payments not voided: online (Stripe) and at the door (cash, card, e-transfer). */
  revenue: z.object({
    online: z.number().int(),
    door: z.number().int(),
    byMethod: z.object({
      online: z.number().int(),
      cash: z.number().int(),
      card: z.number().int(),
      etransfer: z.number().int(),
    }),
  }),
  /** Competitors checked in, of those expected (every competitor of a completed registration). */
  checkIn: z.object({ checkedIn: z.number().int(), expected: z.number().int() }),
});
export type Dashboard = z.infer<typeof DashboardSchema>;

const YES_NO = ['yes', 'no'] as const;
const optionalId = z.coerce.number().int().positive().max(2_147_483_647).optional();
const optionalAge = z.coerce.number().int().min(0).max(150).optional();

/** Filters of the competitors list (query string); each one left out matches everyone. */
export const CompetitorsQuerySchema = z
  .object({
    eventTypeId: optionalId,
    levelId: optionalId,
    minAge: optionalAge,
    maxAge: optionalAge,
    gender: z.enum(['1', '2']).optional(),
    checkedIn: z.enum(YES_NO).optional(),
    /** Words that start the competitor's first or last name (shared/domain/names.ts). */
    name: freeText(TEXT_LIMITS.search).optional(),
  })
  .refine((q) => q.minAge === undefined || q.maxAge === undefined || q.minAge <= q.maxAge, {
    path: ['maxAge'],
    message: msg('reports.field.ageRange'),
  });
export type CompetitorsQuery = z.input<typeof CompetitorsQuerySchema>;
export type CompetitorsFilter = z.output<typeof CompetitorsQuerySchema>;

export const CompetitorReportRowSchema = z.object({
  id: z.number().int(),
  registrationId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  dateOfBirth: z.string(),
  /** Age on tournament day. */
  age: z.number().int(),
  gender: z.union([z.literal(1), z.literal(2)]),
  level: z.object({ id: z.number().int(), name: z.string() }),
  weightKg: z.number().nullable(),
  school: z.string(),
  events: z.array(z.object({ id: z.number().int(), name: z.string(), eventTypeId: z.number().int() })),
  checkedInAt: z.string().nullable(),
});
export type CompetitorReportRow = z.infer<typeof CompetitorReportRowSchema>;

export const CompetitorReportSchema = z.object({
  tournament: DashboardSchema.shape.tournament,
  /** Choices for the filters: event types and levels of this tournament. */
  eventTypes: z.array(z.object({ id: z.number().int(), title: z.string() })),
  levels: z.array(z.object({ id: z.number().int(), name: z.string() })),
  competitors: z.array(CompetitorReportRowSchema),
});
export type CompetitorReport = z.infer<typeof CompetitorReportSchema>;

/** The query string of a filter (the page, the CSV link and the tests build it the same way). */
export const competitorsQueryString = (q: CompetitorsQuery): string => queryString(q);

// ---- The endpoints (decision 035) ----

export const ADMIN_REPORT_API = {
  dashboard: endpoint({ method: 'get', path: ADMIN_REPORT_PATHS.dashboard, response: DashboardSchema }),
  competitors: endpoint({
    method: 'get',
    path: ADMIN_REPORT_PATHS.competitors,
    query: CompetitorsQuerySchema,
    response: CompetitorReportSchema,
  }),
  competitorsCsv: endpoint({
    method: 'get',
    path: ADMIN_REPORT_PATHS.competitorsCsv,
    query: CompetitorsQuerySchema,
    response: { file: 'text/csv' },
  }),
} as const;
