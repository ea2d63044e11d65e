import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Sheets } from '@shared/contract/matchmaking.ts';
import { en } from '@shared/i18n/catalog/en/index.ts';
import { fr } from '@shared/i18n/catalog/fr/index.ts';
import { Providers } from '@web/app/providers.tsx';
import { setCatalog } from '@web/lib/i18n.tsx';
import { setSession } from '@web/lib/session.ts';
import { invalidateQueries } from '@web/lib/use-query.ts';
import { makeSettings } from '@web/testing/fixtures.ts';
import { divisionTitle } from '@shared/domain/matchmaking/titles.ts';
import { msg } from '@shared/i18n/message-ref.ts';
import { SPARRING, syncDivision, syncEntry, syncResult } from '@shared/testing/matchday-rows.ts';
import { DeviceDb, META, setDeviceDbForTests } from '@web/sync/db.ts';
import { committedOutbox } from '@web/testing/outbox.ts';
import { DraftSheetsPage } from './sheets-page.tsx';

// The printed division sheets (decision 017) in the page's language: the words are the
// product's, the division titles, event types and names are data.

const SHEETS: Sheets = {
  draft: { id: 7, name: 'Draft 1', status: 'published', tournamentDate: '2027-02-27', city: 'Ottawa' },
  sheets: [
    {
      division: {
        id: 1,
        title: 'Girls 10-11 Beginner',
        eventTypes: [
          { id: 1, title: 'Kata', decidedBy: 'judged', judges: 5 },
          { id: 2, title: 'Sparring', decidedBy: 'bracket', judges: 3 },
        ],
        ring: 'Ring 2',
        queuePosition: 1,
        status: 'upcoming',
        changeVersion: 5,
        overrides: [],
        note: '',
      },
      competitors: [
        {
          id: 11,
          name: 'Ann Able',
          school: 'North Dojo',
          level: 'White',
          age: 10,
          weight: 32,
          checkedIn: true,
          photosAllowed: true,
        },
        {
          id: 12,
          name: 'Bea Best',
          school: 'South Dojo',
          level: 'White',
          age: 11,
          weight: null,
          checkedIn: false,
          photosAllowed: false,
        },
      ],
      brackets: [
        {
          eventTypeId: 2,
          title: 'Sparring',
          drawn: true,
          fits: true,
          kind: 'roundRobin',
          rounds: [[{ round: 1, a: 12, b: 11 }]],
        },
      ],
    },
  ],
};

let answer: Sheets;
beforeEach(() => {
  answer = SHEETS;
  invalidateQueries('');
  setSession({ user: { personId: 1, roles: ['TournamentDirector'], userDisplayName: 'Terry' }, token: 't' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      Response.json(url === '/api/settings' ? makeSettings() : url.includes('division-sheets') ? answer : []),
    ),
  );
});
afterEach(() => {
  setCatalog('en', en);
  vi.unstubAllGlobals();
});

function renderSheets() {
  const router = createMemoryRouter(
    [{ path: '/admin/division-sheets/all/:draftId', element: <DraftSheetsPage /> }],
    {
      initialEntries: ['/admin/division-sheets/all/7'],
    },
  );
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
}

