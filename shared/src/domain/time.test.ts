import { describe, expect, it } from 'vitest';
import {
  dayInZone,
  DEFAULT_TIME_ZONE,
  formatAbout,
  formatClock,
  formatDateTime,
  formatLongDate,
  formatTimeOrDateTime,
  isoInZone,
  isTimeZone,
  offsetInZone,
  timeZoneOr,
} from './time.ts';

// A walk-in registered at 7:05 p.m. in Ontario on Saturday, November 21, 2026: already
// Sunday in UTC (00:05Z), which is the day the screens used to list it on.
const EVENING_WALK_IN = '2026-11-22T00:05:00.000Z';
// A summer instant: Ontario is on daylight time (UTC-4).
const SUMMER_MORNING = '2026-06-13T13:30:00.000Z';

describe('the tournament time zone', () => {
  it('is Ontario time unless a setting says otherwise', () => {
    expect(DEFAULT_TIME_ZONE).toBe('America/Toronto');
    expect(timeZoneOr(undefined)).toBe('America/Toronto');
    expect(timeZoneOr('Not/AZone')).toBe('America/Toronto');
    expect(timeZoneOr('America/Winnipeg')).toBe('America/Winnipeg');
  });

  it('accepts real IANA zones only', () => {
    expect(isTimeZone('America/Toronto')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Ontario')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone('America/Toronto; drop table')).toBe(false);
  });
});

describe('a walk-in at 7 p.m. Ontario time', () => {
  it('is listed on the same day in Ontario, not the next UTC day', () => {
    expect(dayInZone(EVENING_WALK_IN)).toBe('2026-11-21');
    expect(dayInZone(EVENING_WALK_IN, 'UTC')).toBe('2026-11-22');
    expect(formatLongDate(EVENING_WALK_IN)).toBe('Saturday, November 21, 2026');
  });

  it('shows its clock time labelled with the zone abbreviation', () => {
    expect(formatClock(EVENING_WALK_IN)).toBe('7:05 p.m. EST');
    expect(formatDateTime(EVENING_WALK_IN)).toBe('Saturday, November 21, 2026 at 7:05 p.m. EST');
  });

  it('shows the clock alone on the same Ontario day, and the date on another', () => {
    expect(formatTimeOrDateTime(EVENING_WALK_IN, DEFAULT_TIME_ZONE, new Date('2026-11-21T15:00:00Z'))).toBe(
      '7:05 p.m. EST',
    );
    expect(formatTimeOrDateTime(EVENING_WALK_IN, DEFAULT_TIME_ZONE, new Date('2026-11-23T15:00:00Z'))).toBe(
      'Saturday, November 21, 2026 at 7:05 p.m. EST',
    );
  });

  it('goes into a CSV as ISO 8601 in Ontario time with its offset', () => {
    expect(isoInZone(EVENING_WALK_IN)).toBe('2026-11-21T19:05:00-05:00');
    // The same instant, read back by a spreadsheet or a program.
    expect(new Date(isoInZone(EVENING_WALK_IN)).toISOString()).toBe(EVENING_WALK_IN);
  });
});

describe('daylight time', () => {
  it('is labelled EDT with offset -04:00 in summer', () => {
    expect(formatClock(SUMMER_MORNING)).toBe('9:30 a.m. EDT');
    expect(offsetInZone(SUMMER_MORNING)).toBe('-04:00');
    expect(isoInZone(SUMMER_MORNING)).toBe('2026-06-13T09:30:00-04:00');
  });

  it('writes midnight as 00, and UTC with a +00:00 offset', () => {
    expect(isoInZone('2026-06-13T04:00:00Z')).toBe('2026-06-13T00:00:00-04:00');
    expect(isoInZone('2026-06-13T04:00:00Z', 'UTC')).toBe('2026-06-13T04:00:00+00:00');
  });
});

describe('dates', () => {
  it('shows a calendar day as the day it names, in any zone', () => {
    expect(formatLongDate('2026-06-13')).toBe('Saturday, June 13, 2026');
    expect(formatLongDate('2026-06-13', 'Pacific/Kiritimati')).toBe('Saturday, June 13, 2026');
  });

  it('follows the tournament zone, not the device, for an instant', () => {
    expect(formatLongDate(EVENING_WALK_IN, 'America/Vancouver')).toBe('Saturday, November 21, 2026');
    expect(formatLongDate(EVENING_WALK_IN, 'Asia/Tokyo')).toBe('Sunday, November 22, 2026');
  });
});

describe('estimated starts', () => {
  it('read the venue clock with a.m. or p.m., without a zone', () => {
    expect(formatAbout('2026-06-13T14:45:00Z')).toBe('about 10:45 a.m.');
    expect(formatAbout('2026-06-13T16:05:00Z')).toBe('about 12:05 p.m.');
    expect(formatAbout('2026-06-13T17:05:00Z')).toBe('about 1:05 p.m.');
    expect(formatAbout('2026-06-13T04:05:00Z')).toBe('about 12:05 a.m.');
  });
});
