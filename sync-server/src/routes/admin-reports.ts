import {
  ADMIN_REPORT_PATHS,
  CompetitorReportSchema,
  CompetitorsQuerySchema,
  DashboardSchema,
  ErrorBodySchema,
} from '@tournament/shared';
import { z } from '@hono/zod-openapi';
import { defineRawRoute } from '../http/define-route.ts';
import { jsonContent as json, router } from '../http/openapi-app.ts';
import { competitorsCsv, getDashboard, listCompetitors } from '../services/admin-reports.ts';

// Issue 7: the live dashboard and the competitors list (TournamentDirector, SuperAdmin).

const MOUNT = '/api/admin';
const common = { tags: ['admin desk'], security: [{ bearer: [] }] };
const errors = {
  400: json(ErrorBodySchema, 'Invalid filter (SPEC.md section 8 shape)'),
  401: json(ErrorBodySchema, 'Not signed in'),
  403: json(ErrorBodySchema, 'Not a TournamentDirector or SuperAdmin'),
};

export const adminReportRoutes = router()
  .openapi(
    defineRawRoute(MOUNT, {
      ...common,
      method: 'get',
      path: ADMIN_REPORT_PATHS.dashboard,
      summary:
        'Counts of the next tournament: registrations, competitors, spectators, lunch, revenue, check-in',
      responses: { 200: json(DashboardSchema, 'Dashboard'), ...errors },
    }),
    async (c) => c.json(await getDashboard(c.get('deps')), 200),
  )
  .openapi(
    defineRawRoute(MOUNT, {
      ...common,
      method: 'get',
      path: ADMIN_REPORT_PATHS.competitors,
      summary: "The next tournament's competitors (completed registrations), filtered",
      request: { query: CompetitorsQuerySchema },
      responses: { 200: json(CompetitorReportSchema, 'Competitors and filter choices'), ...errors },
    }),
    async (c) => c.json(await listCompetitors(c.get('deps'), c.req.valid('query')), 200),
  )
  .openapi(
    defineRawRoute(MOUNT, {
      ...common,
      method: 'get',
      path: ADMIN_REPORT_PATHS.competitorsCsv,
      summary: 'The same list as CSV (cells a spreadsheet would run as formulas are defused)',
      request: { query: CompetitorsQuerySchema },
      responses: {
        200: { description: 'text/csv', content: { 'text/csv': { schema: z.string() } } },
        ...errors,
      },
    }),
    async (c) => {
      const { day, csv } = await competitorsCsv(c.get('deps'), c.req.valid('query'));
      return c.body(csv, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="competitors-${day}.csv"`,
        'Cache-Control': 'no-store',
      });
    },
  );
