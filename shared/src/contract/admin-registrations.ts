import { msg } from '../i18n/message-ref.ts';
import { z } from 'zod';
import { freeText, TEXT_LIMITS } from '../domain/text.ts';
import type { PathParam } from './paths.ts';
import { endpoint } from './endpoint.ts';
import { IdParam, ReceiptSchema, RegistrationSchema } from './registration.ts';

// The staff registrations desk (docs/product.md §2 and §6: registrations list and
// registration detail for the three staff roles), and impersonation (docs/product.md §4 and §7).
// docs/decisions/014-registrations-desk-and-impersonation.md.

export const ADMIN_REGISTRATION_PATHS = {
  /** GET with the desk's query (AdminRegistrationQuerySchema). */
  list: '/api/admin/registrations',
  csv: '/api/admin/registrations.csv',
  get: (id: PathParam) => `/api/admin/registrations/${id}`,
  resendReceipt: (id: PathParam) => `/api/admin/registrations/${id}/resend-receipt`,
  impersonation: (userId: PathParam) => `/api/admin/impersonation/${userId}`,
} as const;

export const ADMIN_REGISTRATION_MESSAGES = {
  noReceipt: msg('adminRegistration.noReceipt'),
  receiptResent: (email: string) => msg('adminRegistration.receiptResent', { email }),
  receiptNotSent: msg('adminRegistration.receiptNotSent'),
  noEmail: msg('adminRegistration.noEmail'),
  impersonationNotAllowed: msg('adminRegistration.impersonationNotAllowed'),
  impersonationInvalid: msg('adminRegistration.impersonationInvalid'),
  impersonationUnknown: msg('adminRegistration.impersonationUnknown'),
  impersonationStaff: msg('adminRegistration.impersonationStaff'),
} as const;

/** The request header carrying the impersonated user id (docs/product.md §7). */
export const USER_CONTEXT_HEADER = 'UserContext';

const yesNo = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true')
  .optional();

export const ADMIN_REGISTRATION_SORTS = ['family', 'created', 'balance'] as const;
/** GET /api/admin/registrations (and .csv): which rows, in what order. */
export const AdminRegistrationQuerySchema = z.object({
  /** Default: the next tournament (docs/product.md §4). */
  tournamentId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  /** Owner name, e-mail or phone, a competitor's name, or a confirmation code. */
  q: freeText(TEXT_LIMITS.search).optional(),
  complete: yesNo,
  balanceOwing: yesNo,
  /** true: every competitor checked in; false: at least one not yet. */
  checkedIn: yesNo,
  sort: z.enum(ADMIN_REGISTRATION_SORTS).default('created'),
  dir: z.enum(['asc', 'desc']).optional(),
});
export type AdminRegistrationQuery = z.input<typeof AdminRegistrationQuerySchema>;

export const AdminRegistrationRowSchema = z.object({
  registrationId: z.number().int(),
  tournamentId: z.number().int(),
  family: z.object({
    ownerId: z.number().int(),
    name: z.string(),
    /** Empty for a walk-in registered at the door without an account. */
    email: z.string(),
    phone: z.string(),
  }),
  /** Registered at the door (registerWalkIn): its owner is a guest with no account or e-mail. */
  walkIn: z.boolean(),
  competitorCount: z.number().int(),
  checkedInCount: z.number().int(),
  competitorNames: z.array(z.string()),
  spectators: z.number().int(),
  lunch: z.number().int(),
  cost: z.number().int(),
  paid: z.number().int(),
  balanceOwing: z.number().int(),
  complete: z.boolean(),
  confirmationCode: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminRegistrationRow = z.infer<typeof AdminRegistrationRowSchema>;

export const AdminRegistrationListSchema = z.object({
  /** The tournament the rows belong to; null when there is none to default to. */
  tournamentId: z.number().int().nullable(),
  rows: z.array(AdminRegistrationRowSchema),
});
export type AdminRegistrationList = z.infer<typeof AdminRegistrationListSchema>;

export const AdminPaymentSchema = z.object({
  id: z.string(),
  method: z.enum(['online', 'cash', 'card', 'etransfer']),
  amount: z.number().int(),
  voided: z.boolean(),
  recordedBy: z.string().nullable(),
  createdAt: z.string(),
});
export const AdminRegistrationDetailSchema = z.object({
  registration: RegistrationSchema,
  owner: z.object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    /** A staff account cannot be viewed as (impersonated). */
    isStaff: z.boolean(),
    /** A walk-in's guest: no account to view as, no e-mail (email is empty). */
    isGuest: z.boolean(),
  }),
  payments: z.array(AdminPaymentSchema),
  /** Every receipt issued, newest first. */
  receipts: z.array(ReceiptSchema),
  competitors: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      checkedInAt: z.string().nullable(),
    }),
  ),
});
export type AdminRegistrationDetail = z.infer<typeof AdminRegistrationDetailSchema>;

export const ResendReceiptResultSchema = z.object({
  message: z.string(),
  confirmationCode: z.string(),
  to: z.string(),
});
export type ResendReceiptResult = z.infer<typeof ResendReceiptResultSchema>;

/** POST /api/admin/impersonation/{userId}: who the caller now views the site as. */
export const ImpersonationSubjectSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  email: z.string(),
});
export type ImpersonationSubject = z.infer<typeof ImpersonationSubjectSchema>;

// ---- The endpoints (decision 035) ----

const P = ADMIN_REGISTRATION_PATHS;
export const ADMIN_REGISTRATION_API = {
  list: endpoint({
    method: 'get',
    path: P.list,
    query: AdminRegistrationQuerySchema,
    response: AdminRegistrationListSchema,
  }),
  csv: endpoint({
    method: 'get',
    path: P.csv,
    query: AdminRegistrationQuerySchema,
    response: { file: 'text/csv' },
  }),
  get: endpoint({
    method: 'get',
    path: P.get('{id}'),
    params: z.object({ id: IdParam }),
    response: AdminRegistrationDetailSchema,
  }),
  resendReceipt: endpoint({
    method: 'post',
    path: P.resendReceipt('{id}'),
    params: z.object({ id: IdParam }),
    response: ResendReceiptResultSchema,
  }),
  impersonation: endpoint({
    method: 'post',
    path: P.impersonation('{userId}'),
    params: z.object({ userId: IdParam }),
    response: ImpersonationSubjectSchema,
  }),
} as const;
