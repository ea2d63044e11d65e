import { PRIVACY_API } from '@shared/contract/privacy.ts';
import { USER_API } from '@shared/contract/users.ts';
import { api } from '@web/lib/api-client.ts';
import { useQuery } from '@web/lib/use-query.ts';

/**
 * Deletes the signed-in account (decision 046): resolves with the server's message once it is
 * erased; throws the server's refusal (422 wrong password) or an OfflineError.
 */
export async function deleteAccount(password: string): Promise<string> {
  const answer = await api.call(USER_API.deleteAccount, { body: { password } });
  return answer.message;
}

/** A super admin carries out a family's deletion request (decision 046); the reason is audited. */
export async function eraseFamilyAccount(userId: number, reason: string): Promise<string> {
  const answer = await api.call(PRIVACY_API.eraseAccount, { params: { userId }, body: { reason } });
  return answer.message;
}

/** The dry run of the purges after each tournament, and of the idle accounts. */
export const useRetentionPreview = () => useQuery('admin-privacy:retention', () => api.call(PRIVACY_API.retention));
