import crypto from 'node:crypto';
import {
  bracketPlacings,
  buildBracket,
  matchResultIdOf,
  resolveBracket,
  resultIdOf,
  scoreIdOf,
  type MatchdayRules,
  type ResolvedMatch,
  type SyncDivision,
  type SyncRegistration,
} from '@tournament/shared';
import { coalesced, holdStream, Http, pause, Replica, SyncClient } from './client.ts';

// The people of the day, each a light client with its own pace: desk tablets (payments and
// check-ins), ring tablets (start, score or play the bracket, complete), TVs on the signage stream, the director's
// control room on the matchday stream, the director moving divisions, families' phones.

/**
 * When a change left a tablet (epoch ms), by what a screen will show: `div:<id>:<status>`,
 * `score:<id>:<value>`, `match:<id>:<winner>`.
 */
const sentAt = new Map<string, number>();
/** ms from a tablet's push to a TV's pull showing it, and (scores and match winners) to the control room's. */
export const tvLatency: number[] = [];
export const controlRoomLatency: number[] = [];
/** ms of each family's read (public results, the page, their registrations). */
export const publicReads: number[] = [];

const isoNow = () => new Date().toISOString();

/** A check-in and door tablet: takes each family's balance, then checks the family in. */
export class DeskTablet extends SyncClient {
  /** What the oracle expects: competitor id -> checked in at the end; registration id -> paid. */
  readonly expectCheckedIn = new Map<number, boolean>();
  readonly payments: { paymentId: string; registrationId: number; amount: number }[] = [];

  async serve(
    families: SyncRegistration[],
    competitorsOf: Map<number, number[]>,
    stepMs: number,
    until: () => boolean,
  ) {
    for (const [k, r] of families.entries()) {
      if (until()) break;
      if (r.balanceOwing > 0) {
        const paymentId = crypto.randomUUID();
        this.payments.push({ paymentId, registrationId: r.id, amount: r.balanceOwing });
        this.queue('recordDoorPayment@1', {
          paymentId,
          registrationId: r.id,
          method: 'card',
          amount: r.balanceOwing,
          at: isoNow(),
        });
      }
      this.queue('checkInRegistration@1', { registrationId: r.id, at: isoNow() });
      const kids = competitorsOf.get(r.id) ?? [];
      for (const c of kids) this.expectCheckedIn.set(c, true);
      // One family in ten: a child checked in by mistake is undone, then checked in again.
      if (k % 10 === 3 && kids[0] !== undefined) {
        this.queue('undoCheckIn@1', { competitorId: kids[0] });
        this.queue('checkInCompetitor@1', { competitorId: kids[0], at: isoNow() });
      }
      await pause(stepMs);
    }
  }

  /** `count` changes queued (undo and check-in in turn, ending checked in) over these competitors. */
  queueToggles(competitorIds: number[], count: number): void {
    for (let k = 0; k < count; k++) {
      const competitorId = competitorIds[Math.floor(k / 2) % competitorIds.length]!;
      if (k % 2 === 0) this.queue('undoCheckIn@1', { competitorId });
      else this.queue('checkInCompetitor@1', { competitorId, at: isoNow() });
      this.expectCheckedIn.set(competitorId, k % 2 === 1);
    }
  }
}

/**
 * A bracket match's winner, decided the same way on every run: mostly the lower competitor id;
 * a seeded third of the matches go the other way, so upsets and round-robin cycles (a deciding
 * pass) happen. A deciding pass goes to the lower id, so it ends.
 */
export function matchWinner(divisionId: number, m: ResolvedMatch): number {
  const [low, high] = m.a! < m.b! ? [m.a!, m.b!] : [m.b!, m.a!];
  if (m.kind === 'roundRobin' && m.round > 1) return low;
  return (low * 31 + high * 17 + divisionId) % 3 === 0 ? high : low;
}

/** A ring's tablet: starts the head of its queue, scores each competitor or plays the bracket, completes; again. */
export class RingTablet extends SyncClient {
  readonly replica = new Replica('matchday');
  completed = 0;
  /** Bracket match winners this tablet entered, by the kind of match; byes its brackets had. */
  readonly matches = { main: 0, third: 0, roundRobin: 0, byes: 0 };

  constructor(
    url: string,
    readonly ringId: number,
  ) {
    super(url);
  }

