import crypto from 'node:crypto';
import {
  SYNC_POKE_EVENT,
  type PullResponse,
  type PushResponse,
  type SyncEntities,
  type SyncEntity,
} from '@tournament/shared';
import { answerOf, type ApiResult } from '../src/stack.ts';
import { CLIENT_HEADER } from './topology.ts';

// A light client in Node, speaking the device's protocol (docs/design.md §4): an outbox pushed
// whole, in id order, until the server acknowledges it; pulls with a cookie per scope into a
// replica; the event stream's pokes. Every actor of the day is one of these, plus its own pace.

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let addresses = 0;

type Answer<T> = ApiResult<T>;

/** One device or phone: its own address and balancer key, and an optional bearer token. */
export class Http {
  readonly key = crypto.randomUUID();
  /** Each device its own address, as a venue's devices are to a rate limit behind a proxy. */
  readonly address = `10.${(++addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
  token: string | undefined;
  constructor(readonly baseUrl: string) {}

  headers(extra: Record<string, string> = {}): Record<string, string> {
    return {
      [CLIENT_HEADER]: this.key,
      'x-forwarded-for': this.address,
      ...(this.token ? { Authorization: `Bearer ${this.token}` } : {}),
      ...extra,
    };
  }

  async call<T>(method: string, path: string, body?: unknown, timeoutMs = 30_000): Promise<Answer<T>> {
    const res = await fetch(this.baseUrl + path, {
      method,
      headers: this.headers(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    return answerOf<T>(res);
  }

  /** `call`, retried through network errors and 5xx (a server killed, the database away). */
  async retried<T>(method: string, path: string, body?: unknown, what = path): Promise<Answer<T>> {
    for (let attempt = 0; ; attempt++) {
      try {
        const r = await this.call<T>(method, path, body);
        if (r.status < 500) return r;
      } catch {
        // a dropped connection: try again
      }
      if (attempt > 200) throw new Error(`${what}: no answer after ${attempt} attempts`);
      await pause(Math.min(1000, 50 * 2 ** Math.min(attempt, 5)));
    }
  }

  async ok<T>(method: string, path: string, body?: unknown, what = path): Promise<T> {
    const r = await this.retried<T>(method, path, body, what);
    if (r.status !== 200 && r.status !== 201) throw new Error(`${what}: ${r.status} ${r.text.slice(0, 300)}`);
    return r.json;
  }

  async signIn(email: string, password: string): Promise<void> {
    const r = await this.ok<{ user: { token: string } }>(
      'POST',
      '/api/users/authenticate',
      { username: email, password },
      `sign-in of ${email}`,
    );
    this.token = r.user.token;
  }
}

type Rows = { [E in SyncEntity]?: Map<number | string, SyncEntities[E]> };

/** A scope's rows as the device holds them, kept with the pulls' patches. */
export class Replica {
  cookie: string | null = null;
  readonly rows: Rows = {};
  constructor(readonly scope: 'checkin' | 'matchday' | 'signage' | 'customer') {}

  list<E extends SyncEntity>(entity: E): SyncEntities[E][] {
    return [...((this.rows[entity] as Map<unknown, SyncEntities[E]> | undefined)?.values() ?? [])];
  }

  get<E extends SyncEntity>(entity: E, id: number | string): SyncEntities[E] | undefined {
    return (this.rows[entity] as Map<unknown, SyncEntities[E]> | undefined)?.get(id);
  }

  apply(res: PullResponse): void {
    for (const op of res.patch) {
      if (op.op === 'clear') for (const k of Object.keys(this.rows)) delete this.rows[k as SyncEntity];
      else {
        const table = (this.rows[op.entity] ??= new Map()) as Map<unknown, unknown>;
        if (op.op === 'put') for (const r of op.rows) table.set((r as { id: unknown }).id, r);
        else for (const id of op.ids) table.delete(id);
      }
    }
    this.cookie = res.cookie;
  }
}

interface Mutation {
  id: number;
  name: string;
  args: Record<string, unknown>;
}

interface Sent extends Mutation {
  /** What the push's answer said, when the tablet saw it (a lost acknowledgement leaves it unset). */
  status?: 'applied' | 'rejected';
  code?: string | null;
  acknowledged: boolean;
}

/** One answered push: when it was sent (epoch ms), its round trip (ms) and its size. */
export interface PushRecord {
  at: number;
  ms: number;
  size: number;
  first: string;
}
/** Every client's answered pushes, for the figures. */
export const pushes: PushRecord[] = [];
/** Every client's answered pulls: when each was sent (epoch ms) and for which scope. */
export const pulls: { at: number; scope: string }[] = [];
/** Pushes the server refused (status and message): none expected. */
export const pushRefusals: string[] = [];

/** A device with an outbox: what it queued, what the server said, what is still to send. */
export class SyncClient extends Http {
  readonly clientId = crypto.randomUUID();
  readonly sent = new Map<number, Sent>();
  private outbox: Mutation[] = [];
  private nextId = 1;
  private flushing: Promise<void> | null = null;
  private refused = 0;
  online = true;
  /** Called with each push's answer (after the outbox is trimmed). */
  onAnswer: (res: PushResponse, sentAt: number) => void = () => {};

  get pending(): number {
    return this.outbox.length;
  }

  /** Queues a change; `send: false` leaves it for the next flush (changes entered together). */
  queue(name: string, args: Record<string, unknown>, send = true): number {
    const m = { id: this.nextId++, name, args };
    this.outbox.push(m);
    this.sent.set(m.id, { ...m, acknowledged: false });
    if (send && this.online) void this.flush();
    return m.id;
  }

  /** Pushes until the outbox is empty (or the device goes offline); one push at a time. */
  flush(): Promise<void> {
    this.flushing ??= this.drain().finally(() => (this.flushing = null));
    return this.flushing;
  }

  private async drain(): Promise<void> {
    let failures = 0;
    while (this.online && this.outbox.length > 0) {
      const batch = this.outbox.slice(0, 1000);
      const t0 = performance.now();
      const sentAt = Date.now();
      let res: Answer<PushResponse & { message?: string }> | undefined;
      try {
        res = await this.call('POST', '/sync/push', {
          clientGroupId: this.clientId,
          clientId: this.clientId,
          mutations: batch,
        });
      } catch {
        res = undefined; // lost on the way back, or the server went away: send again
      }
      if (res?.status === 200) {
        failures = 0;
        pushes.push({ at: sentAt, ms: performance.now() - t0, size: batch.length, first: batch[0]!.name });
        for (const r of res.json.results) {
          const s = this.sent.get(r.id);
          if (s) Object.assign(s, { status: r.status, code: r.code });
        }
        while (this.outbox.length && this.outbox[0]!.id <= res.json.lastMutationId) {
          this.sent.get(this.outbox.shift()!.id)!.acknowledged = true;
        }
        this.onAnswer(res.json, t0);
      } else {
        // A refusal (4xx) is noted and retried, as a device asks its user to sign in again and
        // pushes again; after a few the device gives up, and the oracle finds what it kept.
        if (res && res.status < 500 && res.status !== 429) {
          // Which device and change it was, so a refusal can be traced in the servers' logs.
          pushRefusals.push(
            `${res.status} ${res.text.slice(0, 200)} (client ${this.clientId}, mutations ${batch[0]!.id}-${batch[batch.length - 1]!.id} from ${batch[0]!.name}, at ${new Date().toISOString()})`,
          );
          if (++this.refused > 5) return;
        }
        failures++;
        await pause(Math.min(1000, 25 * 2 ** Math.min(failures, 6)));
      }
    }
  }

  async pull(replica: Replica, extra: Record<string, unknown> = {}): Promise<PullResponse> {
    pulls.push({ at: Date.now(), scope: replica.scope });
    const res = await this.ok<PullResponse>('POST', '/sync/pull', {
      clientGroupId: this.clientId,
      clientId: this.clientId,
      cookie: replica.cookie,
      scope: replica.scope,
      ...extra,
    });
    replica.apply(res);
    return res;
  }
}

/**
 * Holds a scope's event stream open (a ticket for a signed-in scope) and calls `onPoke` on
 * connect and on every poke; reconnects when the stream ends, until `stop()`. `ready` settles
 * once the first call after connecting is done: the screen shows the day. `lastError` tells why
 * the stream last failed to open or ended.
 */
export function holdStream(
  client: Http,
  scope: string,
  onPoke: () => Promise<void>,
): { stop(): void; ready: Promise<void>; lastError(): string | undefined } {
  let stopped = false;
  let failure: string | undefined;
  let controller: AbortController | undefined;
  let opened!: () => void;
  const ready = new Promise<void>((resolve) => (opened = resolve));
  void (async () => {
    while (!stopped) {
      controller = new AbortController();
      try {
        let query = `scope=${scope}`;
        if (client.token) {
          const t = await client.call<{ ticket: string }>('POST', '/sync/events/ticket', { scope });
          if (t.status !== 200) throw new Error(`ticket: ${t.status}`);
          query += `&ticket=${encodeURIComponent(t.json.ticket)}`;
        }
        const res = await fetch(`${client.baseUrl}/sync/events?${query}`, {
          headers: client.headers({ Accept: 'text/event-stream' }),
          signal: controller.signal,
        });
        if (res.status !== 200 || !res.body) throw new Error(`stream: ${res.status}`);
        await onPoke();
        opened();
        const decoder = new TextDecoder();
        let buffer = '';
        for await (const chunk of res.body) {
          buffer += decoder.decode(chunk as Uint8Array, { stream: true });
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const event = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            // As the app's engine does: a poke asks for a pull and the stream reads on, so the
            // pokes arriving while a pull runs make one more pull, not one each.
            if (event.split('\n').includes(`event: ${SYNC_POKE_EVENT}`)) void onPoke();
          }
        }
      } catch (e) {
        // the stream ended (a server killed, stopped): open it again
        failure = e instanceof Error ? e.message : String(e);
      }
      if (!stopped) await pause(200);
    }
  })();
  return {
    stop() {
      stopped = true;
      controller?.abort();
    },
    ready,
    lastError: () => failure,
  };
}

/** Runs `fn` again whenever asked while it runs (pokes coalesce into one more pull). */
export function coalesced(fn: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let again = false;
  const run = async (): Promise<void> => {
    do {
      again = false;
      await fn().catch(() => undefined);
    } while (again);
  };
  return () => {
    if (running) {
      again = true;
      return running;
    }
    running = run().finally(() => (running = null));
    return running;
  };
}
