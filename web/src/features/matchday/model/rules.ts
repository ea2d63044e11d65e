import type {
  MatchdayRules,
  SyncDivision,
  SyncDivisionEntry,
  SyncDivisionResult,
  SyncMatchResult,
  SyncScore,
} from '@shared/contract/sync-entities.ts';
import {
  buildBracket,
  eventPlacings,
  presentEntries,
  rankJudged,
  resolveBracket,
  undoneByWinnerChange,
  validScore,
  type Placing,
  type ResolvedMatch,
} from '@shared/domain/matchday/index.ts';
import { entryIdOf, matchResultIdOf, resultIdOf, scoreIdOf } from '@shared/domain/mutators/index.ts';
import type { MessageKey } from '@shared/i18n/translate.ts';
import { LOCALE_TAGS } from '@shared/i18n/locale.ts';
import { currentLocale, t } from '@web/lib/i18n.tsx';
import { pendingIdsOf } from '@web/sync/overlay.ts';
import type { ReplicaSnapshot } from '@web/sync/replica.ts';

// What the matchday screen shows of a division, computed from the replica's rows with the
// shared rules only (shared/src/domain/matchday): the ranking of judged scores and its ties,
// the bracket as drawn and resolved, and each event type's placings as completeDivision will
// store them. Nothing here decides a result on its own.

/** "1st", "2nd" ("1re", "2e"). */
export const placeLabel = (place: number): string => t('matchday.place', { place });

interface StandingRow {
  total: string | null;
  /** "7 and 9.5": the lowest and highest, not counted. */
  dropped: string | null;
  /** "1", "=2" (a tie still standing). */
  rank: string | null;
}

interface RunOff {
  round: number;
  competitorIds: number[];
  /** "=2" */
  forPlace: string;
}

interface JudgedStanding {
  rows: ReadonlyMap<number, StandingRow>;
  /** One line per tie on a total: who, and the rule that broke it (or that it still stands). */
  ties: { key: string; text: string }[];
  runOffs: RunOff[];
}

interface EventCommon {
  rules: MatchdayRules;
  result: SyncDivisionResult | undefined;
  /** Placings from what is entered (null: not decided yet). */
  placings: Placing[] | null;
}

export interface JudgedEventView extends EventCommon {
  kind: 'judged';
  standing: JudgedStanding;
  scoreOf(competitorId: number, judge: number, round: number): SyncScore | undefined;
  /** This tablet's entry of that score is not yet confirmed by the server. */
  scorePending(competitorId: number, judge: number, round: number): boolean;
}

export interface BracketEventView extends EventCommon {
  kind: 'bracket';
  /** Matches by round, in the bracket's order (the third-place match in its round). */
  rounds: { round: number; title: string; matches: ResolvedMatch[] }[];
  matchResult(matchId: string): SyncMatchResult | undefined;
  /** This tablet's winner of that match is not yet confirmed by the server. */
  matchPending(matchId: string): boolean;
  /** The decided later matches that `winnerId` winning `matchId` would undo. */
  undoneBy(matchId: string, winnerId: number): ResolvedMatch[];
  drawn: boolean;
}

type EventView = JudgedEventView | BracketEventView;

export interface DivisionView {
  /** Every entry, by name. */
  entries: SyncDivisionEntry[];
  /** Those not marked as no-shows. */
  present: SyncDivisionEntry[];
  name(competitorId: number): string;
  events: EventView[];
  /** Every event type has its placings: "Complete division" will be accepted. */
  completable: boolean;
}

/** A score or total as the page's language writes it: "9.5", "9,5" (two decimals at most). */
const fmt = (n: number) =>
  new Intl.NumberFormat(LOCALE_TAGS[currentLocale()], {
    maximumFractionDigits: 2,
    useGrouping: false,
  }).format(Math.round(n * 100) / 100);

function judgedStanding(
  rules: MatchdayRules,
  present: readonly number[],
  scores: readonly SyncScore[],
  name: (id: number) => string,
): JudgedStanding {
  const ranking = rankJudged(present, scores, rules.judges);
  const rankCount = new Map<number, number>();
  for (const r of ranking.rows) if (r.rank !== null) rankCount.set(r.rank, (rankCount.get(r.rank) ?? 0) + 1);
  const rows = new Map<number, StandingRow>();
  for (const r of ranking.rows) {
    const values = r.scores.filter((v): v is number => v !== null);
    rows.set(r.competitorId, {
      total: r.total === null ? null : fmt(r.total),
      dropped:
        r.complete && values.length > 2
          ? t('matchday.dropped', { low: fmt(Math.min(...values)), high: fmt(Math.max(...values)) })
          : null,
      rank: r.rank === null ? null : `${(rankCount.get(r.rank) ?? 0) > 1 ? '=' : ''}${r.rank}`,
    });
  }
  // Ties on the total (high and low dropped), and what separated them.
  const byTotal = new Map<number, typeof ranking.rows>();
  for (const r of ranking.rows) {
    if (r.total === null) continue;
    const key = Math.round(r.total * 100);
    byTotal.set(key, [...(byTotal.get(key) ?? []), r]);
  }
  const ties: JudgedStanding['ties'] = [];
  for (const [key, group] of byTotal) {
    if (group.length < 2) continue;
    const who = group
      .map((r) => name(r.competitorId))
      .reduce((first, second) => t('matchday.and', { first, second }));
    const total = fmt(key / 100);
    const runOff = group.find((r) => r.tieBrokenBy === 'runOff');
    const high = group.some((r) => r.tieBrokenBy === 'high');
    const low = group.some((r) => r.tieBrokenBy === 'low');
    const stillTied = new Set(group.map((r) => r.rank)).size < group.length;
    const text = runOff
      ? t('matchday.tie.runOff', { who, total, round: runOff.runOffRound ?? 1 })
      : stillTied && !high && !low
        ? (group[0]?.rank ?? 99) <= 4
          ? t('matchday.tie.standsRunOff', { who, total })
          : t('matchday.tie.standsShared', { who, total })
        : high
          ? t('matchday.tie.high', { who, total })
          : t('matchday.tie.low', { who, total });
    ties.push({ key: String(key), text });
  }
  return {
    rows,
    ties,
    runOffs: ranking.runOffNeeded.map((r) => {
      const rank = ranking.rows.find((x) => x.competitorId === r.competitorIds[0])?.rank ?? 0;
      return { round: r.round, competitorIds: r.competitorIds, forPlace: `=${rank}` };
    }),
  };
}

