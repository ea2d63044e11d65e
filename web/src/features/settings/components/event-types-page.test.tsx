import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminEventType } from '@shared/contract/settings.ts';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PageAlert } from '@web/components/page-alert.tsx';
import { PageAlertProvider } from '@web/lib/page-alert.tsx';
import { StaticSettingsProvider } from '@web/lib/site-settings.tsx';
import { invalidateQueries } from '@web/lib/use-query.ts';
import { makeSettings } from '@web/testing/fixtures.ts';
import { EventTypesPage } from './event-types-page.tsx';

// An event type says how it runs at the rings (judges, score range, minutes, third place; decision 021).

const forms: AdminEventType = {
  id: 1,
  title: 'Forms',
  description: 'Solo routines.',
  showOnHomepage: true,
  decidedBy: 'judged',
  sortOrder: 1,
  eventCount: 1,
  judges: 5,
  scoreMin: 0,
  scoreMax: 10,
  minutesPerPerformance: 2,
  minutesPerMatch: 3,
  thirdPlace: 'shared',
};
const sent: { method: string; url: string; body: unknown }[] = [];

beforeEach(() => {
  invalidateQueries('');
  sent.length = 0;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    sent.push({ method, url, body });
    return new Response(JSON.stringify(method === 'GET' ? [forms] : { ...forms, ...(body as object) }), {
      status: 200,
    });
  });
});

function renderPage() {
  render(
    <StaticSettingsProvider settings={makeSettings()}>
      <PageAlertProvider>
        <MemoryRouter>
          <PageAlert />
          <EventTypesPage />
        </MemoryRouter>
      </PageAlertProvider>
    </StaticSettingsProvider>,
  );
}

describe('the event types page', () => {
  it('lists how each event type runs at the rings', async () => {
    renderPage();
    expect(await screen.findByText('Judged: 5 judges, 0 to 10, 2 min each')).toBeInTheDocument();
  });

  it('a judged event type’s judges and score range are edited and sent as numbers', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: /Edit Forms/ }));
    await user.selectOptions(screen.getByLabelText('Judges'), '3');
    await user.clear(screen.getByLabelText('Highest score'));
    await user.type(screen.getByLabelText('Highest score'), '9.9');
    await user.click(screen.getByRole('button', { name: 'Save event type' }));
    await vi.waitFor(() =>
      expect(sent.find((r) => r.method === 'PUT')?.body).toMatchObject({
        judges: 3,
        scoreMin: 0,
        scoreMax: 9.9,
      }),
    );
  });

  it('a bracket event type asks for minutes per match and how third place is decided', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: /Edit Forms/ }));
    await user.selectOptions(screen.getByLabelText(/Decided by/), 'bracket');
    expect(screen.queryByLabelText('Judges')).toBeNull();
    await user.selectOptions(screen.getByLabelText('Third place'), 'match');
    await user.click(screen.getByRole('button', { name: 'Save event type' }));
    await vi.waitFor(() =>
      expect(sent.find((r) => r.method === 'PUT')?.body).toMatchObject({
        decidedBy: 'bracket',
        thirdPlace: 'match',
        minutesPerMatch: 3,
      }),
    );
  });
});
