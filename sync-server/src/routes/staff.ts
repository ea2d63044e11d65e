import { STAFF_API as S } from '@tournament/shared';
import { clientAddress } from '../http/client-address.ts';
import { defineRoute } from '../http/define-route.ts';
import { requestLocale } from '../http/locale.ts';
import { requireCaller, router } from '../http/openapi-app.ts';
import {
  acceptInvite,
  changeStaffRole,
  checkInvite,
  inviteStaff,
  listStaff,
  revokeStaff,
  withdrawInvite,
} from '../services/staff.ts';

// The Staff page (docs/decisions/049-staff-invites.md): super admins invite, change roles and
// revoke; the invitee's link (its secret proves it) sets a password and signs in.

const MOUNT = '/api';
const admin = { tags: ['staff'], security: [{ bearer: [] }] };

export const staffRoutes = router()
  .openapi(
    defineRoute(MOUNT, S.list, {
      ...admin,
      summary:
        'The staff accounts (every role but Customer) with their last sign-in, and the pending invitations',
      ok: 'The list',
    }),
    async (c) => c.json(await listStaff(c.get('deps')), 200),
  )
  .openapi(
    defineRoute(MOUNT, S.invite, {
      ...admin,
      summary:
        'Invites someone by e-mail with a role: mails a link to set a password (72 hours, single use); audited',
      ok: 'Invited',
      errors: {
        409: 'The e-mail already belongs to a staff account',
        429: 'Too many invitations (see Retry-After)',
        502: 'The mail could not be sent (no invitation kept)',
      },
    }),
    async (c) => {
      const message = await inviteStaff(
        c.get('deps'),
        requireCaller(c),
        c.req.valid('json'),
        requestLocale(c),
      );
      return c.json({ message }, 200);
    },
  )
  .openapi(
    defineRoute(MOUNT, S.withdrawInvite, {
      ...admin,
      summary: 'Withdraws a pending invitation: its link stops working at once; audited',
      ok: 'Withdrawn',
      errors: { 404: 'No such pending invitation' },
    }),
    async (c) => {
      const message = await withdrawInvite(c.get('deps'), requireCaller(c), c.req.valid('param').inviteId);
      return c.json({ message }, 200);
    },
  )
  .openapi(
    defineRoute(MOUNT, S.changeRole, {
      ...admin,
      summary: "Changes a staff account's role; audited",
      ok: 'Changed',
      errors: { 404: 'Not a staff account', 409: 'Your own account, or the last SuperAdmin' },
    }),
    async (c) => {
      const message = await changeStaffRole(
        c.get('deps'),
        requireCaller(c),
        c.req.valid('param').userId,
        c.req.valid('json').role,
      );
      return c.json({ message }, 200);
    },
  )
  .openapi(
    defineRoute(MOUNT, S.revoke, {
      ...admin,
      summary:
        'Revokes a staff account: it keeps only the Customer role, and its sessions and synced devices end at once; audited',
      ok: 'Revoked',
      errors: { 404: 'Not a staff account', 409: 'Your own account, or the last SuperAdmin' },
    }),
    async (c) => {
      const message = await revokeStaff(c.get('deps'), requireCaller(c), c.req.valid('param').userId);
      return c.json({ message }, 200);
    },
  )
  .openapi(
    defineRoute(MOUNT, S.inviteCheck, {
      tags: ['users'],
      summary: 'Who an invitation link is for (its page greets them), or why it no longer works',
      ok: 'The invitation',
      errors: { 400: 'Used, expired or withdrawn link', 429: 'Too many attempts' },
    }),
    async (c) => c.json(await checkInvite(c.get('deps'), c.req.valid('json').token, clientAddress(c)), 200),
  )
  .openapi(
    defineRoute(MOUNT, S.inviteAccept, {
      tags: ['users'],
      summary:
        'Sets the password with an invitation link (single use): creates the account, or gives the existing one the role, and signs in',
      ok: 'Signed in',
      errors: { 400: 'Used, expired or withdrawn link, or a common password', 429: 'Too many attempts' },
    }),
    async (c) => c.json(await acceptInvite(c.get('deps'), c.req.valid('json'), clientAddress(c)), 200),
  );