  async run(performanceMs: number, finished: () => boolean): Promise<void> {
    while (!finished()) {
      await this.pull(this.replica, { outboxDepth: this.pending, ringId: this.ringId });
      const all = this.replica.list('divisions');
      if (all.length > 0 && all.every((d) => d.status === 'completed')) return;
      const mine = this.replica.list('divisions').filter((d) => d.ringId === this.ringId);
      const current = mine.find((d) => d.status === 'current');
      if (current) {
        await this.runDivision(current, performanceMs);
        continue;
      }
      const next = mine
        .filter((d) => d.status === 'upcoming')
        .sort((a, b) => a.queueOrder - b.queueOrder || a.id - b.id)[0];
      if (!next) {
        await pause(performanceMs);
        continue;
      }
      sentAt.set(`div:${next.id}:current`, Date.now());
      this.queue('startDivision@1', { divisionId: next.id, seed: next.id, at: isoNow() });
      await this.flush();
    }
  }

  private async runDivision(d: SyncDivision, performanceMs: number): Promise<void> {
    const entries = this.replica
      .list('divisionEntries')
      .filter((e) => e.divisionId === d.id && !e.noShow)
      .sort((a, b) => a.competitorId - b.competitorId);
    for (const rules of d.rules) {
      if (rules.decidedBy === 'bracket') {
        await this.playBracket(d, rules, performanceMs);
        continue;
      }
      for (const [i, e] of entries.entries()) {
        // Distinct totals (no run-off): the first competitor scores highest.
        const span = rules.scoreMax - rules.scoreMin;
        const value =
          Math.round((rules.scoreMin + span * (0.9 - (0.6 * i) / (entries.length + 1))) * 100) / 100;
        for (let judge = 1; judge <= rules.judges; judge++) {
          const id = scoreIdOf({
            divisionId: d.id,
            eventTypeId: rules.eventTypeId,
            competitorId: e.competitorId,
            judge,
            round: 0,
          });
          if (this.replica.get('scores', id)?.value === value) continue;
          sentAt.set(`score:${id}:${value}`, Date.now());
          // The judges' scores of a performance are entered together, and sent together.
          this.queue(
            'recordScore@1',
            {
              divisionId: d.id,
              eventTypeId: rules.eventTypeId,
              competitorId: e.competitorId,
              judge,
              round: 0,
              value,
              at: isoNow(),
            },
            false,
          );
        }
        void this.flush();
        await pause(performanceMs);
      }
    }
    sentAt.set(`div:${d.id}:completed`, Date.now());
    this.queue('completeDivision@1', { divisionId: d.id, at: isoNow() });
    await this.flush();
    this.completed++;
  }

  /**
   * Plays a bracket event as a ring does: the drawn bracket (drawn before the day or by the
   * start) from the replica, each ready match's winner entered one match at a time, until
   * shared's rules give placings. Byes, third place and deciding passes come from shared.
   */
  private async playBracket(d: SyncDivision, rules: MatchdayRules, performanceMs: number): Promise<void> {
    const resultId = resultIdOf(d.id, rules.eventTypeId);
    // The start that drew it was pushed before this pull; a lost acknowledgement may delay it.
    for (let k = 0; !this.replica.get('divisionResults', resultId)?.draw && k < 50; k++) {
      await pause(100);
      await this.pull(this.replica, { outboxDepth: this.pending, ringId: this.ringId });
    }
    const draw = this.replica.get('divisionResults', resultId)?.draw;
    if (!draw) throw new Error(`division ${d.id}: no draw for ${rules.title} after its start`);
    const bracket = buildBracket(draw, rules.thirdPlace);
    this.matches.byes += bracket.byes;
    const winners = new Map<string, number>();
    for (const m of this.replica.list('matchResults'))
      if (m.divisionId === d.id && m.eventTypeId === rules.eventTypeId && m.winnerId !== null)
        winners.set(m.matchId, m.winnerId);
    while (bracketPlacings(bracket, winners) === null) {
      const ready = resolveBracket(bracket, winners).filter((m) => m.ready);
      if (ready.length === 0) throw new Error(`division ${d.id}: no ready match and no placings`);
      for (const m of ready) {
        const winnerId = matchWinner(d.id, m);
        winners.set(m.id, winnerId);
        const id = matchResultIdOf(d.id, rules.eventTypeId, m.id);
        sentAt.set(`match:${id}:${winnerId}`, Date.now());
        this.queue('recordMatchWinner@1', {
          divisionId: d.id,
          eventTypeId: rules.eventTypeId,
          matchId: m.id,
          winnerId,
          at: isoNow(),
        });
        this.matches[m.kind]++;
        await pause(performanceMs);
      }
    }
  }
}

