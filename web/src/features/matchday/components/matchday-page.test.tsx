import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SyncScore } from '@shared/contract/sync-entities.ts';
import { SPARRING, syncDivision, syncEntry, syncResult, syncRing } from '@shared/testing/matchday-rows.ts';
import { syncCompetitor } from '@shared/testing/sync-rows.ts';
import { en } from '@shared/i18n/catalog/en/index.ts';
import { fr } from '@shared/i18n/catalog/fr/index.ts';
import { setCatalog } from '@web/lib/i18n.tsx';
import { setSession } from '@web/lib/session.ts';
import { DeviceDb, META, setDeviceDbForTests } from '@web/sync/db.ts';
import { committedOutbox } from '@web/testing/outbox.ts';
import { MatchdayPage } from './matchday-page.tsx';
import { forgetEntries, rememberEntry } from '../model/sent-entries.ts';

vi.mock('@web/lib/page-meta.ts', () => ({ usePageMeta: () => undefined }));

let db: DeviceDb;
let n = 0;
beforeEach(async () => {
  db = new DeviceDb(`matchday-page-${++n}`);
  setDeviceDbForTests(db);
  forgetEntries();
  // No server: every sync round fails as if offline; the ring runs from the device store.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
  );
  setSession({
    user: { personId: 7, roles: ['TournamentDirector'], userDisplayName: 'Olga Official' },
    token: 't',
  });
  await db
    .entity('rings')
    .bulkPut([syncRing({ id: 1, name: 'Ring 1' }), syncRing({ id: 2, name: 'Ring 2', sortOrder: 2 })]);
  await db.meta.put({ key: META.cookie('matchday'), value: 'c1' });
});
afterEach(async () => {
  setDeviceDbForTests(null);
  await db.delete();
});

const at = (minute: number) => `2026-11-21T13:${String(minute).padStart(2, '0')}:00.000Z`;
function score(competitorId: number, judge: number, value: number, over: Partial<SyncScore> = {}): SyncScore {
  const round = over.round ?? 0;
  return {
    id: `100:1:${competitorId}:${judge}:${round}`,
    divisionId: 100,
    eventTypeId: 1,
    competitorId,
    judge,
    round,
    value,
    enteredAt: at(5),
    enteredBy: 7,
    enteredByName: 'Olga Official',
    version: 1,
    ...over,
  };
}
const scores = (competitorId: number, values: number[]) =>
  values.map((v, i) => score(competitorId, i + 1, v));

async function judgedDivisionRunning() {
  await db
    .entity('divisions')
    .put(
      syncDivision({ id: 100, ringId: 1, status: 'current', startedAt: at(0), title: 'Forms, Girls 10-11' }),
    );
  await db.entity('divisionEntries').bulkPut([1, 2, 3, 4].map((c) => syncEntry(100, c)));
  await db.entity('divisionResults').put(syncResult(100, 1));
}

/** A bracket division (Sparring, event type 2) running on Ring 1 with `competitors` competitors. */
async function sparringDivisionRunning(competitors: number) {
  await db.entity('divisions').put(
    syncDivision({
      id: 200,
      ringId: 1,
      status: 'current',
      startedAt: at(0),
      title: 'Sparring, Boys 12-13',
      eventTypeIds: [2],
      eventTypes: ['Sparring'],
      rules: [SPARRING],
      competitorCount: competitors,
    }),
  );
}

const atRing = (path = '/admin/matchday?ring=1') =>
  function Wrapper({ children }: { children: ReactNode }) {
    return <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>;
  };
const outbox = async () => (await committedOutbox()).map((m) => [m.name, m.args]);

