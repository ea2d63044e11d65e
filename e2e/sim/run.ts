// `npm run simulate`: a whole tournament day through the real protocols, on the servers and
// database it starts itself, with faults on a schedule; an oracle compares what the server holds
// with what every actor did and was acknowledged, and the last lines give each figure beside its
// goal and its floor. SIM_SCALE=small (CI) or full (the bench); DATABASE_URL: the PostgreSQL to
// make the day's database on (else embedded PGlite, one server). Serves the web build as it is.
import crypto from 'node:crypto';
import type { PublicResults } from '@tournament/shared';
import { walkInMutation } from '../faults/tablet.ts';
import {
  controlRoomLatency,
  DeskTablet,
  directDay,
  followDay,
  probeHealth,
  publicReads,
  RingTablet,
  startControlRoom,
  startTv,
  tvLatency,
} from './actors.ts';
import { pause, pulls, pushes, pushRefusals, Replica, SyncClient, type PushRecord } from './client.ts';
import { compare } from './oracle.ts';
import { monotonicUs, summarizeProfiles } from './profile.ts';
import { scaleFromEnv } from './scale.ts';
import { accountsOf, allUsers, inParallel, prepareDay } from './setup.ts';
import { barePostgresTransaction, startTopology, type Topology } from './topology.ts';

const scale = scaleFromEnv();
const accounts = accountsOf(scale);
const dayMs = scale.daySeconds * 1000;
const log = (line: string) => console.log(`[sim ${new Date().toISOString().slice(11, 19)}] ${line}`);

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
const ms = (v: number) => (Number.isNaN(v) ? 'n/a' : `${v.toFixed(0)} ms`);

