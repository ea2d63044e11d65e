import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { en } from '@shared/i18n/catalog/en/index.ts';
import { fr } from '@shared/i18n/catalog/fr/index.ts';
import { setCatalog } from '../lib/i18n.tsx';
import { clearSession, setSession } from '../lib/session.ts';
import { StaticSettingsProvider } from '../lib/site-settings.tsx';
import { ThemeProvider } from '../lib/theme.tsx';
import { utcDay } from '@shared/domain/tournament-status.ts';
import { invalidateQueries, seedQueries } from '../lib/use-query.ts';
import { makeSettings, makeTournament } from '../testing/fixtures.ts';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';

// The language switch (docs/decisions/037-english-and-french.md): a plain link to `?lang=` that
// works before the page's script runs, offering the other language in its own name.

function renderHeader() {
  render(
    <ThemeProvider>
      <StaticSettingsProvider settings={makeSettings()}>
        <MemoryRouter initialEntries={['/contact']}>
          <Header />
          <Footer />
        </MemoryRouter>
      </StaticSettingsProvider>
    </ThemeProvider>,
  );
}

afterEach(() => {
  setCatalog('en', en);
  clearSession();
  invalidateQueries('tournaments');
});

describe('the header language switch', () => {
  it('in English, offers "Français" as a link to ?lang=fr', () => {
    renderHeader();
    const link = screen.getByRole('link', { name: 'Lire ce site en français' });
    expect(link).toHaveTextContent('Français');
    expect(link).toHaveAttribute('href', '?lang=fr');
    expect(link).toHaveAttribute('hreflang', 'fr-CA');
    expect(screen.getByRole('link', { name: 'Contact Us' })).toBeInTheDocument();
  });

  it('in French, offers "English" as a link to ?lang=en, and the header and footer speak French', () => {
    setCatalog('fr', fr);
    renderHeader();
    const link = screen.getByRole('link', { name: 'Read this site in English' });
    expect(link).toHaveTextContent('English');
    expect(link).toHaveAttribute('href', '?lang=en');
    expect(screen.getByRole('navigation', { name: 'Principal' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Nous joindre' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Inscription en ligne' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Politique de confidentialité' })).toBeInTheDocument();
  });
});

describe('the footer', () => {
  it('offers a signed-in family "Your data" on every page, wherever registering took them', () => {
    renderHeader();
    expect(screen.queryByRole('link', { name: 'Your data' })).toBeNull();
    cleanup();
    setSession({ user: { personId: 7, roles: ['Customer'], userDisplayName: 'Pat Parent' }, token: 't' });
    renderHeader();
    expect(screen.getByRole('link', { name: 'Your data' })).toHaveAttribute('href', '/customer/your-data');
  });
});

describe('the header on tournament day', () => {
  it("links to the results on the tournament's day, and not before", () => {
    seedQueries({ tournaments: [makeTournament()] });
    renderHeader();
    expect(screen.queryByRole('link', { name: 'Results' })).not.toBeInTheDocument();
    cleanup();
    seedQueries({
      tournaments: [makeTournament({ tournamentDate: utcDay(new Date()), isTournamentToday: true })],
    });
    renderHeader();
    expect(screen.getByRole('link', { name: 'Results' })).toHaveAttribute('href', '/results');
  });
});
