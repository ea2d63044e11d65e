// The sizes of a simulated day. `small` runs in CI (one server, about a minute); `full` is the
// bench: the venue of the issue, on three servers over one PostgreSQL.

export interface Scale {
  name: 'small' | 'full';
  competitors: number;
  families: number;
  rings: number;
  /** Check-in and door tablets (the ring tablets are one per ring). */
  deskTablets: number;
  tvs: number;
  servers: number;
  /** The day's length on the compressed clock, in seconds (SIM_DAY_SECONDS overrides). */
  daySeconds: number;
  /** How often a family's phone reads its pages, ms. */
  familyPollMs: number;
  /** Changes the tablet taken offline queues before it comes back. */
  offlineChanges: number;
}

const SCALES: Record<Scale['name'], Scale> = {
  small: {
    name: 'small',
    competitors: 200,
    families: 25,
    rings: 2,
    deskTablets: 5,
    tvs: 6,
    servers: 1,
    daySeconds: 12,
    familyPollMs: 5_000,
    offlineChanges: 200,
  },
  full: {
    name: 'full',
    competitors: 2_000,
    families: 800,
    rings: 12,
    deskTablets: 28,
    tvs: 60,
    servers: 3,
    daySeconds: 600,
    familyPollMs: 20_000,
    offlineChanges: 200,
  },
};

export function scaleFromEnv(env: NodeJS.ProcessEnv = process.env): Scale {
  const name = env.SIM_SCALE ?? 'small';
  if (name !== 'small' && name !== 'full') throw new Error(`SIM_SCALE must be small or full, not ${name}`);
  const scale = { ...SCALES[name] };
  if (env.SIM_DAY_SECONDS) scale.daySeconds = Number(env.SIM_DAY_SECONDS);
  if (env.SIM_SERVERS) scale.servers = Number(env.SIM_SERVERS);
  return scale;
}
