import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from '@shared/i18n/catalog/en/index.ts';
import { fr } from '@shared/i18n/catalog/fr/index.ts';
import { setCatalog } from '@web/lib/i18n.tsx';
import { StaticSettingsProvider } from '@web/lib/site-settings.tsx';
import { makeSettings } from '@web/testing/fixtures.ts';
import { PrivacyPage } from './privacy-page.tsx';

// The privacy policy carries its version and date (decision 043): consent records keep the
// version, and families are asked to accept a new one. It states the retention periods a super
// admin set (decision 046).
vi.mock('@web/lib/page-meta.ts', () => ({ usePageMeta: () => undefined }));

const renderPolicy = (settings = makeSettings()) =>
  render(
    <StaticSettingsProvider settings={settings}>
      <MemoryRouter>
        <PrivacyPage />
      </MemoryRouter>
    </StaticSettingsProvider>,
  );

afterEach(() => setCatalog('en', en));

describe('the privacy policy', () => {
  it('shows its version and date, and explains the naming and photo choices', () => {
    renderPolicy();
    expect(screen.getByText('Version 2, Friday, November 27, 2026')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Names, photos and video' })).toBeInTheDocument();
    expect(screen.getByText(/appear as "Competitor" with a number, and their school/)).toBeInTheDocument();
  });

  it('states the retention periods the site settings hold, in English and French', () => {
    const settings = makeSettings({ retentionMonths: 18, deviceKeepDays: 30 });
    renderPolicy(settings);
    expect(screen.getByText(/18 months after each tournament we erase/)).toBeInTheDocument();
    expect(screen.getByText(/drop the tournament's personal data 30 days after it/)).toBeInTheDocument();
    setCatalog('fr', fr);
    renderPolicy(settings);
    expect(screen.getByText(/18 mois après chaque tournoi/)).toBeInTheDocument();
    expect(screen.getByText(/personnelles du tournoi 30 jours après/)).toBeInTheDocument();
  });

  it('speaks French', () => {
    setCatalog('fr', fr);
    renderPolicy();
    expect(screen.getByText(/^Version 2, vendredi 27 novembre 2026$/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Noms, photos et vidéos' })).toBeInTheDocument();
  });
});
