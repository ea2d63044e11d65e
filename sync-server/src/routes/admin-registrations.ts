import { z } from '@hono/zod-openapi';
import {
  ADMIN_REGISTRATION_PATHS,
  AdminRegistrationDetailSchema,
  AdminRegistrationListSchema,
  AdminRegistrationQuerySchema,
  ErrorBodySchema,
  IdParam,
  ImpersonationSubjectSchema,
  ResendReceiptResultSchema,
} from '@tournament/shared';
import { defineRawRoute } from '../http/define-route.ts';
import { jsonContent as json, requireCaller, router } from '../http/openapi-app.ts';
import {
  deskCsv,
  deskRegistrationDetail,
  listDeskRegistrations,
  resendReceipt,
} from '../services/admin-registrations.ts';
import { startImpersonation } from '../services/impersonation.ts';

// Issue 7: the staff registrations desk and the start of "view as this customer".
// docs/decisions/014-registrations-desk-and-impersonation.md. Thin: validate, call, answer.

const MOUNT = '/api/admin';
const common = { tags: ['staff'], security: [{ bearer: [] }] };
const errors = {
  400: json(ErrorBodySchema, 'Invalid'),
  401: json(ErrorBodySchema, 'Not signed in'),
  403: json(ErrorBodySchema, 'Not staff'),
  404: json(ErrorBodySchema, 'Not found'),
};
const idParam = { params: z.object({ id: IdParam }) };

export const adminRegistrationRoutes = router()
  .openapi(
    defineRawRoute(MOUNT, {
      ...common,
      method: 'get',
      path: ADMIN_REGISTRATION_PATHS.list,
      summary: "The registrations desk: search, filter and sort one tournament's registrations",
      request: { query: AdminRegistrationQuerySchema },
      responses: { 200: json(AdminRegistrationListSchema, 'Rows'), ...errors },
    }),
    async (c) => c.json(await listDeskRegistrations(c.get('deps'), c.req.valid('query'), requireCaller(c)), 200),
  )
  .openapi(
    defineRawRoute(MOUNT, {
      ...common,
      method: 'get',
      path: ADMIN_REGISTRATION_PATHS.csv,
      summary: 'The same rows as a CSV attachment (formula-safe)',
      request: { query: AdminRegistrationQuerySchema },
      responses: {
        200: { description: 'CSV', content: { 'text/csv': { schema: z.string() } } },
        ...errors,
      },
    }),
    async (c) =>
      c.body(await deskCsv(c.get('deps'), c.req.valid('query'), requireCaller(c)), 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="registrations.csv"',
        'Cache-Control': 'no-store',
      }),
  )
  .openapi(
    defineRawRoute(MOUNT, {
      ...common,
      method: 'get',
      path: ADMIN_REGISTRATION_PATHS.get('{id}'),
      summary: 'One registration with its owner, payments, receipts and check-in state',
      request: idParam,
      responses: { 200: json(AdminRegistrationDetailSchema, 'Detail'), ...errors },
    }),
    async (c) => c.json(await deskRegistrationDetail(c.get('deps'), c.req.valid('param').id, requireCaller(c)), 200),
  )
  .openapi(
    defineRawRoute(MOUNT, {
      ...common,
      method: 'post',
      path: ADMIN_REGISTRATION_PATHS.resendReceipt('{id}'),
      summary: "Mails the latest receipt again to the registration's owner",
      request: idParam,
      responses: {
        200: json(ResendReceiptResultSchema, 'Sent'),
        ...errors,
        409: json(ErrorBodySchema, 'No receipt yet'),
        502: json(ErrorBodySchema, 'The mail could not be sent'),
      },
    }),
    async (c) => c.json(await resendReceipt(c.get('deps'), c.req.valid('param').id, requireCaller(c)), 200),
  )
  .openapi(
    defineRawRoute(MOUNT, {
      ...common,
      method: 'post',
      path: ADMIN_REGISTRATION_PATHS.impersonation('{userId}'),
      summary: 'Starts viewing the site as a customer: checks the account, writes the audit entry',
      request: { params: z.object({ userId: IdParam }) },
      responses: {
        200: json(ImpersonationSubjectSchema, 'The customer'),
        ...errors,
        409: json(ErrorBodySchema, 'A staff account, which cannot be viewed as'),
      },
    }),
    async (c) => {
      // The director themself, even when the request already carries a UserContext.
      const actor = c.get('impersonator') ?? requireCaller(c);
      return c.json(await startImpersonation(c.get('deps'), actor, c.req.valid('param').userId), 200);
    },
  );
