import { MessageSchema, PUBLIC_PATHS, TournamentListSchema } from '@shared/contract/public.ts';
import {
  AuthResponseSchema,
  USER_PATHS,
  type AuthResponse,
  type AuthenticateRequest,
  type ForgotRequest,
  type RegisterRequest,
  type ResetRequest,
} from '@shared/contract/users.ts';
import { api } from '../../../lib/api-client.ts';
import { setSession, type Session } from '../../../lib/session.ts';
import { useQuery } from '../../../lib/use-query.ts';

// The /api/users calls of docs/product.md §7 and the tournaments list for the login panel.

/** The session the web app keeps for an /api/users sign-in answer. */
export function toSession(answer: AuthResponse): Session {
  const { token, refreshToken, personId, roles, userDisplayName, firstName, email } = answer.user;
  return { user: { personId, roles, userDisplayName, firstName, email }, token, refreshToken };
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

export const signIn = (body: AuthenticateRequest) => api.post(USER_PATHS.authenticate, body, AuthResponseSchema);
export const signInWithGoogle = (credential: string, clientId: string) =>
  api.post(USER_PATHS.googleOAuth, { credential, clientId }, AuthResponseSchema);
export const registerAccount = (body: RegisterRequest) => api.post(USER_PATHS.register, body, MessageSchema);
export const verifyAccount = (hash: string) => api.put(USER_PATHS.register, { hash }, MessageSchema);
export const requestPasswordReset = (body: ForgotRequest) => api.post(USER_PATHS.forgot, body, MessageSchema);
export const resetPassword = (body: ResetRequest) => api.put(USER_PATHS.reset, body, MessageSchema);
export const refreshSessionTokens = (refreshToken: string) =>
  api.post(USER_PATHS.refresh, { refreshToken }, AuthResponseSchema);
export const endServerSession = (refreshToken: string) =>
  api.post(USER_PATHS.logout, { refreshToken }, MessageSchema);

/** Tournaments for the login page's status panel (same cache key as the home page). */
export function useTournaments() {
  return useQuery('tournaments', () => api.get(PUBLIC_PATHS.tournaments, TournamentListSchema));
}