/** A server's /metrics (loopback callers may read it), as a reader of one metric by name. */
async function metricsOf(port: number, init?: RequestInit): Promise<(name: string) => number> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`, init)).text();
  return (name) => {
    const line = text.split('\n').find((l) => l.startsWith(`${name} `));
    return line ? Number(line.split(' ')[1]) : NaN;
  };
}

/** A server's metric from its own /metrics. */
async function metric(port: number, name: string): Promise<number> {
  return (await metricsOf(port))(name);
}

/** A server's memory and the start of its process, or undefined while it is down. */
interface MemorySample {
  rssMb: number;
  heapMb: number;
  startedAt: number;
}
async function memoryOf(port: number): Promise<MemorySample | undefined> {
  try {
    const read = await metricsOf(port, { signal: AbortSignal.timeout(2000) });
    return {
      rssMb: read('process_resident_memory_bytes') / 2 ** 20,
      heapMb: read('nodejs_heap_size_used_bytes') / 2 ** 20,
      startedAt: read('process_start_time_seconds'),
    };
  } catch {
    return undefined;
  }
}

/**
 * A server's RSS at each tenth of the day, then its used heap and RSS from the end of the warm-up
 * (the first tenth of its last process) to the day's end: a leak grows through the day.
 */
function memoryThroughTheDay(samples: (MemorySample | undefined)[]): string {
  const last = samples.findLast((m) => m !== undefined);
  if (!last) return 'n/a';
  const series = samples.map((m) => (m ? m.rssMb.toFixed(0) : '-')).join(' ');
  const own = samples.filter((m): m is MemorySample => m?.startedAt === last.startedAt);
  const restarted = samples.some((m) => m !== undefined && m.startedAt !== last.startedAt);
  // A restarted process warms up again: its first sample falls within its first tenth.
  const warm = restarted ? own[1] : own[0];
  if (!warm || warm === last) return `${series} MB`;
  const mb = (v: number) => v.toFixed(0);
  return `${series} MB; from the warm-up${restarted ? ' since its restart' : ''} to the end: heap used ${mb(warm.heapMb)} to ${mb(last.heapMb)} MB, RSS ${mb(warm.rssMb)} to ${mb(last.rssMb)} MB`;
}

const cpuSeconds = async (t: Topology) =>
  (await Promise.all(t.servers.map((s) => metric(s.port, 'process_cpu_seconds_total')))).reduce(
    (a, b) => a + b,
    0,
  );

/** Runs `fn` and answers the servers' CPU it cost per call, in ms. */
async function cpuPer(t: Topology, calls: number, fn: (i: number) => Promise<void>): Promise<number> {
  const before = await cpuSeconds(t);
  for (let i = 0; i < calls; i++) await fn(i);
  return (((await cpuSeconds(t)) - before) * 1000) / calls;
}

/** Samples the wait events of the servers' busy PostgreSQL connections until the day is over. */
async function sampleWaits(
  db: NonNullable<Topology['db']>,
  until: () => boolean,
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  while (!until()) {
    const rows = await db.sql<{ what: string; query: string }[]>`
      select coalesce(wait_event_type || ':' || wait_event, 'on CPU') as what, left(query, 60) as query
      from pg_stat_activity
      where datname = ${db.name} and application_name <> 'faults-test' and state <> 'idle'`.catch(() => []);
    for (const r of rows) {
      const key = `${r.what}  (${r.query.replace(/\s+/g, ' ')})`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    await pause(200);
  }
  return counts;
}

/** A fault's span on the wall clock (epoch ms), to tell the pushes it caught from the rest. */
interface FaultWindow {
  what: string;
  from: number;
  to: number;
}
/** A push caught by a fault: sent while it lasted or in the few seconds the day took to settle. */
const SETTLE_MS = 5_000;
const faultOf = (p: PushRecord, windows: FaultWindow[]) =>
  windows.find((w) => p.at + p.ms >= w.from && p.at <= w.to + SETTLE_MS);

const rows: [string, string, string, string][] = [];
const figure = (what: string, measured: string, goal: string, floor = '') =>
  rows.push([what, measured, goal, floor]);

log(
  `SIM_SCALE=${scale.name}: ${scale.competitors} competitors, ${scale.rings} rings, ${scale.deskTablets} desk tablets, ${scale.tvs} TVs, ${scale.families} families, ${scale.servers} server(s) on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, a ${scale.daySeconds} s day`,
);
const topology = await startTopology({ servers: scale.servers, users: allUsers(accounts) });
log(`${topology.servers.length} server(s) up behind the balancer at ${topology.url}`);
let failed = false;
/** When the day began on the monotonic clock the servers' profiles are dated on. */
let dayStartUs: number | undefined;
const stops: { stop(): void }[] = [];
/** How long the venue's screens may take to show the day before the run fails. */
const SCREENS_READY_MS = 60_000;
try {
  const url = topology.url;
  const day = await prepareDay(url, scale, accounts);
  log(
    `set up: ${day.competitors} competitors in ${day.registrations.length} registrations, ${day.divisions} divisions (${day.bracketDivisions} with a bracket, ${day.drawnBefore} drawn before the day) on ${day.ringIds.length} rings`,
  );

  // ---- the devices sign in; each desk tablet's first sync is timed
  const desks = accounts.deskTablets.map(() => new DeskTablet(url));
  const firstSyncs: number[] = [];
  await inParallel(desks, 4, async (desk, i) => {
    await desk.signIn(accounts.deskTablets[i]!.email, accounts.deskTablets[i]!.password);
    const t0 = performance.now();
    await desk.pull(new Replica('checkin'));
    firstSyncs.push(performance.now() - t0);
  });
  // The venue is set up before the doors open: each ring tablet signed in and synced, every TV
  // and the control room showing the day. A ring cannot start a division its screen has not
  // shown, and 72 first syncs at the same instant are a power cut, not the opening minute.
  const rings = day.ringIds.map((id) => new RingTablet(url, id));
  await inParallel(rings, 4, async (ring, i) => {
    await ring.signIn(accounts.ringTablets[i]!.email, accounts.ringTablets[i]!.password);
    await ring.pull(ring.replica, { ringId: ring.ringId });
  });
  const director = new SyncClient(url);
  await director.signIn(accounts.director.email, accounts.director.password);
  const screensFrom = performance.now();
  const screens = [startControlRoom(director), ...Array.from({ length: scale.tvs }, () => startTv(url))];
  stops.push(...screens);
  // A screen whose stream never opens (refused, a server down) would hold the day forever.
  let shown = 0;
  for (const s of screens) void s.ready.then(() => shown++);
  const allShown = await Promise.race([
    Promise.all(screens.map((s) => s.ready)).then(() => true),
    pause(SCREENS_READY_MS).then(() => false),
  ]);
  if (!allShown)
    throw new Error(
      `only ${shown} of ${screens.length} screens (the control room and ${scale.tvs} TVs) showed the day within ${SCREENS_READY_MS / 1000} s; a stream's last error: ${screens.map((s) => s.lastError()).find(Boolean) ?? 'none'}`,
    );
  const screensMs = performance.now() - screensFrom;
  log(
    `the venue is ready: ${rings.length} ring tablets synced; ${scale.tvs} TVs and the control room, switched on together, all show the day after ${ms(screensMs)}`,
  );

  // ---- the day
  let over = false;
  const until = () => over;
  const start = Date.now();
  dayStartUs = monotonicUs();
  const at = (fraction: number) => pause(Math.max(0, start + fraction * dayMs - Date.now()));
  const health = probeHealth(url, 200, until);
  // Each server's memory at the end of each tenth of the day.
  const memorySeries: (MemorySample | undefined)[][] = topology.servers.map(() => []);
  const memorySampling = (async () => {
    for (let k = 1; !over; k++) {
      const due = start + (k * dayMs) / 10;
      while (!over && Date.now() < due) await pause(Math.min(1000, due - Date.now()));
      if (over) break;
      const samples = await Promise.all(topology.servers.map((s) => memoryOf(s.port)));
      samples.forEach((m, i) => memorySeries[i]!.push(m));
    }
  })();
  const waits = topology.db ? sampleWaits(topology.db, until) : Promise.resolve(new Map<string, number>());
  const phones = day.phones.map((phone) => followDay(phone, day.tournamentId, scale.familyPollMs, until));
  const directing = directDay(director, Math.max(1000, dayMs / 20), until);
  const perDesk = desks.map((_, i) => day.registrations.filter((_, k) => k % desks.length === i));
  const serving = desks.map((desk, i) =>
    desk.serve(perDesk[i]!, day.competitorsOf, (dayMs * 0.6) / Math.max(1, perDesk[i]!.length), () => false),
  );
  // A bracket match takes a performance's time: the rings' work is spread over the same day.
  const performanceMs = (dayMs * 0.7 * scale.rings) / Math.max(1, day.bouts);
  // A guard against a hang only, far past any day: the oracle says which divisions were left.
  const running = rings.map((ring) =>
    ring.run(performanceMs, () => Date.now() - start > dayMs * 6 + 240_000),
  );

  // 20% of the desk tablets work offline for a while, twice; the last is the one offline longest.
  const offline = desks.slice(0, Math.max(1, Math.round(desks.length * 0.2)));
  const longOffline = desks[desks.length - 1]!;
  const intermittent = offline
    .filter((d) => d !== longOffline)
    .map(async (desk, i) => {
      for (const from of [0.05 + i * 0.01, 0.5 + i * 0.01]) {
        await at(from);
        desk.online = false;
        await at(from + 0.12);
        desk.online = true;
        await desk.flush();
      }
    });

  let drainMs = NaN;
  let drained = 0;
  const windows: FaultWindow[] = [];
  const spanOf = (what: string, from: number) => windows.push({ what, from, to: Date.now() });
  // The faults, each on its own schedule (a slow one does not push the next past the day).
  const offlineFault = (async () => {
    // One tablet offline for a long while, its changes queued; then back.
    await at(0.1);
    longOffline.online = false;
    const own = perDesk[desks.length - 1]!.flatMap((r) => day.competitorsOf.get(r.id) ?? []);
    longOffline.queueToggles(own, scale.offlineChanges);
    await at(0.35);
    drained = longOffline.pending;
    const t0 = performance.now();
    const back = Date.now();
    longOffline.online = true;
    await longOffline.flush();
    drainMs = performance.now() - t0;
    spanOf(`the drain of ${drained} queued changes`, back);
    log(`fault: the tablet offline since 10% of the day drained ${drained} changes in ${ms(drainMs)}`);
  })();
  const lostAcksFault = (async () => {
    // 30% of push acknowledgements lost, for a while and at least a few times.
    await at(0.4);
    const from = Date.now();
    topology.balancer.loseAcks = 0.3;
    log('fault: 30% of push acknowledgements lost');
    await at(0.55);
    while (topology.balancer.acksLost < 5 && Date.now() - start < dayMs) await pause(100);
    topology.balancer.loseAcks = 0;
    spanOf('30% of acknowledgements lost', from);
    log(`fault: acknowledgements back (${topology.balancer.acksLost} lost)`);
  })();
  const killFault = (async (): Promise<number[]> => {
    if (topology.servers.length < 2) return [];
    await at(0.6);
    const victim = topology.servers[1]!;
    const killedAt = Date.now();
    victim.kill9();
    log('fault: server 2 killed (kill -9)');
    await pause(1000);
    await victim.restart();
    log(`fault: server 2 started again after ${Date.now() - killedAt} ms`);
    await pause(3000);
    spanOf('server 2 killed and started again', killedAt);
    return topology.balancer.servedAgain(killedAt);
  })();
  const databaseFault = (async () => {
    if (!topology.db) return;
    await at(0.75);
    const from = Date.now();
    const n = await topology.db.terminateServerConnections();
    spanOf('PostgreSQL connections terminated', from);
    log(`fault: ${n} PostgreSQL connections terminated`);
  })();
  const faults = Promise.all([offlineFault, lostAcksFault, killFault, databaseFault]).then(
    ([, , served]) => served,
  );

  await Promise.all(serving);
  await Promise.all(intermittent);
  const servedAgain = await faults;
  for (const d of desks) await d.flush();
  await Promise.all(running);
  over = true;
  const end = Date.now();
  log(`day over after ${((Date.now() - start) / 1000).toFixed(0)} s`);
  for (const s of stops) s.stop();
  await Promise.all([...phones, directing]);
  const healthTimes = await health;
  await memorySampling;
  const waitSamples = await waits;

  // ---- the oracle
  const checkin = new Replica('checkin');
  await desks[0]!.pull(checkin);
  const matchday = new Replica('matchday');
  await director.pull(matchday);
  const publicResults = await director.ok<PublicResults>('GET', `/api/results/${day.tournamentId}`);
  const cpuClient = new SyncClient(url);
  const clients: SyncClient[] = [...desks, ...rings, director, day.planner, cpuClient];

  // ---- figures that need the servers alone: CPU per push and per public read
  cpuClient.token = desks[0]!.token;
  const someone = [...day.competitorsOf.values()][0]![0]!;
  const cpuPush = await cpuPer(topology, 100, async () => {
    cpuClient.queue('checkInCompetitor@1', { competitorId: someone });
    await cpuClient.flush();
  });
  const cpuRead = await cpuPer(topology, 100, async (i) => {
    await cpuClient.ok('GET', i % 2 ? '/results' : `/api/results/${day.tournamentId}`);
  });
  const memory = await Promise.all(
    topology.servers.map((s) => metric(s.port, 'process_resident_memory_bytes')),
  );
  const sharedSignage = (
    await Promise.all(topology.servers.map((s) => metric(s.port, 'sync_pulls_shared_total{scope="signage"}')))
  ).reduce((a, b) => a + (Number.isNaN(b) ? 0 : b), 0);
  const signagePulls = pulls.filter((p) => p.scope === 'signage').length;

  // First sync of a larger day: walk-ins up to 6,000 competitors (full scale only).
  let bigSync = NaN;
  let bigCount = 0;
  if (scale.name === 'full') {
    const door = desks[1]!;
    const walkIns = Math.ceil((6000 - day.competitors) / 10);
    for (let k = 0; k < walkIns; k++) {
      const m = walkInMutation(0, crypto.randomUUID(), day.walkInRefs, `Walkin${k}`);
      door.queue(m.name, { ...m.args, competitors: Array(10).fill(m.args.competitors[0]) });
      if (k % 100 === 99) await door.flush();
    }
    await door.flush();
    const fresh = new SyncClient(url);
    fresh.token = desks[2]!.token;
    const big = new Replica('checkin');
    const t0 = performance.now();
    await fresh.pull(big);
    bigSync = performance.now() - t0;
    bigCount = big.list('competitors').length;
  }

  if (!topology.db) await topology.stopServers();
  const results = await topology.query<{ client_id: string; mutation_id: string; status: string }>(
    'select client_id, mutation_id, status from sync_mutation_results',
  );
  const mismatches = compare(clients, desks, { results, checkin, matchday, publicResults });
  const floorPg = topology.db ? await barePostgresTransaction(topology.db.url(), 200) : [];

  // ---- what it prints
  const mutations = clients.reduce((n, c) => n + c.sent.size, 0);
  const played = (k: keyof RingTablet['matches']) => rings.reduce((n, r) => n + r.matches[k], 0);
  const matches = played('main') + played('third') + played('roundRobin');
  const lost = mismatches.filter((m) => /acknowledged$|recorded by the server$/.test(m.what)).length;
  const duplicated = mismatches.filter(
    (m) => m.actual !== undefined && /times$/.test(String(m.actual)),
  ).length;
  // The day's pushes: not the devices' sign-in before it, nor the 6,000-competitor walk-ins after.
  const dayPushes = pushes.filter((p) => p.at >= start && p.at <= end);
  const pushTimes = dayPushes.map((p) => p.ms);
  const pushP99 = percentile(pushTimes, 99);
  // The same pushes with the faults' own set apart: what a tablet meets on an ordinary minute.
  const calm = dayPushes.filter((p) => !faultOf(p, windows)).map((p) => p.ms);
  const tvP99 = percentile(tvLatency, 99);
  const floor = `health ${ms(percentile(healthTimes, 50))}/${ms(percentile(healthTimes, 99))}${floorPg.length ? `, PG tx ${ms(percentile(floorPg, 50))}/${ms(percentile(floorPg, 99))}` : ''}`;
  figure('Acknowledged mutations lost / applied twice', `${lost} / ${duplicated}`, '0 / 0');
  figure(
    `Push round trip under load p50/p99 (${pushTimes.length})`,
    `${ms(percentile(pushTimes, 50))} / ${ms(pushP99)}`,
    '< 50 / 250 ms',
    floor,
  );
  figure(
    `  the same outside the faults (each one's span and ${SETTLE_MS / 1000} s after) (${calm.length})`,
    `${ms(percentile(calm, 50))} / ${ms(percentile(calm, 99))}`,
    '< 50 / 250 ms',
    floor,
  );
  // The opening minute is a rush no later minute sees: every desk, ring and TV starts at once on
  // servers whose pools and JIT are still cold.
  const warm = dayPushes.filter((p) => p.at >= start + (end - start) / 10).map((p) => p.ms);
  figure(
    `  the same after the first tenth of the day (${warm.length})`,
    `${ms(percentile(warm, 50))} / ${ms(percentile(warm, 99))}`,
    '< 50 / 250 ms',
    floor,
  );
  figure(
    `Division start or completion on a tablet to every TV, p99 (${tvLatency.length})`,
    ms(tvP99),
    '< 1000 ms',
    floor,
  );
  figure(
    `Score or match winner on a tablet to the control room, p99 (${controlRoomLatency.length})`,
    ms(percentile(controlRoomLatency, 99)),
    '< 1000 ms',
    floor,
  );
  figure(
    `Bracket matches played (${day.bracketDivisions} divisions with a bracket)`,
    `${matches} (${played('main')} elimination, ${played('third')} third place, ${played('roundRobin')} round robin; ${played('byes')} byes)`,
    'printed',
  );
  figure(`Tablet back from offline, ${drained} changes drained`, ms(drainMs), '< 2000 ms');
  figure(
    `Clients of a killed server served again, max (${servedAgain.length} clients)`,
    topology.servers.length > 1
      ? ms(servedAgain.length ? Math.max(...servedAgain) : NaN)
      : 'not run (one server)',
    '< 5000 ms',
  );
  figure(
    `First sync of a check-in tablet, ${day.competitors} competitors, p50/max`,
    `${ms(percentile(firstSyncs, 50))} / ${ms(Math.max(...firstSyncs))}`,
    '< 1000 ms',
  );
  figure(
    `${scale.tvs} TVs and the control room switched on together, the last one showing the day`,
    ms(screensMs),
    'printed',
  );
  figure(
    `First sync, ${scale.name === 'full' ? bigCount : 6000} competitors`,
    scale.name === 'full' ? ms(bigSync) : 'not run (full scale only)',
    '< 3000 ms',
  );
  figure(
    `Family reads (day page schedule, results JSON, /results page, own registrations) p50/p99 (${publicReads.length})`,
    `${ms(percentile(publicReads, 50))} / ${ms(percentile(publicReads, 99))}`,
    'printed',
    floor,
  );
  figure(
    'Server CPU per push / per public read (alone, after the day)',
    `${cpuPush.toFixed(1)} ms / ${cpuRead.toFixed(1)} ms`,
    'printed',
  );
  figure(
    'Memory of each server after the day (RSS)',
    memory.map((b) => `${(b / 2 ** 20).toFixed(0)} MB`).join(', '),
    'printed',
  );
  for (const [i, samples] of memorySeries.entries())
    figure(
      `  server ${i + 1} at each tenth of the day (RSS; -: no answer within 2 s)`,
      memoryThroughTheDay(samples),
      'printed, flat after the warm-up',
    );
  figure(
    "TV pulls that rode another TV's answer (decision 056; a restarted server counts from its start)",
    `${sharedSignage} of ${signagePulls}`,
    'printed',
  );
  figure('Push acknowledgements dropped by the fault', String(topology.balancer.acksLost), 'printed');
  figure('Pushes refused (4xx) during the day', String(pushRefusals.length), '0');

  if (waitSamples.size) {
    const total = [...waitSamples.values()].reduce((a, b) => a + b, 0);
    console.log(
      `\nPostgreSQL: what the servers' active connections were doing (${total} samples, every 200 ms)`,
    );
    for (const [k, n] of [...waitSamples.entries()].sort((a, b) => b[1] - a[1]).slice(0, 8))
      console.log(`  ${((100 * n) / total).toFixed(1).padStart(5)}%  ${k}`);
  }
  // Where the slowest percent of the pushes came from: a fault, a batch of queued changes, or
  // neither (an ordinary change that waited).
  const slowest = [...dayPushes]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, Math.max(1, Math.ceil(dayPushes.length / 100)));
  if (slowest.length) {
    const tally = (keyOf: (p: PushRecord) => string) => {
      const counts = new Map<string, number>();
      for (const p of slowest) counts.set(keyOf(p), (counts.get(keyOf(p)) ?? 0) + 1);
      return [...counts.entries()].sort((a, b) => b[1] - a[1]);
    };
    console.log(
      `\nThe slowest 1% of the day's pushes (${slowest.length}, from ${ms(slowest[slowest.length - 1]!.ms)}), by cause`,
    );
    for (const [cause, n] of tally(
      (p) => faultOf(p, windows)?.what ?? (p.size > 1 ? 'a batch of queued changes' : 'one change, no fault'),
    ))
      console.log(`  ${String(n).padStart(5)}  ${cause}`);
    console.log('by the first change they carried');
    for (const [name, n] of tally((p) => p.first)) console.log(`  ${String(n).padStart(5)}  ${name}`);
    console.log('by the tenth of the day they were sent in');
    for (const [tenth, n] of tally((p) =>
      String(Math.min(9, Math.floor(((p.at - start) * 10) / (end - start)))),
    ))
      console.log(`  ${String(n).padStart(5)}  ${Number(tenth) * 10}-${Number(tenth) * 10 + 10}%`);
    for (const p of slowest.slice(0, 5))
      console.log(
        `  ${ms(p.ms).padStart(8)}  at ${((p.at - start) / 1000).toFixed(1)} s, ${p.size} change(s) from ${p.first}`,
      );
  }
  // What the opening seconds carried beside the day's average over as long.
  const OPENING_MS = 3000;
  const carried = (from: number, to: number, per = 1) => {
    const inSpan = <T extends { at: number }>(list: T[]) => list.filter((r) => r.at >= from && r.at < to);
    const byScope = new Map<string, number>();
    for (const p of inSpan(pulls)) byScope.set(p.scope, (byScope.get(p.scope) ?? 0) + 1);
    const n = (count: number) => String(Math.round(count / per));
    const scopes = [...byScope.entries()].sort((a, b) => b[1] - a[1]).map(([k, c]) => `${n(c)} ${k}`);
    return `${n(inSpan(dayPushes).length)} pushes; pulls: ${scopes.join(', ') || 'none'}`;
  };
  console.log(`\nThe first ${OPENING_MS / 1000} s of the day carried ${carried(start, start + OPENING_MS)}`);
  console.log(
    `the day's average ${OPENING_MS / 1000} s carried ${carried(start, end, (end - start) / OPENING_MS)}`,
  );
  if (pushRefusals.length) {
    failed = true;
    console.log(`\nPUSHES REFUSED: ${pushRefusals.length}; the first: ${pushRefusals[0]}`);
    for (const server of topology.servers)
      for (const line of server
        .serverLog()
        .split('\n')
        .filter((l) => /"level":[456]0/.test(l))
        .slice(0, 10))
        console.log(`  ${line.slice(0, 400)}`);
  }
  if (process.env.SIM_PROFILE) {
    await topology.stopServers();
    for (const line of await summarizeProfiles(process.env.SIM_PROFILE)) console.log(line);
    // The opening seconds apart: every desk and ring sends its first change at once.
    if (dayStartUs !== undefined) {
      const opening = { label: 'the first 2 s of the day', fromUs: dayStartUs, toUs: dayStartUs + 2e6 };
      for (const line of await summarizeProfiles(process.env.SIM_PROFILE, 20, opening)) console.log(line);
    }
  }
  if (mismatches.length) {
    failed = true;
    const m = mismatches[0]!;
    console.log(`\nORACLE MISMATCH (${mismatches.length} rows differ); the first: ${m.what}`);
    console.log(`  expected: ${JSON.stringify(m.expected)}`);
    console.log(`  actual:   ${JSON.stringify(m.actual)}`);
  }
  console.log(
    `\nSimulated day, SIM_SCALE=${scale.name} (${scale.servers} server(s), ${topology.db ? 'PostgreSQL' : 'PGlite'}); floor: same-run /api/health through the balancer p50/p99, bare PostgreSQL transaction p50/p99`,
  );
  const widths = [0, 1, 2, 3].map((i) =>
    Math.max(...rows.map((r) => r[i]!.length), ['figure', 'measured', 'goal', 'floor'][i]!.length),
  );
  console.log(['figure', 'measured', 'goal', 'floor'].map((h, i) => h.padEnd(widths[i]!)).join('  '));
  for (const r of rows) console.log(r.map((c, i) => c.padEnd(widths[i]!)).join('  '));
  console.log(
    `simulated day: ${mutations} mutations, ${matches} bracket matches, ${lost} lost, ${duplicated} duplicated, push p99 ${pushP99.toFixed(0)} ms, TV p99 ${tvP99.toFixed(0)} ms`,
  );
} catch (err) {
  failed = true;
  console.error(err);
  for (const s of topology.servers)
    console.error(
      s
        .serverLog()
        .split('\n')
        .filter((l) => /"level":[56]0|Error/.test(l))
        .slice(-20)
        .join('\n'),
    );
} finally {
  for (const s of stops) s.stop();
  await topology.close();
}
process.exit(failed ? 1 : 0);
