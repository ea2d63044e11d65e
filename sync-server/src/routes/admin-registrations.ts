import { ADMIN_REGISTRATION_API as A } from '@tournament/shared';
import { defineRoute } from '../http/define-route.ts';
import { requireCaller, router } from '../http/openapi-app.ts';
import {
  deskCsv,
  deskRegistrationDetail,
  listDeskRegistrations,
  resendReceipt,
} from '../services/admin-registrations.ts';
import { startImpersonation } from '../services/impersonation.ts';

// The staff registrations desk and the start of "view as this customer".
// docs/decisions/014-registrations-desk-and-impersonation.md. Thin: validate, call, answer.

const MOUNT = '/api/admin';
const common = { tags: ['staff'], security: [{ bearer: [] }] };

export const adminRegistrationRoutes = router()
  .openapi(
    defineRoute(MOUNT, A.list, {
      ...common,
      summary: "The registrations desk: search, filter and sort one tournament's registrations",
      ok: 'Rows',
      errors: { 404: 'Not found' },
    }),
    async (c) => c.json(await listDeskRegistrations(c.get('deps'), c.req.valid('query'), requireCaller(c)), 200),
  )
  .openapi(
    defineRoute(MOUNT, A.csv, {
      ...common,
      summary: 'The same rows as a CSV attachment (formula-safe)',
      ok: 'CSV',
      errors: { 404: 'Not found' },
    }),
    async (c) =>
      c.body(await deskCsv(c.get('deps'), c.req.valid('query'), requireCaller(c)), 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="registrations.csv"',
        'Cache-Control': 'no-store',
      }),
  )
  .openapi(
    defineRoute(MOUNT, A.get, {
      ...common,
      summary: 'One registration with its owner, payments, receipts and check-in state',
      ok: 'Detail',
      errors: { 404: 'Not found' },
    }),
    async (c) => c.json(await deskRegistrationDetail(c.get('deps'), c.req.valid('param').id, requireCaller(c)), 200),
  )
  .openapi(
    defineRoute(MOUNT, A.resendReceipt, {
      ...common,
      summary: "Mails the latest receipt again to the registration's owner",
      ok: 'Sent',
      errors: { 404: 'Not found', 409: 'No receipt yet', 502: 'The mail could not be sent' },
    }),
    async (c) => c.json(await resendReceipt(c.get('deps'), c.req.valid('param').id, requireCaller(c)), 200),
  )
  .openapi(
    defineRoute(MOUNT, A.impersonation, {
      ...common,
      summary: 'Starts viewing the site as a customer: checks the account, writes the audit entry',
      ok: 'The customer',
      errors: { 404: 'Not found', 409: 'A staff account, which cannot be viewed as' },
    }),
    async (c) => {
      // The director themself, even when the request already carries a UserContext.
      const actor = c.get('impersonator') ?? requireCaller(c);
      return c.json(await startImpersonation(c.get('deps'), actor, c.req.valid('param').userId), 200);
    },
  );
