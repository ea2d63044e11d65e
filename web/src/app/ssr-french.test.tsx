// @vitest-environment node
import { afterAll, describe, expect, it } from 'vitest';
import { en } from '@shared/i18n/catalog/en/index.ts';
import { fr } from '@shared/i18n/catalog/fr/index.ts';
import { renderPage } from '../entry-server.tsx';
import { setCatalog } from '../lib/i18n.tsx';
import { makeEventType, makeSettings, makeTournament } from '../testing/fixtures.ts';

// The public pages the server renders (decision 020) speak the reader's language
// (docs/decisions/037-english-and-french.md): in French, nothing of the interface is left in
// English; only the data stays as entered (names, the venue, the schedule, event types).

const settings = makeSettings({ siteEmail: 'info@example.org' });
const tournament = makeTournament({ tournamentDate: '2099-06-13' });
const eventType = makeEventType();
const data = { settings, tournaments: [tournament], eventTypes: [eventType] };

/** Entered data, and the switch's own offer ("Read this site in English"), are not the interface. */
const DATA = [
  settings.siteName,
  settings.venueName,
  settings.venueAddress,
  ...tournament.schedule.flatMap((line) => [line.line1, line.line2]),
  eventType.title,
  eventType.description,
  fr['language.switchLabel'],
];

/** What a reader meets on the page: its text and the names and titles of its parts, data left out. */
function readable(html: string): string {
  const attributes = [...html.matchAll(/(?:aria-label|title|alt|placeholder)="([^"]*)"/g)].map((m) => m[1]);
  let text = [html.replace(/<[^>]+>/g, ' '), ...attributes].join(' ').replace(/&#x27;/g, "'");
  for (const value of DATA) text = text.split(value).join(' ');
  return text.replace(/\s+/g, ' ');
}

/** English words of the interface, as whole words ("façon" holds no "on"). */
const ENGLISH =
  /(?<!\p{L})(the|and|you|your|is|are|for|with|of|to|at|in|on|by|Loading|Close|Switch|Skip|Online|Privacy|Mailing|Main|Footer|Venue|Pricing|Schedule|Events)(?!\p{L})/u;

afterAll(() => setCatalog('en', en));

describe.each(['/', '/contact', '/privacy', '/mailing-list', '/results'])('%s rendered in French', (path) => {
  it('has no English left but the data, in its text, its title and its description', async () => {
    const page = await renderPage(`http://localhost${path}`, data, 'fr');
    expect(page?.html).toBeTruthy();
    const text = readable(page!.html);
    expect(text).toContain('Politique de confidentialité');
    expect(text).toContain('English');
    expect(text.match(ENGLISH)?.[0], text).toBeUndefined();
    const meta = `${page!.meta?.title ?? ''} ${page!.meta?.description ?? ''}`
      .split(settings.siteName)
      .join(' ');
    expect(meta.match(ENGLISH)?.[0], meta).toBeUndefined();
  });
});

it('the home page rendered in English still reads as the spec writes it', async () => {
  const page = await renderPage('http://localhost/', data, 'en');
  expect(page?.html).toContain('Online registration is now open!');
  expect(page?.html).toContain('Français');
});
