import crypto from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  fullName,
  INVITE_LINK_HOURS,
  STAFF_ACCOUNT_ROLES,
  STAFF_MESSAGES,
  translatorFor,
  USER_MESSAGES,
  type AuthResponse,
  type InviteAcceptRequestSchema,
  type InviteCheck,
  type Locale,
  type StaffAccountRole,
  type StaffInviteRequestSchema,
  type StaffList,
} from '@tournament/shared';
import type { Tx } from '../db/client.ts';
import { staffInvites, users } from '../db/schema.ts';
import type { Caller, Deps } from '../deps.ts';
import { DomainError } from '../lib/errors.ts';
import { logger } from '../lib/logger.ts';
import { assertWithinRateLimit } from '../lib/rate-limit.ts';
import { accountMail, issueSession } from './accounts.ts';
import { writeAudit } from './audit.ts';
import { endSessionsAndDevices } from './erasure.ts';
import { hashPassword, isCommonPassword } from './passwords.ts';
import { getSiteSettings } from './site-settings.ts';
import { forgetCaller } from './tokens.ts';

// The Staff page (docs/decisions/049-staff-invites.md): invitations by e-mail with a role, role
// changes and revocation, by super admins; every change audited in the same transaction.

export const INVITE_LINK_MS = INVITE_LINK_HOURS * 60 * 60 * 1000;

/**
 * Rate limits, [limit, window seconds]: invitations per super admin (each one sends a mail), and
 * uses of a link as for a password reset: per link (its hash) and per client address.
 */
export const STAFF_LIMITS = {
  invite: [30, 60 * 60],
  link: [10, 60 * 60],
  address: [30, 60 * 60],
} as const;

const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
/** 256 random bits, URL-safe: never guessed, and kept only as its hash. */
const randomSecret = () => crypto.randomBytes(32).toString('base64url');
const byEmail = (email: string) => sql`lower(${users.email}) = lower(${email})`;
const staffRoleArray = sql`array[${sql.join(
  STAFF_ACCOUNT_ROLES.map((r) => sql`${r}`),
  sql`, `,
)}]::text[]`;

/** The staff role an account holds (the highest, should it hold several), or undefined. */
export function staffRoleOf(roles: readonly string[]): StaffAccountRole | undefined {
  return [...STAFF_ACCOUNT_ROLES].reverse().find((r) => roles.includes(r));
}

/** GET /api/admin/staff: the staff accounts (any role but Customer) and the pending invitations. */
export async function listStaff(deps: Deps): Promise<StaffList> {
  const db = deps.database.db;
  const now = deps.now();
  const [accounts, invites] = await Promise.all([
    db
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        roles: users.roles,
        lastSignInAt: users.lastSignInAt,
      })
      .from(users)
      .where(and(sql`${users.roles} && ${staffRoleArray}`, isNull(users.erasedAt)))
      .orderBy(users.lastName, users.firstName, users.id),
    db
      .select()
      .from(staffInvites)
      .where(
        and(isNull(staffInvites.usedAt), isNull(staffInvites.revokedAt), gt(staffInvites.expiresAt, now)),
      )
      .orderBy(staffInvites.id),
  ]);
  return {
    accounts: accounts.flatMap((a) => {
      const role = staffRoleOf(a.roles);
      if (!role) return [];
      return [
        {
          id: a.id,
          email: a.email,
          name: fullName(a.firstName, a.lastName),
          role,
          lastSignInAt: a.lastSignInAt?.toISOString() ?? null,
        },
      ];
    }),
    invites: invites.flatMap((i) => {
      const role = staffRoleOf([i.role]);
      if (!role) return [];
      return [
        {
          id: i.id,
          email: i.email,
          name: fullName(i.firstName, i.lastName),
          role,
          invitedBy: i.invitedByName,
          expiresAt: i.expiresAt.toISOString(),
        },
      ];
    }),
  };
}

/**
 * POST /api/admin/staff/invites: mails a link to set a password (72 hours, single use). An address
 * that already belongs to a staff account is refused (its role is changed in the list); one that
 * belongs to a customer account is invited, and that account gets the role when the link is used.
 * A new invitation to an address withdraws its pending one. The mail is in `locale`, the inviting
 * super admin's language.
 */