const ROUND_TITLES: readonly MessageKey[] = [
  'matchday.round.final',
  'matchday.round.semiFinals',
  'matchday.round.quarterFinals',
];

function roundsOf(matches: readonly ResolvedMatch[]): BracketEventView['rounds'] {
  const roundRobin = matches.some((m) => m.kind === 'roundRobin');
  const last = Math.max(0, ...matches.filter((m) => m.kind === 'main').map((m) => m.round));
  const byRound = new Map<number, ResolvedMatch[]>();
  for (const m of matches) byRound.set(m.round, [...(byRound.get(m.round) ?? []), m]);
  return [...byRound.entries()]
    .sort(([a], [b]) => a - b)
    .map(([round, ms]) => ({
      round,
      title: roundRobin
        ? round === 1
          ? t('matchday.round.roundRobin')
          : t('matchday.round.decidingPass', { pass: round - 1 })
        : ROUND_TITLES[last - round] !== undefined
          ? t(ROUND_TITLES[last - round]!)
          : t('matchday.round.number', { round }),
      matches: ms,
    }));
}

/** The view of one division from the replica (current or completed). */
export function divisionView(division: SyncDivision, snapshot: ReplicaSnapshot): DivisionView {
  const entriesMap = snapshot.map('divisionEntries');
  const entries = snapshot
    .rows('divisionEntries')
    .filter((e) => e.divisionId === division.id)
    .sort(
      (a, b) =>
        a.lastName.localeCompare(b.lastName) ||
        a.firstName.localeCompare(b.firstName) ||
        a.competitorId - b.competitorId,
    );
  // The tablet's rule, shared with the printed sheet (decision 050).
  const present = presentEntries(entries);
  const name = (id: number) => {
    const e = entriesMap.get(entryIdOf(division.id, id));
    return e ? `${e.firstName} ${e.lastName}` : t('matchday.competitorNumber', { id });
  };
  const scores = snapshot.rows('scores').filter((s) => s.divisionId === division.id);
  const scoreMap = snapshot.map('scores');
  const matchResults = snapshot.map('matchResults');
  const presentIds = present.map((e) => e.competitorId);
  const pendingScores = pendingIdsOf(snapshot.pending, 'scores');
  const pendingMatches = pendingIdsOf(snapshot.pending, 'matchResults');
  const events = division.rules.map((rules): EventView => {
    const scoreId = (competitorId: number, judge: number, round: number) =>
      scoreIdOf({ divisionId: division.id, eventTypeId: rules.eventTypeId, competitorId, judge, round });
    const result = snapshot.map('divisionResults').get(resultIdOf(division.id, rules.eventTypeId));
    const mine = scores.filter((s) => s.eventTypeId === rules.eventTypeId);
    const winners = new Map(
      snapshot
        .rows('matchResults')
        .filter(
          (m) => m.divisionId === division.id && m.eventTypeId === rules.eventTypeId && m.winnerId !== null,
        )
        .map((m) => [m.matchId, m.winnerId as number]),
    );
    const placings =
      result && division.status !== 'upcoming'
        ? eventPlacings({ rules, presentCompetitorIds: presentIds, draw: result.draw, scores: mine, winners })
        : null;
    if (rules.decidedBy === 'judged') {
      return {
        kind: 'judged',
        rules,
        result,
        placings,
        standing: judgedStanding(rules, presentIds, mine, name),
        scoreOf: (competitorId, judge, round) => scoreMap.get(scoreId(competitorId, judge, round)),
        scorePending: (competitorId, judge, round) => pendingScores.has(scoreId(competitorId, judge, round)),
      };
    }
    const draw = result?.draw ?? null;
    const bracket = draw ? buildBracket(draw, rules.thirdPlace) : null;
    const matchId = (id: string) => matchResultIdOf(division.id, rules.eventTypeId, id);
    return {
      kind: 'bracket',
      rules,
      result,
      placings,
      drawn: bracket !== null,
      rounds: bracket ? roundsOf(resolveBracket(bracket, winners)) : [],
      matchResult: (id) => matchResults.get(matchId(id)),
      matchPending: (id) => pendingMatches.has(matchId(id)),
      undoneBy: (id, winnerId) => (bracket ? undoneByWinnerChange(bracket, winners, id, winnerId) : []),
    };
  });
  return { entries, present, name, events, completable: events.every((e) => e.placings !== null) };
}

/** A typed score checked against the event type's range (the shared rule), or the reason not. */
export function checkScore(
  text: string,
  rules: Pick<MatchdayRules, 'scoreMin' | 'scoreMax'>,
): { ok: true; value: number } | { ok: false; message: string } {
  const value = Number(text);
  if (text === '' || !validScore(value, rules))
    return { ok: false, message: t('matchday.score.range', { min: rules.scoreMin, max: rules.scoreMax }) };
  return { ok: true, value };
}