describe('division sheets', () => {
  it('print one page per division with its ring, competitors, score boxes and bracket', async () => {
    renderSheets();
    expect(await screen.findByRole('heading', { name: 'Girls 10-11 Beginner' })).toBeInTheDocument();
    expect(
      screen.getByText('Ring: Ring 2, number 1 in the queue · Kata, Sparring · Ottawa'),
    ).toBeInTheDocument();
    // The event type's panel, as the ring tablet scores it: five judge columns, no chooser.
    const kata = screen.getByRole('table', { name: 'Kata scores' });
    expect(kata).toHaveTextContent('Kata: scores (5 judges)');
    expect(kata.querySelectorAll('thead th')).toHaveLength(1 + 5 + 2);
    expect(screen.queryByRole('combobox', { name: 'Judges' })).not.toBeInTheDocument();
    // The draw as stored with the division, in its order (Bea meets Ann).
    const bracket = screen.getByRole('region', { name: 'Sparring: Round robin' });
    expect(bracket).toHaveTextContent('Round 1Bea BestAnn Able');
    expect(screen.getByText('Draft 1 (published) · 1 division')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeInTheDocument();
  });

  it('say a division runs now on its ring, and a bracket not drawn yet or drawn before a change', async () => {
    const sheet = SHEETS.sheets[0]!;
    answer = {
      ...SHEETS,
      sheets: [
        {
          ...sheet,
          division: { ...sheet.division, status: 'current', queuePosition: null },
          brackets: [{ ...sheet.brackets[0]!, drawn: false, rounds: [] }],
        },
        {
          ...sheet,
          division: { ...sheet.division, id: 2, title: 'Boys 10-11 Beginner' },
          brackets: [{ ...sheet.brackets[0]!, fits: false }],
        },
      ],
    };
    renderSheets();
    const [running, queued] = await screen.findAllByRole('article');
    expect(running).toHaveTextContent('Ring: Ring 2, running now');
    expect(running).toHaveTextContent('Not drawn yet: the ring tablet draws it when the division starts');
    expect(queued).toHaveTextContent('The competitors changed since this draw');
  });

  it('mark a competitor whose family did not allow photos, for the photographer', async () => {
    renderSheets();
    const bea = (await screen.findAllByRole('row')).find((r) => r.textContent?.startsWith('Bea Best'));
    expect(bea).toHaveTextContent('Bea Best(no photos)');
    const ann = screen.getAllByRole('row').find((r) => r.textContent?.startsWith('Ann Able'));
    expect(ann).not.toHaveTextContent('no photos');
  });

  it('speak French', async () => {
    setCatalog('fr', fr);
    renderSheets();
    expect(await screen.findByRole('heading', { name: 'Girls 10-11 Beginner' })).toBeInTheDocument();
    // (toHaveTextContent reads a no-break space as a space.)
    expect(screen.getByRole('article')).toHaveTextContent(
      'Aire : Ring 2, 1re dans la file · Kata, Sparring · Ottawa',
    );
    expect(screen.getByRole('table', { name: 'Pointages de Kata' })).toHaveTextContent(
      'Kata : pointages (5 juges)',
    );
    expect(screen.getByRole('button', { name: 'Télécharger le PDF' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Arrivée confirmée' })).toBeInTheDocument();
  });

  it('show a generated title and a combine override in the page’s language', async () => {
    const level = { id: 1, name: 'White', sortOrder: 1 };
    const rule = (minAge: number, maxAge: number) => ({
      minAge,
      maxAge,
      gender: 2 as const,
      competitorLevelIds: [1],
      minWeight: null,
      maxWeight: 40,
      minSize: 2,
      maxSize: 8,
    });
    const sheet = SHEETS.sheets[0]!;
    answer = {
      ...SHEETS,
      sheets: [
        {
          ...sheet,
          division: {
            ...sheet.division,
            title: divisionTitle(rule(10, 11), [level]),
            overrides: [
              msg('server.matchmaking.combined', {
                target: divisionTitle(rule(10, 10), [level]),
                source: 'Les grandes',
              }),
            ],
          },
        },
      ],
    };
    setCatalog('fr', fr);
    renderSheets();
    const heading = await screen.findByRole('heading', { level: 2 });
    expect(heading.textContent).toBe('Filles 10-11 ans White jusqu’à 40\u00a0kg');
    expect(screen.getByRole('article')).toHaveTextContent(
      'Dérogation : Regroupement de Filles 10 ans White jusqu’à 40 kg avec Les grandes',
    );
  });

  it('mark the sheets changed since this device printed them, and reprint only those', async () => {
    const sheet = SHEETS.sheets[0]!;
    const second = { ...sheet, division: { ...sheet.division, id: 2, title: 'Boys 10-11 Beginner' } };
    answer = { ...SHEETS, sheets: [sheet, second] };
    const print = vi.fn();
    vi.stubGlobal('print', print);
    localStorage.removeItem('division-sheets-printed');
    renderSheets();
    expect(await screen.findAllByRole('article')).toHaveLength(2);
    // Nothing printed yet: nothing has changed since.
    expect(screen.queryByText('Changed since printed')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);

    // The second division changes (a no-show, a move, a draw) and the list is read again.
    answer = {
      ...SHEETS,
      sheets: [sheet, { ...second, division: { ...second.division, changeVersion: 9 } }],
    };
    invalidateQueries('');
    const changed = await screen.findByText('Changed since printed');
    expect(changed.closest('article')).toHaveTextContent('Boys 10-11 Beginner');
    await userEvent.click(screen.getByRole('button', { name: 'Only the 1 changed since printed' }));
    expect(screen.getAllByRole('article')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(2);
    // Reprinted: every sheet shows again, none changed since.
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.queryByText('Changed since printed')).not.toBeInTheDocument();
  });

  describe('a director draws before printing (decision 050)', () => {
    let db: DeviceDb;
    let n = 0;
    beforeEach(async () => {
      db = new DeviceDb(`sheets-page-${++n}`);
      setDeviceDbForTests(db);
      await db.meta.put({ key: META.cookie('matchday'), value: 'c1' });
      await db
        .entity('divisions')
        .put(syncDivision({ id: 1, rules: [SPARRING], eventTypeIds: [2], ringId: 1, queueOrder: 1 }));
      await db.entity('divisionEntries').bulkPut([11, 12].map((c) => syncEntry(1, c)));
      await db.entity('divisionResults').put(syncResult(1, 2, { draw: [12, 11] }));
    });
    afterEach(async () => {
      setDeviceDbForTests(null);
      await db.delete();
    });
    const outbox = async () => (await committedOutbox()).map((m) => [m.name, m.args]);

    it('draws an upcoming division not drawn yet', async () => {
      await db.entity('divisionResults').put(syncResult(1, 2));
      const sheet = SHEETS.sheets[0]!;
      answer = {
        ...SHEETS,
        sheets: [{ ...sheet, brackets: [{ ...sheet.brackets[0]!, drawn: false, rounds: [] }] }],
      };
      renderSheets();
      await userEvent.click(await screen.findByRole('button', { name: 'Draw Sparring now' }));
      expect(await outbox()).toEqual([
        ['drawDivision@1', { divisionId: 1, seed: expect.any(Number), redraw: false }],
      ]);
    });

    it('draws again after a change only once the director confirms', async () => {
      const sheet = SHEETS.sheets[0]!;
      answer = { ...SHEETS, sheets: [{ ...sheet, brackets: [{ ...sheet.brackets[0]!, fits: false }] }] };
      renderSheets();
      await userEvent.click(await screen.findByRole('button', { name: 'Draw Sparring again…' }));
      expect(await outbox()).toEqual([]);
      expect(
        screen.getByText('Sheets printed with the old draw will no longer match the ring tablet.'),
      ).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Confirm the new draw' }));
      expect(await outbox()).toEqual([
        ['drawDivision@1', { divisionId: 1, seed: expect.any(Number), redraw: true }],
      ]);
    });

    it('offers no draw for a draw that still fits', async () => {
      renderSheets();
      expect(await screen.findByRole('region', { name: 'Sparring: Round robin' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Draw Sparring/ })).not.toBeInTheDocument();
    });
  });
});