export async function inviteStaff(
  deps: Deps,
  caller: Caller,
  input: z.output<typeof StaffInviteRequestSchema>,
  locale: Locale,
): Promise<string> {
  await assertWithinRateLimit(
    deps.database.db,
    `staff-invite:actor:${caller.personId}`,
    STAFF_LIMITS.invite[0],
    STAFF_LIMITS.invite[1],
  );
  const now = deps.now();
  const email = input.email.trim();
  const secret = randomSecret();
  const inviteId = await deps.database.db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ roles: users.roles })
      .from(users)
      .where(and(byEmail(email), isNull(users.erasedAt)))
      .limit(1);
    if (existing && staffRoleOf(existing.roles))
      throw new DomainError('already_staff', STAFF_MESSAGES.alreadyStaff, 409, {
        email: STAFF_MESSAGES.alreadyStaff,
      });
    await tx
      .update(staffInvites)
      .set({ revokedAt: now })
      .where(
        and(
          sql`lower(${staffInvites.email}) = lower(${email})`,
          isNull(staffInvites.usedAt),
          isNull(staffInvites.revokedAt),
        ),
      );
    const [row] = await tx
      .insert(staffInvites)
      .values({
        email,
        firstName: input.firstName,
        lastName: input.lastName,
        role: input.role,
        tokenHash: sha256(secret),
        invitedByUserId: caller.personId,
        invitedByName: caller.displayName,
        expiresAt: new Date(now.getTime() + INVITE_LINK_MS),
      })
      .returning({ id: staffInvites.id });
    if (!row) throw new Error('insert returned nothing');
    await writeAudit(
      tx,
      caller,
      {
        entity: 'staffInvite',
        entityId: row.id,
        action: 'create',
        before: null,
        after: { email, role: input.role, existingAccount: existing !== undefined },
      },
      now,
    );
    return row.id;
  });

  const site = await getSiteSettings(deps);
  const tr = translatorFor(locale);
  try {
    await deps.mailer.send(
      accountMail(
        email,
        tr.t('mail.invite.subject', { prefix: site.sitePrefix }),
        [
          tr.t('mail.hello', { firstName: input.firstName }),
          tr.t('mail.invite.body', {
            inviter: caller.displayName,
            siteName: site.siteName,
            role: input.role,
          }),
        ],
        `${deps.config.publicUrl}/user/invite/${secret}`,
      ),
    );
  } catch (err) {
    // A link nobody received must not stay usable.
    logger.error({ err }, 'staff invitation mail failed');
    await deps.database.db.update(staffInvites).set({ revokedAt: now }).where(eq(staffInvites.id, inviteId));
    throw new DomainError('mail_failed', STAFF_MESSAGES.mailFailed, 502);
  }
  return STAFF_MESSAGES.invited;
}

/** DELETE /api/admin/staff/invites/{inviteId}: the pending link stops working at once. */
export async function withdrawInvite(deps: Deps, caller: Caller, inviteId: number): Promise<string> {
  const now = deps.now();
  await deps.database.db.transaction(async (tx) => {
    const [row] = await tx
      .update(staffInvites)
      .set({ revokedAt: now })
      .where(and(eq(staffInvites.id, inviteId), isNull(staffInvites.usedAt), isNull(staffInvites.revokedAt)))
      .returning({ email: staffInvites.email, role: staffInvites.role });
    if (!row) throw new DomainError('not_found', STAFF_MESSAGES.inviteNotFound, 404);
    await writeAudit(
      tx,
      caller,
      { entity: 'staffInvite', entityId: inviteId, action: 'revoke', before: row, after: null },
      now,
    );
  });
  return STAFF_MESSAGES.inviteWithdrawn;
}

/**
 * The staff account `userId`, locked for the change; refused for the caller's own account, for an
 * account that is not staff, and (`losesSuperAdmin`) for the last SuperAdmin.
 */
