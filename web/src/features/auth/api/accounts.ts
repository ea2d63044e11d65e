import type {
  AuthResponse,
  AuthenticateRequest,
  ForgotRequest,
  RegisterRequest,
  ResetRequest,
  Tournament,
} from '@tournament/shared';
import { api } from '../../../lib/api-client.ts';
import { setSession, type Session } from '../../../lib/session.ts';
import { useQuery } from '../../../lib/use-query.ts';

// The /api/users calls of SPEC.md section 7 and the tournaments list for the login panel.

interface MessageAnswer {
  message: string;
}

/** The session the web app keeps for an /api/users sign-in answer. */
export function toSession(answer: AuthResponse): Session {
  const { token, refreshToken, personId, roles, userDisplayName, firstName, email } = answer.user;
  return { user: { personId, roles, userDisplayName, firstName, email }, token, refreshToken };
}

/** Stores the signed-in user (SPEC.md section 3 "User session") and answers it. */
export function storeSession(answer: AuthResponse): Session {
  const session = toSession(answer);
  setSession(session);
  return session;
}

/**
 * Writes the session without telling the page: the login page stores it and then loads
 * the destination afresh, so no /user page ever renders signed in.
 */

export const signIn = (body: AuthenticateRequest) => api.post<AuthResponse>('/api/users/authenticate', body);
export const signInWithGoogle = (credential: string, clientId: string) =>
  api.post<AuthResponse>('/api/users/google-oauth', { credential, clientId });
export const registerAccount = (body: RegisterRequest) => api.post<MessageAnswer>('/api/users/register', body);
export const verifyAccount = (hash: string) => api.put<MessageAnswer>('/api/users/register', { hash });
export const requestPasswordReset = (body: ForgotRequest) => api.post<MessageAnswer>('/api/users/forgot', body);
export const resetPassword = (body: ResetRequest) => api.put<MessageAnswer>('/api/users/reset', body);
export const refreshSessionTokens = (refreshToken: string) =>
  api.post<AuthResponse>('/api/users/refresh', { refreshToken });
export const endServerSession = (refreshToken: string) =>
  api.post<MessageAnswer>('/api/users/logout', { refreshToken });

/** Tournaments for the login page's status panel (same cache key as the home page). */
export function useTournaments() {
  return useQuery<Tournament[]>('tournaments', () => api.get<Tournament[]>('/api/tournaments'));
}
