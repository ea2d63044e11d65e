// `npm run bench -w @tournament/e2e`: the signage fan-out (decision 022). One server holding 200
// signage TVs' update connections (event streams of the public signage scope, opened from Node, not
// 200 browsers), and the delay from a change pushed by a ring tablet (startDivision, then ring
// open/close toggles for more rounds) to every TV's poke arriving. Printed beside its floor
// measured in the same run: the same changes with one TV listening. Bounded in count and time;
// asserts nothing.
//
// The server allows 100 open signage streams per address (MAX_ANONYMOUS_STREAMS_PER_ADDRESS,
// a venue's TVs share one), so the 200 streams come from loopback addresses 127.0.0.2 and
// 127.0.0.3 (Linux answers on all of 127/8), 100 each.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import {
  createRing,
  group,
  nextTournamentOf,
  publishForms,
  registerKids,
  SyncDevice,
} from '../src/signage-fixtures.ts';
import { startStack } from '../src/stack.ts';

const TVS = 200;
const PER_ADDRESS = 100;
const TOGGLES = 20;
const ROUND_TIMEOUT_MS = 10_000;

const password = 'bench-pass-1';
const director = { email: 'bench-td@example.test', password, role: 'TournamentDirector' as const };
const parent = { email: 'bench-parent@example.test', password, role: 'Customer' as const };

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

interface Tv {
  pokes: number;
  waiters: ((at: number) => void)[];
  req: http.ClientRequest;
}

/** One TV's event stream from `localAddress`; resolves once `: connected` arrived. */
function openTv(port: number, localAddress: string): Promise<Tv> {
  return new Promise((resolve, reject) => {
    const tv: Tv = { pokes: 0, waiters: [], req: undefined as unknown as http.ClientRequest };
    let buffer = '';
    let connected = false;
    tv.req = http.get(
      { host: '127.0.0.1', port, path: '/sync/events?scope=signage', localAddress, agent: false },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`stream from ${localAddress}: ${res.statusCode}`));
          res.resume();
          return;
        }
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          const at = performance.now();
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const message = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (!connected && message.includes(': connected')) {
              connected = true;
              resolve(tv);
            }
            if (/^event: poke$/m.test(message)) {
              tv.pokes++;
              for (const w of tv.waiters.splice(0)) w(at);
            }
          }
        });
      },
    );
    tv.req.on('error', reject);
  });
}

const nextPoke = (tv: Tv) =>
  new Promise<number>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error('no poke within the round')), ROUND_TIMEOUT_MS);
    tv.waiters.push((at) => {
      clearTimeout(t);
      resolve(at);
    });
  });

/** Pushes one change and returns each TV's delay from just before the push to its poke. */
async function round(tvs: Tv[], push: () => Promise<void>): Promise<number[]> {
  const arrivals = tvs.map(nextPoke);
  const t0 = performance.now();
  await push();
  return (await Promise.all(arrivals)).map((at) => at - t0);
}

async function main() {
  const started = performance.now();
  const stack = await startStack({ users: [director, parent] });
  const closers: (() => void)[] = [];
  try {
    const tournament = await nextTournamentOf(stack);
    await registerKids(
      stack,
      parent,
      // Two of each age band and gender: a dozen divisions, each started once.
      [6, 8, 10, 12, 14, 16].flatMap((age) => [
        ...group(`G${age}x`, 2, age, 2),
        ...group(`B${age}x`, 2, age, 1),
      ]),
      tournament,
      'Bench',
    );
    const token = await stack.signIn(director.email, director.password);
    await publishForms(stack, token, tournament.id);
    const tablet = new SyncDevice(stack, token);
    const divisions = (await tablet.rows()).divisions.sort((a, b) => a.id - b.id);
    // One ring per division, so every division can start (a ring runs one at a time).
    const ringIds: number[] = [];
    for (const [i, d] of divisions.entries()) {
      const ringId = await createRing(stack, token, tournament.id, `Ring ${i + 1}`);
      ringIds.push(ringId);
      tablet.queue('assignDivision@1', { divisionId: d.id, ringId });
    }
    await tablet.flush();
    const starts = divisions.map((d) => d.id);
    // Half the starts measure the floor (one TV), half the load (200 TVs).
    const half = Math.floor(starts.length / 2);
    let open = true;
    const toggle = () => {
      open = !open;
      return tablet.run('setRingOpen@1', { ringId: ringIds[0]!, isOpen: open });
    };
    const start = (id: number) => () => tablet.run('startDivision@1', { divisionId: id, seed: id });

    // Floor: one TV.
    const one = await openTv(stack.port, '127.0.0.2');
    closers.push(() => one.req.destroy());
    const floorStart: number[] = [];
    for (const id of starts.slice(0, half)) floorStart.push(...(await round([one], start(id))));
    const floorToggle: number[] = [];
    for (let i = 0; i < TOGGLES; i++) floorToggle.push(...(await round([one], toggle)));

    // Load: 200 TVs, 100 per loopback address.
    const tvs: Tv[] = [one];
    const opening: Promise<Tv>[] = [];
    for (let i = 1; i < TVS; i++)
      opening.push(openTv(stack.port, `127.0.0.${2 + Math.floor(i / PER_ADDRESS)}`));
    const opened = await Promise.all(opening);
    for (const tv of opened) closers.push(() => tv.req.destroy());
    tvs.push(...opened);
    // Let the connection burst settle before measuring.
    await new Promise((r) => setTimeout(r, 1000));
    const loadStart: number[] = [];
    for (const id of starts.slice(half)) loadStart.push(...(await round(tvs, start(id))));
    const loadToggle: number[] = [];
    for (let i = 0; i < TOGGLES; i++) loadToggle.push(...(await round(tvs, toggle)));

    const fmt = (xs: number[]) =>
      `p50 ${percentile(xs, 50).toFixed(1)} ms, p99 ${percentile(xs, 99).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms (${xs.length} pokes)`;
    const all = (a: number[], b: number[]) => [...a, ...b];
    console.log(
      `\nsignage fan-out (decision 022): ${TVS} TV event streams on one server (${Math.ceil(TVS / PER_ADDRESS)} loopback addresses), ${starts.length} divisions started, ${TOGGLES} ring toggles per side`,
    );
    console.log(`  change pushed -> every TV's poke, startDivision: ${fmt(loadStart)}`);
    console.log(`  change pushed -> every TV's poke, ring open/close: ${fmt(loadToggle)}`);
    console.log(`  change pushed -> every TV's poke, all: ${fmt(all(loadStart, loadToggle))}`);
    console.log(`  floor (one TV, same run), startDivision: ${fmt(floorStart)}`);
    console.log(`  floor (one TV, same run), ring open/close: ${fmt(floorToggle)}`);
    console.log(`  floor (one TV, same run), all: ${fmt(all(floorStart, floorToggle))}`);
    console.log('  goal: a change on a ring tablet shows on every TV within 1 s (a poke, then one pull)');
    console.log(`  bench took ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    for (const c of closers) c();
    await stack.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
