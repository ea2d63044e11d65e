import { PokeSchema, type Poke } from '@tournament/shared';
import type { Database } from '../db/client.ts';
import { logger } from '../lib/logger.ts';
import { SYNC_POKE_CHANNEL } from './versions.ts';

// Poke fan-out: one LISTEN per server process (per database), shared by every SSE client of
// that process. Pushes NOTIFY through PostgreSQL, so a push on one process reaches the SSE
// clients of every process on the same database (docs/design.md §3 "Scale-out").

type Listener = (poke: Poke) => void;

interface Hub {
  listeners: Set<Listener>;
  /** Called when the LISTEN connection was lost and made again: pokes may have been missed. */
  missed: Set<() => void>;
  ready: Promise<void>;
}

const hubs = new WeakMap<Database, Hub>();

function hubFor(database: Database): Hub {
  let hub = hubs.get(database);
  if (!hub) {
    const listeners = new Set<Listener>();
    const missed = new Set<() => void>();
    const ready = database
      .listen(
        SYNC_POKE_CHANNEL,
        (payload) => {
          let poke: Poke;
          try {
            poke = PokeSchema.parse(JSON.parse(payload));
          } catch {
            logger.warn({ payload }, 'malformed sync poke');
            return;
          }
          for (const l of listeners) l(poke);
        },
        () => {
          logger.info({ streams: missed.size }, 'listening for sync pokes again; open event streams restart');
          for (const m of [...missed]) m();
        },
      )
      .then(() => undefined);
    hub = { listeners, missed, ready };
    hubs.set(database, hub);
    // A failed LISTEN is retried by the next subscriber.
    ready.catch(() => hubs.delete(database));
  }
  return hub;
}

/**
 * Calls `onPoke` for every poke until the returned function is called; resolves once listening.
 * `onMissed` is called when pokes may have been lost (the database connection dropped and came
 * back): the subscriber should make its client pull again.
 */
export async function subscribePokes(
  database: Database,
  onPoke: Listener,
  onMissed: () => void = () => {},
): Promise<() => void> {
  const hub = hubFor(database);
  await hub.ready;
  hub.listeners.add(onPoke);
  hub.missed.add(onMissed);
  return () => {
    hub.listeners.delete(onPoke);
    hub.missed.delete(onMissed);
  };
}

const streamEnders = new Set<() => void>();

/** Registers how to end one open event stream; returns the function that unregisters it. */
export function onEventStreamsEnd(end: () => void): () => void {
  streamEnders.add(end);
  return () => streamEnders.delete(end);
}

/** Ends every open event stream of this process (graceful shutdown): clients reconnect elsewhere. */
export function endEventStreams(): void {
  for (const end of [...streamEnders]) end();
}