describe('matchday screen', () => {
  it('speaks French', async () => {
    setCatalog('fr', fr);
    try {
      await judgedDivisionRunning();
      render(<MatchdayPage />, { wrapper: atRing() });
      expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Jour de compétition');
      expect(await screen.findByTestId('current-division')).toHaveTextContent('En cours');
      expect(screen.getByRole('button', { name: 'Terminer la division' })).toBeDisabled();
      expect(screen.getByRole('columnheader', { name: 'Juge 1' })).toBeInTheDocument();
    } finally {
      setCatalog('en', en);
    }
  });

  it('starts the next division of the chosen ring with a seed made on the tablet', async () => {
    const user = userEvent.setup();
    await db
      .entity('divisions')
      .bulkPut([
        syncDivision({ id: 100, ringId: 1, queueOrder: 1, title: 'Forms, Girls 10-11' }),
        syncDivision({ id: 101, ringId: 1, queueOrder: 2, title: 'Forms, Boys 10-11' }),
      ]);
    render(<MatchdayPage />, { wrapper: atRing() });
    expect(await screen.findByTestId('ring-idle')).toHaveTextContent('Nothing is running on Ring 1');
    // Only the next division may start.
    expect(screen.queryByRole('button', { name: 'Start Forms, Boys 10-11' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Start Forms, Girls 10-11' }));
    expect(await screen.findByTestId('current-division')).toHaveTextContent('Forms, Girls 10-11');
    const [start] = await committedOutbox();
    expect(start?.name).toBe('startDivision@1');
    const args = start!.args as { seed: number; divisionId: number };
    expect(args.divisionId).toBe(100);
    expect(args.seed).toBeGreaterThanOrEqual(0);
    expect(args.seed).toBeLessThan(2 ** 31);
  });

  describe('starting a division whose competitors are not all checked in', () => {
    async function nextDivisionWithAbsent() {
      await db
        .entity('divisions')
        .put(syncDivision({ id: 100, ringId: 1, queueOrder: 1, title: 'Forms, Girls 10-11' }));
      // Kid1 is checked in, Kid2 and Kid3 are not; Kid4 is already a no-show (not asked about).
      await db
        .entity('divisionEntries')
        .bulkPut([
          syncEntry(100, 1),
          syncEntry(100, 3),
          syncEntry(100, 2),
          syncEntry(100, 4, { noShow: true }),
        ]);
      await db
        .entity('competitors')
        .bulkPut([
          syncCompetitor({ id: 1, firstName: 'Kid1', checkedInAt: at(1) }),
          syncCompetitor({ id: 2, firstName: 'Kid2' }),
          syncCompetitor({ id: 3, firstName: 'Kid3' }),
          syncCompetitor({ id: 4, firstName: 'Kid4' }),
        ]);
    }

    it('asks first, naming them, and marks them as no-shows before the start', async () => {
      const user = userEvent.setup();
      await nextDivisionWithAbsent();
      render(<MatchdayPage />, { wrapper: atRing() });
      await user.click(await screen.findByRole('button', { name: 'Start Forms, Girls 10-11' }));
      const dialog = await screen.findByRole('dialog', { name: 'Start Forms, Girls 10-11?' });
      expect(dialog).toHaveTextContent('2 competitors are not checked in: Kid2 Lee, Kid3 Lee.');
      expect(await outbox()).toEqual([]);
      await user.click(within(dialog).getByRole('button', { name: 'Mark them as no-shows and start' }));
      expect(await screen.findByTestId('current-division')).toHaveTextContent('Forms, Girls 10-11');
      const sent = await outbox();
      expect(sent.slice(0, 2)).toEqual([
        ['markNoShow@1', { divisionId: 100, competitorId: 2, noShow: true }],
        ['markNoShow@1', { divisionId: 100, competitorId: 3, noShow: true }],
      ]);
      expect(sent.map(([name]) => name)).toEqual(['markNoShow@1', 'markNoShow@1', 'startDivision@1']);
    });

    it('starts with everyone when asked to, and starts nothing when the question is put off', async () => {
      const user = userEvent.setup();
      await nextDivisionWithAbsent();
      render(<MatchdayPage />, { wrapper: atRing() });
      const start = await screen.findByRole('button', { name: 'Start Forms, Girls 10-11' });
      await user.click(start);
      await user.click(await screen.findByRole('button', { name: 'Not yet' }));
      expect(screen.queryByRole('dialog')).toBeNull();
      await user.click(start);
      await screen.findByRole('dialog');
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(await outbox()).toEqual([]);

      await user.click(start);
      await user.click(await screen.findByRole('button', { name: 'Start with everyone' }));
      expect(await screen.findByTestId('current-division')).toHaveTextContent('Forms, Girls 10-11');
      expect((await outbox()).map(([name]) => name)).toEqual(['startDivision@1']);
    });

    it('asks in French', async () => {
      const user = userEvent.setup();
      await nextDivisionWithAbsent();
      setCatalog('fr', fr);
      try {
        render(<MatchdayPage />, { wrapper: atRing() });
        await user.click(await screen.findByRole('button', { name: 'Commencer Forms, Girls 10-11' }));
        const dialog = await screen.findByRole('dialog');
        expect(dialog).toHaveTextContent(
          '2 compétiteurs n’ont pas confirmé leur arrivée : Kid2 Lee, Kid3 Lee.',
        );
        expect(
          within(dialog).getByRole('button', { name: 'Les marquer absents et commencer' }),
        ).toBeVisible();
        expect(within(dialog).getByRole('button', { name: 'Commencer avec tout le monde' })).toBeVisible();
      } finally {
        setCatalog('en', en);
      }
    });

    it('starts at once when everyone is checked in', async () => {
      const user = userEvent.setup();
      await nextDivisionWithAbsent();
      await db
        .entity('competitors')
        .bulkPut([2, 3].map((id) => syncCompetitor({ id, firstName: `Kid${id}`, checkedInAt: at(2) })));
      render(<MatchdayPage />, { wrapper: atRing() });
      await user.click(await screen.findByRole('button', { name: 'Start Forms, Girls 10-11' }));
      expect(await screen.findByTestId('current-division')).toHaveTextContent('Forms, Girls 10-11');
      expect(screen.queryByRole('dialog')).toBeNull();
      expect((await outbox()).map(([name]) => name)).toEqual(['startDivision@1']);
    });
  });

  it('remembers the ring chosen on this device', async () => {
    const user = userEvent.setup();
    render(<MatchdayPage />, { wrapper: atRing('/admin/matchday') });
    await user.selectOptions(await screen.findByLabelText('Ring'), 'Ring 2');
    expect(localStorage.getItem('matchday-ring')).toBe('2');
  });

  it('shows check-in plainly and toggles a no-show', async () => {
    const user = userEvent.setup();
    await judgedDivisionRunning();
    await db.entity('competitors').put(syncCompetitor({ id: 1, checkedInAt: at(1) }));
    render(<MatchdayPage />, { wrapper: atRing() });
    const rows = await screen.findAllByTestId('division-competitor');
    expect(rows[0]).toHaveTextContent('Kid1 Lee');
    expect(rows[0]).toHaveTextContent('✓ Checked in');
    expect(rows[1]).toHaveTextContent('Not checked in');
    await user.click(screen.getByRole('button', { name: 'No-show: Kid2 Lee' }));
    expect(await screen.findByRole('button', { name: 'No-show: Kid2 Lee', pressed: true })).toHaveTextContent(
      'Undo no-show',
    );
    expect(await outbox()).toEqual([['markNoShow@1', { divisionId: 100, competitorId: 2, noShow: true }]]);
  });

  it('sends a score when Enter is pressed, ranks with high and low dropped, says the low score broke the tie, and completes', async () => {
    const user = userEvent.setup();
    await judgedDivisionRunning();
    await db
      .entity('scores')
      .bulkPut([
        ...scores(1, [8, 8, 8, 8, 8]),
        ...scores(2, [7, 8, 8, 8, 9]),
        ...scores(3, [6, 6, 6, 6, 6]),
        ...scores(4, [5, 5, 5, 5]),
      ]);
    render(<MatchdayPage />, { wrapper: atRing() });
    expect(await screen.findByRole('button', { name: 'Complete division' })).toBeDisabled();
    const field = screen.getByLabelText('Judge 5 score for Kid4 Lee');
    expect(field).toHaveAttribute('inputmode', 'decimal');
    await user.type(field, '11{Enter}');
    // Said beside the field, which keeps the focus; nothing is sent.
    expect(await screen.findByText('From 0 to 10, at most two decimals')).toBeInTheDocument();
    expect(field).toHaveFocus();
    expect(field).toHaveAccessibleDescription('From 0 to 10, at most two decimals');
    await user.clear(screen.getByLabelText('Judge 5 score for Kid4 Lee'));
    await user.type(screen.getByLabelText('Judge 5 score for Kid4 Lee'), '5{Enter}');
    expect(await outbox()).toEqual([
      [
        'recordScore@1',
        expect.objectContaining({
          divisionId: 100,
          eventTypeId: 1,
          competitorId: 4,
          judge: 5,
          round: 0,
          value: 5,
        }),
      ],
    ]);
    const rows = screen.getAllByTestId('score-row');
    expect(rows.map((r) => within(r).getByTestId('score-rank').textContent)).toEqual(['1', '2', '3', '4']);
    expect(rows.map((r) => within(r).getByTestId('score-total').textContent)).toEqual([
      '24dropped 8 and 8',
      '24dropped 7 and 9',
      '18dropped 6 and 6',
      '15dropped 5 and 5',
    ]);
    expect(screen.getByTestId('ties')).toHaveTextContent(
      'Kid1 Lee and Kid2 Lee tied on 24: broken by the lowest score',
    );
    const placings = screen.getByTestId('placings');
    expect(
      within(placings)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1stKid1 Lee', '2ndKid2 Lee', '3rdKid3 Lee', '4thKid4 Lee']);
    // It would end the running division: asked first, and "Keep it running" changes nothing.
    await user.click(screen.getByRole('button', { name: 'Complete division' }));
    const ask = await screen.findByRole('dialog', { name: 'Complete Forms, Girls 10-11?' });
    await user.click(within(ask).getByRole('button', { name: 'Keep it running' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('current-division')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Complete division' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Complete division' }),
    );
    expect(await screen.findByTestId('completed-division')).toHaveTextContent('Forms, Girls 10-11');
    expect((await outbox()).map(([name]) => name)).toEqual(['recordScore@1', 'completeDivision@1']);
  });

  it('keeps the focus on a score out of range once, and marks a score not yet sent', async () => {
    const user = userEvent.setup();
    await judgedDivisionRunning();
    await db.entity('scores').bulkPut(scores(1, [8, 8, 8, 8, 8]));
    render(<MatchdayPage />, { wrapper: atRing() });
    const field = await screen.findByLabelText('Judge 1 score for Kid2 Lee');
    await user.type(field, '12');
    await user.tab();
    expect(await screen.findByText('From 0 to 10, at most two decimals')).toBeInTheDocument();
    await vi.waitFor(() => expect(field).toHaveFocus());
    // Leaving again is allowed: the typed text stays, with its message, and nothing is sent.
    await user.tab();
    expect(field).not.toHaveFocus();
    expect(field).toHaveValue('12');
    expect(await outbox()).toEqual([]);
    // The scores the store holds carry no mark; the one entered here does until the server has it.
    expect(screen.queryByTestId('pending-mark')).toBeNull();
    await user.clear(field);
    await user.type(field, '7.5{Enter}');
    const row = screen.getAllByTestId('score-row')[1]!;
    expect(await within(row).findByText('Not yet sent')).toBeInTheDocument();
    expect(screen.getAllByTestId('pending-mark')).toHaveLength(1);
  });

  it('held upright, shows the competitors or one event type at a time, chosen by buttons', async () => {
    const user = userEvent.setup();
    await judgedDivisionRunning();
    render(<MatchdayPage />, { wrapper: atRing() });
    const parts = await screen.findByRole('group', { name: 'What this tablet shows' });
    expect(within(parts).getByRole('button', { name: 'Competitors' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(within(parts).getByRole('button', { name: 'Forms' }));
    expect(within(parts).getByRole('button', { name: 'Forms' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(parts).getByRole('button', { name: 'Competitors' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('asks for a run-off round when a tie on the podium stands, and takes its scores', async () => {
    const user = userEvent.setup();
    await judgedDivisionRunning();
    await db
      .entity('scores')
      .bulkPut([
        ...scores(1, [8, 8, 8, 8, 8]),
        ...scores(2, [8, 8, 8, 8, 8]),
        ...scores(3, [6, 6, 6, 6, 6]),
        ...scores(4, [5, 5, 5, 5, 5]),
      ]);
    render(<MatchdayPage />, { wrapper: atRing() });
    const runOff = await screen.findByTestId('run-off');
    expect(runOff).toHaveTextContent('Run-off round 1: Kid1 Lee and Kid2 Lee are still tied for =1');
    expect(screen.getAllByTestId('score-rank').map((r) => r.textContent)).toEqual(['=1', '=1', '3', '4']);
    expect(screen.getByRole('button', { name: 'Complete division' })).toBeDisabled();
    await user.type(
      within(runOff).getByLabelText('Judge 1 score for Kid2 Lee, run-off round 1'),
      '9.5{Enter}',
    );
    expect(await outbox()).toEqual([
      ['recordScore@1', expect.objectContaining({ competitorId: 2, judge: 1, round: 1, value: 9.5 })],
    ]);
  });

  it('says so on the cell when another tablet’s later score replaced this one’s', async () => {
    await judgedDivisionRunning();
    rememberEntry('100:1:1:3:0', at(11), 7.2);
    await db
      .entity('scores')
      .put(score(1, 3, 9.1, { enteredAt: at(12), enteredBy: 9, enteredByName: 'Omar Official' }));
    render(<MatchdayPage />, { wrapper: atRing() });
    expect(await screen.findByTestId('superseded-note')).toHaveTextContent(
      'A later score (9.1, by Omar Official) was kept.',
    );
    expect(screen.getByLabelText('Judge 3 score for Kid1 Lee')).toHaveValue('9.1');
  });

  it('shows the drawn bracket with its byes and a winner button per competitor of a ready match', async () => {
    const user = userEvent.setup();
    await sparringDivisionRunning(5);
    await db.entity('divisionEntries').bulkPut([11, 12, 13, 14, 15].map((c) => syncEntry(200, c)));
    await db.entity('divisionResults').put(syncResult(200, 2, { draw: [11, 12, 13, 14, 15] }));
    render(<MatchdayPage />, { wrapper: atRing() });
    const byes = await screen.findAllByTestId('bracket-bye');
    expect(byes.map((b) => b.textContent)).toEqual([
      'Kid11 Lee: bye, goes through',
      'Kid12 Lee: bye, goes through',
      'Kid13 Lee: bye, goes through',
    ]);
    await user.click(screen.getByRole('button', { name: 'Kid15 Lee wins: Quarter-finals, match 2' }));
    expect(await screen.findByText(/Kid15 Lee ✓ Winner/)).toBeInTheDocument();
    expect(await outbox()).toEqual([
      [
        'recordMatchWinner@1',
        expect.objectContaining({ divisionId: 200, eventTypeId: 2, matchId: 'r1m2', winnerId: 15 }),
      ],
    ]);
    expect(screen.getByRole('button', { name: 'Complete division' })).toBeDisabled();
  });

  it('changing a winner who fought on lists the later results it undoes, and asks first', async () => {
    const user = userEvent.setup();
    await sparringDivisionRunning(4);
    await db.entity('divisionEntries').bulkPut([11, 12, 13, 14].map((c) => syncEntry(200, c)));
    // Semi-finals 11 v 14 and 12 v 13; 11 and 12 won them, and 11 won the final.
    await db.entity('divisionResults').put(syncResult(200, 2, { draw: [11, 12, 13, 14] }));
    await db.entity('matchResults').bulkPut(
      (
        [
          ['r1m1', 11],
          ['r1m2', 12],
          ['r2m1', 11],
        ] as const
      ).map(([matchId, winnerId]) => ({
        id: `200:2:${matchId}`,
        divisionId: 200,
        eventTypeId: 2,
        matchId,
        winnerId,
        enteredAt: at(5),
        enteredBy: 7,
        enteredByName: 'Olga Official',
        version: 1,
      })),
    );
    render(<MatchdayPage />, { wrapper: atRing() });
    const change = await screen.findByRole('button', { name: 'Kid14 Lee wins: Semi-finals, match 1' });
    await user.click(change);
    const ask = await screen.findByRole('dialog', { name: 'Change the winner of Semi-finals, match 1?' });
    expect(ask).toHaveTextContent('Kid11 Lee has already fought on.');
    expect(
      within(within(ask).getByTestId('undone-matches'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Final: Kid11 Lee won']);
    await user.click(within(ask).getByRole('button', { name: 'Keep Kid11 Lee as winner' }));
    expect(await outbox()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Kid14 Lee wins: Semi-finals, match 1' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Change winner and undo 1 result',
      }),
    );
    expect(await outbox()).toEqual([
      ['recordMatchWinner@1', expect.objectContaining({ matchId: 'r1m1', winnerId: 14 })],
    ]);
    // The final waits for a winner again, and the new winner carries its "not yet sent" mark.
    expect(await screen.findByRole('button', { name: 'Kid14 Lee wins: Final' })).toBeInTheDocument();
    const semi = screen.getByRole('group', { name: 'Semi-finals, match 1' });
    expect(within(semi).getByText('Not yet sent')).toBeInTheDocument();
  });

  it('a director corrects a completed division’s placings', async () => {
    const user = userEvent.setup();
    await db
      .entity('divisions')
      .put(syncDivision({ id: 100, ringId: 1, status: 'completed', startedAt: at(0), completedAt: at(20) }));
    await db.entity('divisionEntries').bulkPut([1, 2, 3].map((c) => syncEntry(100, c)));
    await db.entity('divisionResults').put(
      syncResult(100, 1, {
        completedAt: at(20),
        placings: [
          { competitorId: 1, place: 1 },
          { competitorId: 2, place: 2 },
          { competitorId: 3, place: 3 },
        ],
      }),
    );
    render(<MatchdayPage />, { wrapper: atRing() });
    await user.click(
      await screen.findByRole('button', { name: 'Correct result: Forms, Girls 10-11, Forms' }),
    );
    await user.selectOptions(screen.getByLabelText('1st'), 'Kid2 Lee');
    await user.selectOptions(screen.getByLabelText('2nd'), 'Kid1 Lee');
    await user.click(screen.getByRole('button', { name: 'Save corrected result' }));
    expect(await outbox()).toEqual([
      [
        'correctResult@1',
        {
          divisionId: 100,
          eventTypeId: 1,
          placings: [
            { competitorId: 2, place: 1 },
            { competitorId: 1, place: 2 },
            { competitorId: 3, place: 3 },
          ],
        },
      ],
    ]);
    expect(within(screen.getByTestId('placings')).getAllByRole('listitem')[0]).toHaveTextContent(
      '1stKid2 Lee',
    );
  });
});
