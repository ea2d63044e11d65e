import crypto from 'node:crypto';
import type { PushResponse } from '@tournament/shared';

// A door tablet as the fault suite drives it: registers walk-ins through /sync/push the way
// the device's engine does (an outbox in id order, pushed again whole until acknowledged).

export interface WalkInRefs {
  competitorLevelId: number;
  eventId: number;
}

export interface PushOutcome {
  status: number | 'network error';
  retryAfter: string | null;
  message: string | undefined;
}

export function walkInMutation(id: number, walkInId: string, refs: WalkInRefs, lastName = 'Tablet') {
  return {
    id,
    name: 'registerWalkIn@1',
    args: {
      walkInId,
      contact: { firstName: 'Robin', lastName, email: '', phoneNumber: '7055550199' },
      competitors: [
        {
          firstName: 'Kid',
          lastName,
          dateOfBirth: '2014-05-05',
          gender: 2,
          competitorLevelId: refs.competitorLevelId,
          eventIds: [refs.eventId],
          emergencyContactName: 'Robin',
          emergencyContactPhone: '7055550199',
          emergencyContactRelationship: 'Parent',
          guardianConsent: true,
        },
      ],
      spectators: 0,
      checkIn: false,
    },
  };
}

export class DoorTablet {
  readonly clientId = crypto.randomUUID();
  readonly clientGroupId = crypto.randomUUID();
  /** Walk-ins the server acknowledged (its lastMutationId reached them). */
  readonly acknowledged: string[] = [];
  readonly outcomes: PushOutcome[] = [];
  /** The results of the last push answered 200. */
  results: PushResponse['results'] = [];
  private outbox: { id: number; walkInId: string; lastName: string }[] = [];
  private nextId = 1;

  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
    private readonly refs: WalkInRefs,
  ) {}

  queueWalkIn({ lastName = 'Tablet' }: { lastName?: string } = {}): string {
    const walkInId = crypto.randomUUID();
    this.outbox.push({ id: this.nextId++, walkInId, lastName });
    return walkInId;
  }

  /** Pushes the whole outbox once; what the server acknowledged leaves it. */
  async push(): Promise<PushOutcome> {
    const mutations = this.outbox.map((m) => walkInMutation(m.id, m.walkInId, this.refs, m.lastName));
    let outcome: PushOutcome;
    try {
      const res = await fetch(`${this.baseUrl}/sync/push`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${this.token}` },
        body: JSON.stringify({ clientGroupId: this.clientGroupId, clientId: this.clientId, mutations }),
        signal: AbortSignal.timeout(30_000),
      });
      const body = (await res.json().catch(() => undefined)) as (PushResponse & { message?: string }) | undefined;
      outcome = { status: res.status, retryAfter: res.headers.get('Retry-After'), message: body?.message };
      if (res.status === 200 && body) {
        this.results = body.results;
        while (this.outbox.length && this.outbox[0]!.id <= body.lastMutationId)
          this.acknowledged.push(this.outbox.shift()!.walkInId);
      }
    } catch {
      outcome = { status: 'network error', retryAfter: null, message: undefined };
    }
    this.outcomes.push(outcome);
    return outcome;
  }
}
