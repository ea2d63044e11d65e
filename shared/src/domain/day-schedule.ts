import { RING_DAY_OPENS } from './notices.ts';
import { clockTextMinutes, type ScheduleLine } from './signage.ts';
import { offsetInZone } from './time.ts';
import type { RingDay } from './matchday/estimates.ts';

// When the rings run on the tournament's day, read from its schedule (decision 052): estimated
// starts count from the rings' start, not from now, and skip the lunch break where the schedule
// has one. The schedule is what organizers typed (docs/product.md §3: two lines each), so the
// times are read from the text ("Rings start" / "9:00 a.m.", "Lunch" / "12:00 – 12:45").

const STARTS = /\b(rings?|compet\w*|start\w*|begin\w*|début|commence\w*|aires?|tournoi)\b/i;
const LUNCH = /\b(lunch|d[îi]ner|d[ée]jeuner|repas)\b/i;
/** A lunch line with a start alone lasts until the next timed line, or this long. */
const LUNCH_MINUTES = 60;

/** The instant `minutes` after midnight on `day`, venue time. */
function onDay(day: string, minutes: number, timeZone: string): number {
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  const noon = new Date(`${day}T12:00:00Z`);
  return Date.parse(`${day}T${hh}:${mm}:00${offsetInZone(noon, timeZone)}`);
}

/** The second time of a range ("12:00 – 12:45", "12 h à 12 h 45", "noon to 1:00 p.m."). */
function rangeEnd(text: string): number | null {
  const parts = text.split(/\s*(?:[-–—]|\bto\b|\bà\b|\bjusqu'?à\b)\s*/i);
  return parts.length > 1 ? clockTextMinutes(parts.slice(1).join(' ')) : null;
}

/**
 * The rings' start (the first timed line that names the rings, the competition or a start; else
 * the first timed line; else RING_DAY_OPENS) and the lunch break (a timed line naming lunch, to
 * the end of its range, else to the next timed line, else an hour), as instants.
 */
export function ringDay(
  schedule: readonly ScheduleLine[],
  tournamentDate: string,
  timeZone: string,
): RingDay {
  const timed = [...schedule]
    .sort((a, b) => a.order - b.order)
    .flatMap((line) => {
      const text = `${line.line1} ${line.line2}`;
      const at = clockTextMinutes(line.line2) ?? clockTextMinutes(line.line1);
      return at === null ? [] : [{ text, at }];
    });
  const lunchIndex = timed.findIndex((l) => LUNCH.test(l.text));
  const lunch = lunchIndex >= 0 ? timed[lunchIndex]! : null;
  const start =
    timed.find((l, i) => i !== lunchIndex && STARTS.test(l.text)) ?? timed.find((l, i) => i !== lunchIndex);
  const [h, m] = RING_DAY_OPENS.split(':').map(Number) as [number, number];
  const opens = start?.at ?? h * 60 + m;
  let lunchEnd: number | null = null;
  if (lunch) {
    const after = timed.slice(lunchIndex + 1).find((l) => l.at > lunch.at);
    lunchEnd = rangeEnd(lunch.text) ?? after?.at ?? lunch.at + LUNCH_MINUTES;
    if (lunchEnd <= lunch.at) lunchEnd = lunch.at + LUNCH_MINUTES;
  }
  return {
    opensAt: onDay(tournamentDate, opens, timeZone),
    lunch:
      lunch && lunchEnd !== null
        ? { start: onDay(tournamentDate, lunch.at, timeZone), end: onDay(tournamentDate, lunchEnd, timeZone) }
        : null,
  };
}
