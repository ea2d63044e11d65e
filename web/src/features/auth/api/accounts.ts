import { PUBLIC_API } from '@shared/contract/public.ts';
import {
  USER_API,
  type AuthResponse,
  type AuthenticateRequest,
  type ForgotRequest,
  type RegisterRequest,
  type ResetRequest,
} from '@shared/contract/users.ts';
import { STAFF_API, type InviteAcceptRequest } from '@shared/contract/staff.ts';
import { api } from '@web/lib/api-client.ts';
import { setSession, type Session } from '@web/lib/session.ts';
import { useQuery } from '@web/lib/use-query.ts';

// The /api/users calls of docs/product.md §7 and the tournaments list for the login panel.

/** The session the web app keeps for an /api/users sign-in answer. */
export function toSession(answer: AuthResponse): Session {
  const { token, refreshToken, personId, roles, userDisplayName, firstName, email, language } = answer.user;
  return { user: { personId, roles, userDisplayName, firstName, email, language }, token, refreshToken };
}

/** Stores the signed-in user (docs/product.md §3 "User session") and answers it. */
export function storeSession(answer: AuthResponse): Session {
  const session = toSession(answer);
  setSession(session);
  return session;
}

/**
 * Writes the session without telling the page: the login page stores it and then loads
 * the destination afresh, so no /user page ever renders signed in.
 */

export const signIn = (body: AuthenticateRequest) => api.call(USER_API.authenticate, { body });
export const signInWithGoogle = (credential: string, clientId: string) =>
  api.call(USER_API.googleOAuth, { body: { credential, clientId } });
export const registerAccount = (body: RegisterRequest) => api.call(USER_API.register, { body });
export const verifyAccount = (hash: string) => api.call(USER_API.verify, { body: { hash } });
export const requestPasswordReset = (body: ForgotRequest) => api.call(USER_API.forgot, { body });
export const resetPassword = (body: ResetRequest) => api.call(USER_API.reset, { body });
/** The Staff page's invitation link (decision 049): who it is for, and setting the password. */
export const checkInvite = (token: string) => api.call(STAFF_API.inviteCheck, { body: { token } });
export const acceptInvite = (body: InviteAcceptRequest) => api.call(STAFF_API.inviteAccept, { body });
export const refreshSessionTokens = (refreshToken: string) =>
  api.call(USER_API.refresh, { body: { refreshToken } });
export const endServerSession = (refreshToken: string) =>
  api.call(USER_API.logout, { body: { refreshToken } });

/** Tournaments for the login page's status panel (same cache key as the home page). */
export function useTournaments() {
  return useQuery('tournaments', () => api.call(PUBLIC_API.tournaments));
}
