import { randomUUID } from 'node:crypto';
import type {
  PullResponse,
  PushResponse,
  SyncDivision,
  SyncDivisionEntry,
  SyncRing,
} from '@tournament/shared';
import { formsCompetitor, type RegistrationOptionsSeen } from './competitor-body.ts';
import type { Stack, StackUser } from './stack.ts';
import { english } from './english.ts';

// Setup of the signage and results tests and bench (decision 022), all over HTTP: families
// registered and paid, a published draft of Forms divisions, rings with queues, and a director's
// device that speaks /sync as the app's engine does (an outbox of mutations with increasing ids,
// pushed in order).

export interface Kid {
  first: string;
  age: number;
  gender: 1 | 2;
}

export interface Tournament {
  id: number;
  tournamentDate: string;
}

export async function nextTournamentOf(s: Stack): Promise<Tournament> {
  return (await s.api<Tournament[]>('GET', '/api/tournaments')).json[0]!;
}

async function ok<T>(what: string, p: Promise<{ status: number; json: T; text: string }>): Promise<T> {
  const res = await p;
  if (res.status < 200 || res.status > 299) throw new Error(`${what}: ${res.status} ${res.text}`);
  return res.json;
}

/** Registers `kids` (Forms) for `parent` and completes the registration (pay at the door). */
export async function registerKids(
  s: Stack,
  parent: StackUser,
  kids: Kid[],
  tournament: Tournament,
  lastName: string,
) {
  const token = await s.signIn(parent.email, parent.password);
  const options = await ok(
    'options',
    s.api<RegistrationOptionsSeen>('GET', `/api/registration/options/${tournament.id}`, undefined, token),
  );
  const created = await ok(
    'create',
    s.api<{ registrationId: number }>('POST', `/api/registration/create/${tournament.id}`, undefined, token),
  );
  const year = Number(tournament.tournamentDate.slice(0, 4));
  for (const kid of kids) {
    await ok(
      'competitor',
      s.api(
        'POST',
        '/api/registration/competitor',
        {
          ...formsCompetitor(options, created.registrationId, kid.first, lastName),
          dateOfBirth: `${year - kid.age}-01-01`,
          gender: kid.gender,
        },
        token,
      ),
    );
  }
  await ok(
    'checkout',
    s.api('POST', `/api/registration/checkout/${created.registrationId}`, undefined, token),
  );
  return { token, registrationId: created.registrationId };
}

/** Makes a draft of every completed registration's Forms entries and publishes it. */
export async function publishForms(s: Stack, directorToken: string, tournamentId: number): Promise<void> {
  const options = await ok(
    'matchmaking options',
    s.api<{ eventTypes: { id: number; title: string }[] }>(
      'GET',
      `/api/admin/matchmaking/options/${tournamentId}`,
      undefined,
      directorToken,
    ),
  );
  const forms = options.eventTypes.find((e) => e.title === 'Forms') ?? options.eventTypes[0]!;
  const draft = await ok(
    'draft',
    s.api<{ draftId: number }>(
      'POST',
      '/api/admin/matchmaking/drafts',
      { tournamentId, source: 'completed', eventTypeIds: [forms.id] },
      directorToken,
    ),
  );
  await ok(
    'publish',
    s.api('POST', `/api/admin/matchmaking/drafts/${draft.draftId}/publish`, {}, directorToken),
  );
}

export async function createRing(
  s: Stack,
  directorToken: string,
  tournamentId: number,
  name: string,
): Promise<number> {
  const ring = await ok(
    'ring',
    s.api<{ id: number }>('POST', '/api/admin/rings', { tournamentId, name }, directorToken),
  );
  return ring.id;
}

export interface MatchdayRows {
  rings: SyncRing[];
  divisions: SyncDivision[];
  entries: SyncDivisionEntry[];
}

/**
 * A director's device over /sync: `queue` adds a mutation to its outbox; `flush` pushes the
 * outbox in order; `rows` pulls the matchday scope afresh (division titles in English, as an
 * English page shows them: a pull carries a generated title as a message reference).
 */
export class SyncDevice {
  readonly clientId = randomUUID();
  readonly clientGroupId = randomUUID();
  private nextId = 1;
  private outbox: { id: number; name: string; args: unknown }[] = [];

  constructor(
    private readonly s: Stack,
    private readonly token: string,
  ) {}

  queue(name: string, args: Record<string, unknown>): void {
    this.outbox.push({ id: this.nextId++, name, args });
  }

  /** Pushes what is queued; throws on a refusal so setup mistakes show. */
  async flush(): Promise<void> {
    if (this.outbox.length === 0) return;
    const res = await this.s.api<PushResponse>(
      'POST',
      '/sync/push',
      { clientGroupId: this.clientGroupId, clientId: this.clientId, mutations: this.outbox },
      this.token,
    );
    if (res.status !== 200) throw new Error(`push: ${res.status} ${res.text}`);
    const refused = res.json.results.filter((r) => r.status === 'rejected');
    if (refused.length) throw new Error(`refused: ${JSON.stringify(refused)}`);
    this.outbox = this.outbox.filter((m) => m.id > res.json.lastMutationId);
  }

  /** Queues and pushes one mutation. */
  async run(name: string, args: Record<string, unknown>): Promise<void> {
    this.queue(name, args);
    await this.flush();
  }

  async rows(): Promise<MatchdayRows> {
    const res = await this.s.api<PullResponse>(
      'POST',
      '/sync/pull',
      { clientGroupId: this.clientGroupId, clientId: this.clientId, cookie: null, scope: 'matchday' },
      this.token,
    );
    if (res.status !== 200) throw new Error(`pull: ${res.status} ${res.text}`);
    const out: MatchdayRows = { rings: [], divisions: [], entries: [] };
    for (const op of res.json.patch) {
      if (op.op !== 'put') continue;
      if (op.entity === 'rings') out.rings.push(...(op.rows as SyncRing[]));
      if (op.entity === 'divisions')
        out.divisions.push(...(op.rows as SyncDivision[]).map((d) => ({ ...d, title: english(d.title) })));
      if (op.entity === 'divisionEntries') out.entries.push(...(op.rows as SyncDivisionEntry[]));
    }
    return out;
  }
}

/** `count` kids of one age and gender: one division under the starter rules. */
export function group(prefix: string, count: number, age: number, gender: 1 | 2): Kid[] {
  return Array.from({ length: count }, (_, i) => ({
    first: `${prefix}${String.fromCharCode(65 + i)}`,
    age,
    gender,
  }));
}