/** A TV on the signage stream: pulls on every poke; notes when a division's new state arrives. */
export function startTv(url: string): ReturnType<typeof holdStream> {
  const tv = new SyncClient(url);
  const replica = new Replica('signage');
  const seen = new Map<number, string>();
  const refresh = coalesced(async () => {
    await tv.pull(replica);
    const now = Date.now();
    for (const d of replica.list('divisions')) {
      if (seen.get(d.id) === d.status) continue;
      seen.set(d.id, d.status);
      const t = sentAt.get(`div:${d.id}:${d.status}`);
      if (t !== undefined) tvLatency.push(now - t);
    }
  });
  return holdStream(tv, 'signage', refresh);
}

/** The director's control room on the matchday stream: notes when each score and match winner arrives. */
export function startControlRoom(director: SyncClient): ReturnType<typeof holdStream> {
  const room = new SyncClient(director.baseUrl);
  room.token = director.token;
  const replica = new Replica('matchday');
  const seen = new Map<string, number>();
  const refresh = coalesced(async () => {
    await room.pull(replica);
    const now = Date.now();
    for (const s of replica.list('scores')) {
      if (seen.get(s.id) === s.value) continue;
      seen.set(s.id, s.value);
      const t = sentAt.get(`score:${s.id}:${s.value}`);
      if (t !== undefined) controlRoomLatency.push(now - t);
    }
    for (const m of replica.list('matchResults')) {
      if (seen.get(m.id) === m.winnerId) continue;
      seen.set(m.id, m.winnerId ?? -1);
      const t = sentAt.get(`match:${m.id}:${m.winnerId}`);
      if (t !== undefined) controlRoomLatency.push(now - t);
    }
  });
  return holdStream(room, 'matchday', refresh);
}

/** The director: now and then moves the last division of the longest queue to the shortest, or balances. */
export async function directDay(director: SyncClient, everyMs: number, until: () => boolean): Promise<void> {
  const replica = new Replica('matchday');
  for (let k = 0; !until(); k++) {
    await pause(everyMs);
    await director.pull(replica);
    const queues = new Map<number, SyncDivision[]>();
    for (const r of replica.list('rings')) queues.set(r.id, []);
    for (const d of replica.list('divisions'))
      if (d.status === 'upcoming' && d.ringId !== null) queues.get(d.ringId)?.push(d);
    const byLength = [...queues.entries()].sort((a, b) => b[1].length - a[1].length);
    const [longest, shortest] = [byLength[0], byLength[byLength.length - 1]];
    if (k % 4 === 3) director.queue('balanceRings@1', {});
    else if (longest && shortest && longest[1].length - shortest[1].length >= 2) {
      const last = longest[1].sort((a, b) => b.queueOrder - a.queueOrder)[0]!;
      director.queue('assignDivision@1', { divisionId: last.id, ringId: shortest[0] });
    }
    await director.flush();
  }
}

/**
 * A family's phone, in turn: its day page's schedule (the page also follows the signage scope, as
 * the TVs do), the public results (JSON and page), and its own registrations.
 */
export async function followDay(phone: Http, tournamentId: number, everyMs: number, until: () => boolean) {
  const rounds = [
    `/api/registration/schedule/${tournamentId}`,
    `/api/results/${tournamentId}`,
    '/results',
    `/api/registration/getAll/${tournamentId}`,
  ];
  // Phones do not all look at once.
  await pause(Math.random() * everyMs);
  for (let k = 0; !until(); k++) {
    const t0 = performance.now();
    const r = await phone.retried('GET', rounds[k % rounds.length]!).catch(() => undefined);
    if (r?.status === 200) publicReads.push(performance.now() - t0);
    await pause(everyMs);
  }
}

/** `GET /api/health` through the balancer, every `everyMs`: the floor of a round trip under the day's load. */
export async function probeHealth(url: string, everyMs: number, until: () => boolean): Promise<number[]> {
  const http = new Http(url);
  const times: number[] = [];
  while (!until()) {
    const t0 = performance.now();
    const r = await http.call('GET', '/api/health').catch(() => undefined);
    if (r?.status === 200) times.push(performance.now() - t0);
    await pause(everyMs);
  }
  return times;
}
