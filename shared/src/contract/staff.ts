import { z } from 'zod';
import { ADMIN_AREA_ROLES } from '../domain/roles.ts';
import { msg } from '../i18n/message-ref.ts';
import { emailField, passwordField, requiredText, secretText } from '../domain/validation.ts';
import { endpoint } from './endpoint.ts';
import type { PathParam } from './paths.ts';
import { MessageSchema } from './public.ts';
import { IdParam } from './registration.ts';
import { AuthResponseSchema } from './users.ts';

// The Staff page (docs/decisions/049-staff-invites.md): a super admin invites volunteers by
// e-mail with a role, changes a staff account's role, revokes an account; the invitee sets a
// password through the mailed link (72 hours, single use) and is signed in.

/** The roles a staff account can hold: every account role but Customer. */
export const STAFF_ACCOUNT_ROLES = ADMIN_AREA_ROLES;
export type StaffAccountRole = (typeof STAFF_ACCOUNT_ROLES)[number];

/** How long an invitation link stands. */
export const INVITE_LINK_HOURS = 72;

export const STAFF_PATHS = {
  /** GET: the staff accounts and the pending invitations. */
  list: '/api/admin/staff',
  /** POST: invite someone by e-mail with a role. */
  invite: '/api/admin/staff/invites',
  /** DELETE: withdraw a pending invitation. */
  invitation: (inviteId: PathParam) => `/api/admin/staff/invites/${inviteId}`,
  /** PUT: another role for a staff account. */
  role: (userId: PathParam) => `/api/admin/staff/${userId}/role`,
  /** POST: the account loses its staff role; its sessions and devices end at once. */
  revoke: (userId: PathParam) => `/api/admin/staff/${userId}/revoke`,
  /** POST: what an invitation link is for (before its form shows), or why it no longer works. */
  inviteCheck: '/api/users/invite/check',
  /** POST: the invitee sets a password with the link; answers a session. */
  inviteAccept: '/api/users/invite/accept',
} as const;

export const STAFF_MESSAGES = {
  invited: msg('staff.invited'),
  inviteWithdrawn: msg('staff.inviteWithdrawn'),
  roleChanged: msg('staff.roleChanged'),
  revoked: msg('staff.revoked'),
  alreadyStaff: msg('staff.alreadyStaff'),
  notStaff: msg('staff.notStaff'),
  notYourself: msg('staff.notYourself'),
  lastSuperAdmin: msg('staff.lastSuperAdmin'),
  inviteNotFound: msg('staff.inviteNotFound'),
  linkInvalid: msg('staff.linkInvalid'),
  mailFailed: msg('staff.mailFailed'),
} as const;

const role = z.enum(STAFF_ACCOUNT_ROLES);

export const StaffInviteRequestSchema = z.object({
  email: emailField(),
  firstName: requiredText(100),
  lastName: requiredText(100),
  role,
});
export type StaffInviteRequest = z.input<typeof StaffInviteRequestSchema>;

export const StaffRoleRequestSchema = z.object({ role });

/** The link's secret (base64url, 43 characters for 256 bits). */
const inviteToken = () => secretText(200);

export const InviteCheckRequestSchema = z.object({ token: inviteToken() });
export const InviteAcceptRequestSchema = z.object({ token: inviteToken(), password: passwordField() });
export type InviteAcceptRequest = z.input<typeof InviteAcceptRequestSchema>;

export const InviteCheckSchema = z.object({
  email: z.string(),
  firstName: z.string(),
  role: z.enum(STAFF_ACCOUNT_ROLES),
});
export type InviteCheck = z.infer<typeof InviteCheckSchema>;

export const StaffListSchema = z.object({
  accounts: z.array(
    z.object({
      id: z.number().int(),
      email: z.string(),
      name: z.string(),
      role: z.enum(STAFF_ACCOUNT_ROLES),
      /** ISO 8601; null if the account never signed in. */
      lastSignInAt: z.string().nullable(),
    }),
  ),
  invites: z.array(
    z.object({
      id: z.number().int(),
      email: z.string(),
      name: z.string(),
      role: z.enum(STAFF_ACCOUNT_ROLES),
      invitedBy: z.string(),
      /** ISO 8601. */
      expiresAt: z.string(),
    }),
  ),
});
export type StaffList = z.infer<typeof StaffListSchema>;

export const STAFF_API = {
  list: endpoint({ method: 'get', path: STAFF_PATHS.list, response: StaffListSchema }),
  invite: endpoint({
    method: 'post',
    path: STAFF_PATHS.invite,
    body: StaffInviteRequestSchema,
    response: MessageSchema,
  }),
  withdrawInvite: endpoint({
    method: 'delete',
    path: STAFF_PATHS.invitation('{inviteId}'),
    params: z.object({ inviteId: IdParam }),
    response: MessageSchema,
  }),
  changeRole: endpoint({
    method: 'put',
    path: STAFF_PATHS.role('{userId}'),
    params: z.object({ userId: IdParam }),
    body: StaffRoleRequestSchema,
    response: MessageSchema,
  }),
  revoke: endpoint({
    method: 'post',
    path: STAFF_PATHS.revoke('{userId}'),
    params: z.object({ userId: IdParam }),
    response: MessageSchema,
  }),
  inviteCheck: endpoint({
    method: 'post',
    path: STAFF_PATHS.inviteCheck,
    body: InviteCheckRequestSchema,
    response: InviteCheckSchema,
  }),
  inviteAccept: endpoint({
    method: 'post',
    path: STAFF_PATHS.inviteAccept,
    body: InviteAcceptRequestSchema,
    response: AuthResponseSchema,
  }),
} as const;
