import {
  DEFAULT_LEADERBOARD_GROUPS,
  drawFits,
  eventPlacings,
  grandChampionLeaderboard,
  leaderboardCompetitor,
  matchResultIdOf,
  presentEntries,
  scoreIdOf,
  type ControlScore,
  type PublicResults,
} from '@tournament/shared';
import type { DeskTablet } from './actors.ts';
import type { Replica, SyncClient } from './client.ts';

// The simulator's oracle: what every actor did and what the server acknowledged, against what
// the server holds at the end. The first differing row fails the run.

interface Mismatch {
  what: string;
  expected: unknown;
  actual: unknown;
}

export interface ServerState {
  /** sync_mutation_results rows: client, mutation id, status. */
  results: { client_id: string; mutation_id: string | number; status: string }[];
  checkin: Replica;
  matchday: Replica;
  publicResults: PublicResults;
}

export function compare(clients: SyncClient[], desks: DeskTablet[], state: ServerState): Mismatch[] {
  const out: Mismatch[] = [];
  const first = (what: string, expected: unknown, actual: unknown) => out.push({ what, expected, actual });

  // 1. Every mutation acknowledged, recorded once, with the status the tablet saw.
  const recorded = new Map<string, { count: number; status: string }>();
  for (const r of state.results) {
    const key = `${r.client_id}#${Number(r.mutation_id)}`;
    const seen = recorded.get(key);
    recorded.set(key, { count: (seen?.count ?? 0) + 1, status: r.status });
  }
  for (const c of clients) {
    for (const m of c.sent.values()) {
      const key = `${c.clientId}#${m.id}`;
      const row = recorded.get(key);
      if (!m.acknowledged) first(`mutation ${key} (${m.name}) acknowledged`, true, false);
      else if (!row) first(`mutation ${key} (${m.name}) recorded by the server`, 'once', 'never');
      else if (row.count !== 1) first(`mutation ${key} (${m.name}) recorded`, 'once', `${row.count} times`);
      else if (m.status && m.status !== row.status)
        first(`mutation ${key} (${m.name}) status`, m.status, row.status);
      // Nothing of the day is refused but a lost race, and only these.
      else if (
        row.status === 'rejected' &&
        !['startDivision@1', 'assignDivision@1', 'completeDivision@1'].includes(m.name)
      )
        first(`mutation ${key} (${m.name}) applied`, 'applied', `rejected (${m.code ?? 'code unseen'})`);
    }
  }

  // 2. Every check-in and payment present.
  const competitors = new Map(state.checkin.list('competitors').map((c) => [c.id, c]));
  const payments = new Map(state.checkin.list('payments').map((p) => [p.id, p]));
  for (const desk of desks) {
    for (const [id, checkedIn] of desk.expectCheckedIn) {
      const c = competitors.get(id);
      if (Boolean(c?.checkedInAt) !== checkedIn)
        first(`competitor ${id} checked in`, checkedIn, c ? Boolean(c.checkedInAt) : 'missing');
    }
    for (const p of desk.payments) {
      const row = payments.get(p.paymentId);
      if (!row || row.amount !== p.amount || row.registrationId !== p.registrationId)
        first(`payment ${p.paymentId}`, p, row ?? 'missing');
    }
  }
  for (const r of state.checkin.list('registrations')) {
    const paid = [...payments.values()]
      .filter((p) => p.registrationId === r.id)
      .reduce((s, p) => s + p.amount, 0);
    if (r.amountPaid !== paid) first(`registration ${r.id} amount paid`, paid, r.amountPaid);
  }

  // 3. Every score the ring tablets saw applied is stored (the latest entry of each).
  const scores = new Map(state.matchday.list('scores').map((s) => [s.id, s]));
  const latest = new Map<string, { value: number; at: string }>();
  for (const c of clients)
    for (const m of c.sent.values()) {
      if (m.name !== 'recordScore@1') continue;
      const a = m.args as unknown as ControlScore & { at: string };
      const id = scoreIdOf(a);
      const before = latest.get(id);
      if (recorded.get(`${c.clientId}#${m.id}`)?.status === 'applied' && (!before || before.at <= a.at))
        latest.set(id, { value: a.value, at: a.at });
    }
  for (const [id, s] of latest)
    if (scores.get(id)?.value !== s.value) first(`score ${id}`, s.value, scores.get(id)?.value ?? 'missing');

  // 3b. Every match winner the ring tablets saw applied is stored (the latest entry of each match).
  const matchResults = state.matchday.list('matchResults');
  const winnersStored = new Map(matchResults.map((m) => [m.id, m.winnerId]));
  const latestWinner = new Map<string, { winnerId: number; at: string }>();
  for (const c of clients)
    for (const m of c.sent.values()) {
      if (m.name !== 'recordMatchWinner@1') continue;
      const a = m.args as {
        divisionId: number;
        eventTypeId: number;
        matchId: string;
        winnerId: number;
        at: string;
      };
      const id = matchResultIdOf(a.divisionId, a.eventTypeId, a.matchId);
      const before = latestWinner.get(id);
      if (recorded.get(`${c.clientId}#${m.id}`)?.status === 'applied' && (!before || before.at <= a.at))
        latestWinner.set(id, { winnerId: a.winnerId, at: a.at });
    }
  for (const [id, w] of latestWinner)
    if (winnersStored.get(id) !== w.winnerId)
      first(`match winner ${id}`, w.winnerId, winnersStored.get(id) ?? 'missing');

  // 4. Every division completed, its placings those of its scores, or of its stored bracket
  // (the stored draw, among the competitors it runs, and the stored winners).
  const entries = state.matchday.list('divisionEntries');
  const results = new Map(state.matchday.list('divisionResults').map((r) => [r.id, r]));
  for (const d of state.matchday.list('divisions')) {
    if (d.status !== 'completed') first(`division ${d.id} status`, 'completed', d.status);
    const present = presentEntries(entries.filter((e) => e.divisionId === d.id)).map((e) => e.competitorId);
    for (const rules of d.rules) {
      const stored = results.get(`${d.id}:${rules.eventTypeId}`);
      if (rules.decidedBy === 'bracket' && !(stored?.draw && drawFits(stored.draw, present)))
        first(
          `draw of ${d.id}:${rules.eventTypeId} (the competitors it runs)`,
          present,
          stored?.draw ?? 'missing',
        );
      const expected = eventPlacings({
        rules,
        presentCompetitorIds: present,
        draw: stored?.draw ?? null,
        scores: [...scores.values()].filter(
          (s) => s.divisionId === d.id && s.eventTypeId === rules.eventTypeId,
        ),
        winners: new Map(
          matchResults
            .filter(
              (m) => m.divisionId === d.id && m.eventTypeId === rules.eventTypeId && m.winnerId !== null,
            )
            .map((m) => [m.matchId, m.winnerId!]),
        ),
      });
      const norm = (p: readonly { competitorId: number; place: number }[] | null | undefined) =>
        JSON.stringify([...(p ?? [])].map((x) => [x.place, x.competitorId]).sort());
      if (norm(expected) !== norm(stored?.placings))
        first(`placings of ${d.id}:${rules.eventTypeId}`, expected, stored?.placings ?? 'missing');
    }
  }

  // 5. The public Grand Championship equals a recomputation from the stored placings.
  const people = new Map(entries.map((e) => [e.competitorId, e]));
  const recomputed = grandChampionLeaderboard(
    [...results.values()]
      .filter((r) => r.placings)
      .map((r) => ({ divisionId: r.divisionId, eventTypeId: r.eventTypeId, placings: r.placings! })),
    [...people.values()].flatMap((e) => leaderboardCompetitor(e) ?? []),
    state.matchday.list('matchdaySettings')[0]?.leaderboardGroups.length
      ? state.matchday.list('matchdaySettings')[0]!.leaderboardGroups
      : DEFAULT_LEADERBOARD_GROUPS,
  );
  const shown = new Map(
    state.publicResults.leaderboard.map((s) => [s.groupId, s.rows.map((r) => [r.rank, r.points])]),
  );
  for (const section of recomputed) {
    const expected = section.rows.map((r) => [r.rank, r.points]);
    const actual = shown.get(section.group.id) ?? [];
    if (JSON.stringify(expected) !== JSON.stringify(actual))
      first(`Grand Championship ${section.group.id} (rank, points)`, expected, actual);
  }
  return out;
}
