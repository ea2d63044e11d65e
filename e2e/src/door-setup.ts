import type { PullResponse, PushResponse, SyncRegistration } from '@tournament/shared';
import type { Stack } from './stack.ts';

// Set-up for door and check-in tests and benches (no vitest here: the benches import it too).

/** The registrations of the next tournament as staff see them (a fresh device's first pull). */
export async function checkInRegistrations(stack: Stack, staffToken: string): Promise<SyncRegistration[]> {
  const id = `probe-${crypto.randomUUID()}`;
  const res = await stack.api<PullResponse>(
    'POST',
    '/sync/pull',
    { clientGroupId: id, clientId: id, cookie: null, scope: 'checkin' },
    staffToken,
  );
  if (res.status !== 200) throw new Error(`pull: ${res.status} ${res.text.slice(0, 300)}`);
  return res.json.patch.flatMap((op) => (op.op === 'put' && op.entity === 'registrations' ? op.rows : []));
}

/**
 * Pays each registration's whole balance by card at the door, as another tablet would (one
 * `recordDoorPayment@1` each, through /sync). Check-in then has nothing to ask about money
 * (decision 028: a family that owes money is asked first), so a tap checks in at once.
 */
export async function payInFullAtTheDoor(
  stack: Stack,
  staffToken: string,
  registrationIds: number[],
): Promise<void> {
  const owing = new Map((await checkInRegistrations(stack, staffToken)).map((r) => [r.id, r.balanceOwing]));
  const client = `setup-${crypto.randomUUID()}`;
  const mutations = registrationIds
    .filter((id) => (owing.get(id) ?? 0) > 0)
    .map((registrationId, i) => ({
      id: i + 1,
      name: 'recordDoorPayment@1',
      args: {
        paymentId: crypto.randomUUID(),
        registrationId,
        method: 'card',
        amount: owing.get(registrationId)!,
      },
    }));
  if (mutations.length === 0) return;
  const res = await stack.api<PushResponse>(
    'POST',
    '/sync/push',
    { clientGroupId: client, clientId: client, mutations },
    staffToken,
  );
  const refused = res.json?.results?.filter((r) => r.status !== 'applied') ?? [];
  if (res.status !== 200 || refused.length > 0)
    throw new Error(`payments: ${res.status} ${res.text.slice(0, 300)}`);
}