async function lockStaffAccount(
  tx: Tx,
  caller: Caller,
  userId: number,
  losesSuperAdmin: (role: string) => boolean,
) {
  if (userId === caller.personId) throw new DomainError('not_yourself', STAFF_MESSAGES.notYourself, 409);
  // Every super admin is locked first, in id order: two changes at once cannot both leave none.
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(sql`'SuperAdmin' = any(${users.roles})`, isNull(users.erasedAt)))
    .orderBy(users.id)
    .for('update');
  const [user] = await tx
    .select({ id: users.id, roles: users.roles, tokenVersion: users.tokenVersion, erasedAt: users.erasedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  const role = user && !user.erasedAt ? staffRoleOf(user.roles) : undefined;
  if (!user || !role) throw new DomainError('not_found', STAFF_MESSAGES.notStaff, 404);
  if (role === 'SuperAdmin' && losesSuperAdmin(role) && admins.filter((a) => a.id !== userId).length === 0)
    throw new DomainError('last_super_admin', STAFF_MESSAGES.lastSuperAdmin, 409);
  return { ...user, role };
}

/**
 * PUT /api/admin/staff/{userId}/role. The servers read an account's roles again once it changes
 * (decision 057), so the change holds at the account's next request; its screens follow at its
 * next token refresh.
 */
export async function changeStaffRole(
  deps: Deps,
  caller: Caller,
  userId: number,
  role: StaffAccountRole,
): Promise<string> {
  const now = deps.now();
  await deps.database.db.transaction(async (tx) => {
    const user = await lockStaffAccount(tx, caller, userId, () => role !== 'SuperAdmin');
    if (user.role === role) return;
    await tx
      .update(users)
      .set({ roles: [role], updatedAt: now })
      .where(eq(users.id, userId));
    await writeAudit(
      tx,
      caller,
      {
        entity: 'staffAccount',
        entityId: userId,
        action: 'update',
        before: { role: user.role },
        after: { role },
      },
      now,
    );
  });
  forgetCaller(deps.cache, userId);
  return STAFF_MESSAGES.roleChanged;
}

/**
 * POST /api/admin/staff/{userId}/revoke: the account keeps only the Customer role, and its
 * sessions and synced devices end at once (its access tokens fail at their next request: the
 * token version is checked at every request and stream, decision 057).
 */
export async function revokeStaff(deps: Deps, caller: Caller, userId: number): Promise<string> {
  const now = deps.now();
  await deps.database.db.transaction(async (tx) => {
    const user = await lockStaffAccount(tx, caller, userId, () => true);
    await tx
      .update(users)
      .set({ roles: ['Customer'], tokenVersion: user.tokenVersion + 1, updatedAt: now })
      .where(eq(users.id, userId));
    await endSessionsAndDevices(tx, userId);
    await writeAudit(
      tx,
      caller,
      {
        entity: 'staffAccount',
        entityId: userId,
        action: 'revoke',
        before: { role: user.role },
        after: { role: 'Customer' },
      },
      now,
    );
  });
  forgetCaller(deps.cache, userId);
  return STAFF_MESSAGES.revoked;
}

async function limitLink(deps: Deps, token: string, address: string) {
  await assertWithinRateLimit(
    deps.database.db,
    `staff-invite-link:addr:${address}`,
    STAFF_LIMITS.address[0],
    STAFF_LIMITS.address[1],
  );
  await assertWithinRateLimit(
    deps.database.db,
    `staff-invite-link:link:${sha256(token)}`,
    STAFF_LIMITS.link[0],
    STAFF_LIMITS.link[1],
  );
}

const linkInvalid = () => new DomainError('invite_invalid', STAFF_MESSAGES.linkInvalid, 400);

/** A link that still works: not used, not withdrawn, not expired. */
const usable = (token: string, now: Date) =>
  and(
    eq(staffInvites.tokenHash, sha256(token)),
    isNull(staffInvites.usedAt),
    isNull(staffInvites.revokedAt),
    gt(staffInvites.expiresAt, now),
  );

/** POST /api/users/invite/check: who the link is for, so its page can greet them; 400 if it no longer works. */
export async function checkInvite(deps: Deps, token: string, address: string): Promise<InviteCheck> {
  await limitLink(deps, token, address);
  const [invite] = await deps.database.db.select().from(staffInvites).where(usable(token, deps.now()));
  const role = invite ? staffRoleOf([invite.role]) : undefined;
  if (!invite || !role) throw linkInvalid();
  return { email: invite.email, firstName: invite.firstName, role };
}

/**
 * POST /api/users/invite/accept: claims the link and sets the password in one transaction (of two
 * uses at once exactly one succeeds), creating the account or giving the existing one the role;
 * then signs the invitee in.
 */
export async function acceptInvite(
  deps: Deps,
  input: z.output<typeof InviteAcceptRequestSchema>,
  address: string,
): Promise<AuthResponse> {
  await limitLink(deps, input.token, address);
  if (isCommonPassword(input.password))
    throw new DomainError('common_password', USER_MESSAGES.commonPassword, 400, {
      password: USER_MESSAGES.commonPassword,
    });
  const passwordHash = await hashPassword(input.password);
  const now = deps.now();
  const user = await deps.database.db.transaction(async (tx) => {
    const [invite] = await tx
      .update(staffInvites)
      .set({ usedAt: now })
      .where(usable(input.token, now))
      .returning();
    const role = invite ? staffRoleOf([invite.role]) : undefined;
    if (!invite || !role) throw linkInvalid();
    const [existing] = await tx
      .select()
      .from(users)
      .where(and(byEmail(invite.email), isNull(users.erasedAt)))
      .limit(1)
      .for('update');
    let account: typeof users.$inferSelect | undefined;
    if (existing) {
      // Following the mailed link proves the address, as a password reset does: whoever held a
      // session of the account before is signed out.
      [account] = await tx
        .update(users)
        .set({
          passwordHash,
          roles: [role],
          firstName: existing.firstName || invite.firstName,
          lastName: existing.lastName || invite.lastName,
          verifiedAt: existing.verifiedAt ?? now,
          tokenVersion: existing.tokenVersion + 1,
          updatedAt: now,
        })
        .where(eq(users.id, existing.id))
        .returning();
      await endSessionsAndDevices(tx, existing.id);
    } else {
      [account] = await tx
        .insert(users)
        .values({
          email: invite.email,
          passwordHash,
          firstName: invite.firstName,
          lastName: invite.lastName,
          roles: [role],
          verifiedAt: now,
        })
        .returning();
    }
    if (!account) throw new Error('the account was not written');
    await tx.update(staffInvites).set({ userId: account.id }).where(eq(staffInvites.id, invite.id));
    await writeAudit(
      tx,
      { personId: account.id, displayName: fullName(account.firstName, account.lastName) },
      {
        entity: 'staffInvite',
        entityId: invite.id,
        action: 'update',
        before: null,
        after: { accepted: true, userId: account.id, role, existingAccount: existing !== undefined },
      },
      now,
    );
    return account;
  });
  forgetCaller(deps.cache, user.id);
  return issueSession(deps, user);
}
