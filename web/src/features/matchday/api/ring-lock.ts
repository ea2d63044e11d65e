import { MATCHDAY_API as M, type RingUnlockRequest } from '@shared/contract/matchday.ts';
import { api } from '@web/lib/api-client.ts';

/**
 * Asks the server whether `credentials` are a director's (decision 042). Resolves when they
 * are; throws the server's refusal (422) or an OfflineError when there is no answer.
 */
export async function confirmDirectorUnlock(credentials: RingUnlockRequest): Promise<void> {
  await api.call(M.unlockRing, { body: credentials });
}
