import { PRIVACY_API } from '@shared/contract/privacy.ts';
import { USER_API } from '@shared/contract/users.ts';
import { api } from './api-client.ts';

// Erasure calls (docs/decisions/046-erasure-and-retention.md), used by the customer home's
// "Your data" and by the registrations desk.

/**
 * Deletes the signed-in account: resolves with the server's message once it is erased; throws
 * the server's refusal (422 wrong password) or an OfflineError.
 */
export async function deleteAccount(password: string): Promise<string> {
  const answer = await api.call(USER_API.deleteAccount, { body: { password } });
  return answer.message;
}

/** A super admin carries out a family's deletion request; the reason is audited. */
export async function eraseFamilyAccount(userId: number, reason: string): Promise<string> {
  const answer = await api.call(PRIVACY_API.eraseAccount, { params: { userId }, body: { reason } });
  return answer.message;
}
