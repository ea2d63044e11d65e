import { timeZoneOr } from '@shared/domain/time.ts';
import { isCalendarDay } from '@shared/domain/tournament-dates.ts';
import { nextTournament } from '@shared/domain/tournament-status.ts';
import type { TournamentWindow } from '@shared/domain/tournament-window.ts';
import { keptOnDevice } from '../lib/offline-cache.ts';

// The dates a door payment or check-in of the next tournament may carry, as this device last
// heard them (the public reads it keeps, lib/offline-cache.ts), so the door mutators refuse a
// time the tablet's clock puts outside them at the tap, as the server will (decision 033).

interface TournamentDays {
  tournamentDate: string;
  registrationOpensOn: string;
}

const hasDays = (t: unknown): t is TournamentDays => {
  const d = t as Partial<Record<keyof TournamentDays, unknown>> | null;
  return (
    typeof d?.tournamentDate === 'string' &&
    isCalendarDay(d.tournamentDate) &&
    typeof d.registrationOpensOn === 'string' &&
    isCalendarDay(d.registrationOpensOn)
  );
};

/**
 * The next tournament's window by this device's clock and kept tournament list; undefined before
 * the device has fetched the list once (the server alone judges then). Best effort: a clock that
 * is far off may pick another tournament, whose window still refuses a time like 1900.
 */
export function keptTournamentWindow(now: Date): TournamentWindow | undefined {
  const list = keptOnDevice<unknown>('/api/tournaments')?.data;
  if (!Array.isArray(list)) return undefined;
  const next = nextTournament(list.filter(hasDays), now);
  if (!next) return undefined;
  const zone = keptOnDevice<{ timeZone?: unknown }>('/api/settings')?.data?.timeZone;
  return {
    registrationOpensOn: next.registrationOpensOn,
    tournamentDate: next.tournamentDate,
    timeZone: timeZoneOr(typeof zone === 'string' ? zone : undefined),
  };
}
