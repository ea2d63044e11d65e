import type { EventType, SiteSettings, Tournament } from '@shared/contract/public.ts';
import { vi } from 'vitest';

// Small factories for web tests (docs/style.md §4).
export function makeSettings(overrides: Partial<SiteSettings> = {}): SiteSettings {
  return {
    siteName: 'Northern Ontario Martial Arts Championship',
    sitePrefix: 'NOMAC',
    siteEmail: 'info@nomac.example',
    siteUrl: 'https://nomac.example',
    venueName: 'Elliot Lake Secondary School',
    venueAddress: '295 Mississauga Ave, Elliot Lake, ON P5A 1E7',
    mapEmbedUrl: 'https://www.openstreetmap.org/export/embed.html',
    mailingListUrl: '',
    googleClientId: '',
    timeZone: 'America/Toronto',
    flags: { SellLunchTickets: false, MailingListTab: true, AllowSmsNotifications: true },
    retentionMonths: 12,
    deviceKeepDays: 7,
    ...overrides,
  };
}

export function makeTournament(overrides: Partial<Tournament> = {}): Tournament {
  return {
    id: 1,
    tournamentDate: '2099-06-13',
    registrationOpensOn: '2099-03-01',
    registrationClosesAfter: '2099-06-06',
    competitorOnlineCost: 45,
    competitorDoorCost: 60,
    spectatorCost: 10,
    lunchCost: 12,
    city: 'Elliot Lake',
    venue: 'Elliot Lake Secondary School',
    inPersonRegistrationTimes: '8:30AM to 10AM',
    blackBeltMeetingTime: '10:15AM',
    eliminationTime: '10:30AM',
    schedule: [
      { order: 2, line1: 'Black belt meeting', line2: '10:15AM' },
      { order: 1, line1: 'In-person registration', line2: '8:30AM to 10AM' },
    ],
    isTournamentToday: false,
    isRegistrationOpen: true,
    isRegistrationOpenSoon: false,
    ...overrides,
  };
}

export function makeEventType(overrides: Partial<EventType> = {}): EventType {
  return {
    id: 1,
    title: 'Forms',
    description: 'A solo routine of techniques.',
    showOnHomepage: true,
    decidedBy: 'judged',
    ...overrides,
  };
}

/** Stubs `fetch` with answers by path (GET /api/settings etc.); anything else answers []. */
export function stubApi(answers: Record<string, unknown>) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const path = String(input);
    const body = path in answers ? answers[path] : [];
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
