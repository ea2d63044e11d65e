import { USER_API } from '@shared/contract/users.ts';
import { api } from '@web/lib/api-client.ts';

/**
 * Deletes the signed-in account (decision 046): resolves with the server's message once it is
 * erased; throws the server's refusal (422 wrong password) or an OfflineError.
 */
export async function deleteAccount(password: string): Promise<string> {
  const answer = await api.call(USER_API.deleteAccount, { body: { password } });
  return answer.message;
}
