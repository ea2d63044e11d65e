import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Competitor, Registration } from '@shared/contract/registration.ts';
import { PRIVACY_POLICY } from '@shared/domain/consent.ts';
import { en } from '@shared/i18n/catalog/en/index.ts';
import { fr } from '@shared/i18n/catalog/fr/index.ts';
import { setCatalog } from '@web/lib/i18n.tsx';
import { StaticSettingsProvider } from '@web/lib/site-settings.tsx';
import { invalidateQueries } from '@web/lib/use-query.ts';
import { makeSettings, makeTournament } from '@web/testing/fixtures.ts';
import { PrivacyPolicyPrompt } from './consent-cards.tsx';
import { CustomerHomePage } from './customer-home-page.tsx';

// Decision 043 on the customer's pages: the two choices changed later from /customer/home, and
// a new privacy policy accepted before registering again.
vi.mock('@web/lib/page-meta.ts', () => ({ usePageMeta: () => undefined }));

const child: Competitor = {
  id: 5,
  registrationId: 7,
  firstName: 'Ava',
  lastName: 'Lee',
  dateOfBirth: '2089-05-01',
  age: 10,
  gender: 2,
  competitorLevelId: 1,
  weightKg: null,
  school: 'Lake Dojo',
  emergencyContactName: 'Pat Lee',
  emergencyContactPhone: '7055550100',
  emergencyContactRelationship: 'Parent',
  guardianConsent: true,
  publishName: false,
  photosAllowed: false,
  eventIds: [1],
  checkedInAt: null,
};
const registration: Registration = {
  registrationId: 7,
  tournamentId: 1,
  isCompleted: true,
  completedAt: '2099-05-01T12:00:00Z',
  competitors: [child],
  spectators: 0,
  lunch: 0,
  contacts: [],
  tournament: { id: 1, competitorOnlineCost: 45, spectatorCost: 10, lunchCost: 12 },
  cost: 45,
  amountPaid: 45,
  balanceOwing: 0,
  owner: { personId: 3, name: 'Pat Lee', email: 'pat@example.com' },
};

let sent: { method: string; url: string; body: unknown }[] = [];
let mustAccept = true;
beforeEach(() => {
  invalidateQueries('');
  sent = [];
  mustAccept = true;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    if (method !== 'GET') sent.push({ method, url, body: JSON.parse(String(init.body)) });
    const body =
      url === '/api/tournaments'
        ? [makeTournament({ id: 1, isRegistrationOpen: false, tournamentDate: '2099-06-13' })]
        : url.startsWith('/api/registration/getAll/')
          ? [registration]
          : url.startsWith('/api/registration/schedule/')
            ? []
            : url === '/api/registration/competitor/5/choices'
              ? { ...child, ...(JSON.parse(String(init.body)) as object) }
              : url === '/api/users/privacy-policy'
                ? method === 'POST'
                  ? ((mustAccept = false), { ...PRIVACY_POLICY, acceptedVersion: 2, mustAccept })
                  : { ...PRIVACY_POLICY, acceptedVersion: 1, mustAccept }
                : undefined;
    return new Response(JSON.stringify(body ?? { message: 'Not found' }), { status: body ? 200 : 404 });
  });
});
afterEach(() => {
  setCatalog('en', en);
  vi.unstubAllGlobals();
});

const inApp = (node: React.ReactNode) =>
  render(
    <StaticSettingsProvider settings={makeSettings()}>
      <MemoryRouter>{node}</MemoryRouter>
    </StaticSettingsProvider>,
  );

describe('the naming and photo choices on /customer/home', () => {
  it('shows each competitor’s choices and saves one as soon as its box changes', async () => {
    inApp(<CustomerHomePage />);
    const name = await screen.findByRole('checkbox', {
      name: /Show my child's name on public results and TVs .*\(Ava\)/,
    });
    const photos = screen.getByRole('checkbox', {
      name: /Photos and video of my child may be published \(Ava\)/,
    });
    expect(name).not.toBeChecked();
    expect(photos).not.toBeChecked();
    await userEvent.click(name);
    expect(await screen.findByText('Choices saved for Ava Lee.')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        method: 'PUT',
        url: '/api/registration/competitor/5/choices',
        body: { publishName: true, photosAllowed: false },
      },
    ]);
    expect(name).toBeChecked();
  });

  it('speaks French', async () => {
    setCatalog('fr', fr);
    inApp(<CustomerHomePage />);
    expect(
      await screen.findByRole('checkbox', {
        name: /Afficher le nom de mon enfant dans les résultats publics/,
      }),
    ).toBeInTheDocument();
  });
});

describe('a new privacy policy version', () => {
  it('is shown with its number and date, accepted in one tap, and then no longer asked', async () => {
    inApp(<PrivacyPolicyPrompt />);
    expect(
      await screen.findByRole('heading', { name: 'Our privacy policy has changed' }),
    ).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`Version ${PRIVACY_POLICY.version}, `))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Read the privacy policy' })).toHaveAttribute('href', '/privacy');
    await userEvent.click(screen.getByRole('button', { name: 'I have read it and I accept' }));
    expect(sent).toEqual([
      { method: 'POST', url: '/api/users/privacy-policy', body: { version: PRIVACY_POLICY.version } },
    ]);
  });
});
