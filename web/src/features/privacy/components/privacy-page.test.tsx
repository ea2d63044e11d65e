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
// version, and families are asked to accept a new one.
vi.mock('@web/lib/page-meta.ts', () => ({ usePageMeta: () => undefined }));

const renderPolicy = () =>
  render(
    <StaticSettingsProvider settings={makeSettings()}>
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

  it('speaks French', () => {
    setCatalog('fr', fr);
    renderPolicy();
    expect(screen.getByText(/^Version 2, vendredi 27 novembre 2026$/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Noms, photos et vidéos' })).toBeInTheDocument();
  });
});
