import { ADMIN_REPORT_API as A, translatorFor } from '@tournament/shared';
import { requestLocale } from '../http/locale.ts';
import { defineRoute } from '../http/define-route.ts';
import { requireCaller, router } from '../http/openapi-app.ts';
import { competitorsCsv, getDashboard, listCompetitors } from '../services/admin-reports.ts';

// The live dashboard and the competitors list (TournamentDirector, SuperAdmin; decision 013).

const MOUNT = '/api/admin';
const common = { tags: ['admin desk'], security: [{ bearer: [] }] };

export const adminReportRoutes = router()
  .openapi(
    defineRoute(MOUNT, A.dashboard, {
      ...common,
      summary:
        'Counts of the next tournament: registrations, competitors, spectators, lunch, revenue, check-in',
      ok: 'Dashboard',
    }),
    async (c) => c.json(await getDashboard(c.get('deps')), 200),
  )
  .openapi(
    defineRoute(MOUNT, A.competitors, {
      ...common,
      summary: "The next tournament's competitors (completed registrations), filtered",
      ok: 'Competitors and filter choices',
      errors: { 400: 'Invalid filter (docs/product.md §8 shape)' },
    }),
    async (c) => c.json(await listCompetitors(c.get('deps'), c.req.valid('query')), 200),
  )
  .openapi(
    defineRoute(MOUNT, A.competitorsCsv, {
      ...common,
      summary:
        "The same list as CSV in the reader's language (cells a spreadsheet would run as formulas are defused)",
      ok: 'text/csv',
      errors: { 400: 'Invalid filter (docs/product.md §8 shape)' },
    }),
    async (c) => {
      const reader = translatorFor(requestLocale(c));
      const { day, csv } = await competitorsCsv(
        c.get('deps'),
        c.req.valid('query'),
        reader,
        requireCaller(c),
      );
      return c.body(csv, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="competitors-${day}.csv"`,
        'Cache-Control': 'no-store',
      });
    },
  );
