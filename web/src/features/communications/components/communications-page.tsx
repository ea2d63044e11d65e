import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { nextTournament } from '@shared/domain/tournament-status.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { Select } from '@web/components/ui/select.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { t, useFormat } from '@web/lib/i18n.tsx';
import { usePageMeta } from '@web/lib/page-meta.ts';
import { useTournaments } from '../api/communications.ts';
import { href, PAGES } from '@web/app/pages.ts';
import { ComposeCard } from './compose-card.tsx';
import { History } from './send-history.tsx';
import { Progress } from './send-progress.tsx';
import { SmsSettingsCard } from './sms-settings-card.tsx';

// /admin/communications (decision 024; TournamentDirector, SuperAdmin): compose an e-mail, and an
// SMS while AllowSmsNotifications is on, to an audience of a tournament's registrations; preview
// one recipient's message; send in the background and watch each recipient's status.

export function CommunicationsPage() {
  usePageMeta(PAGES.communications.title, t('communications.page.description'));
  const format = useFormat();
  const [search] = useSearchParams();
  const picked = (search.get('registrations') ?? '')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
  const tournaments = useTournaments();
  const [tournamentId, setTournamentId] = useState<number | undefined>(undefined);
  const fallbackId = tournaments.data ? nextTournament(tournaments.data, new Date())?.id : undefined;
  const currentId = tournamentId ?? (Number(search.get('tournamentId')) || fallbackId);
  const [watching, setWatching] = useState<number[]>([]);

  if (tournaments.isLoading && !tournaments.data) return <Spinner />;
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-2xl font-semibold">{t('communications.page.heading')}</h1>
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid gap-1">
            <Label htmlFor="comm-tournament">{t('communications.page.tournament')}</Label>
            <Select
              id="comm-tournament"
              value={currentId ?? ''}
              onChange={(e) => setTournamentId(Number(e.target.value) || undefined)}
            >
              <option value="">{t('communications.page.chooseTournament')}</option>
              {(tournaments.data ?? []).map((tournament) => (
                <option key={tournament.id} value={tournament.id}>
                  {format.date(tournament.tournamentDate)}, {tournament.city}
                </option>
              ))}
            </Select>
          </div>
          <Button asChild variant="outline">
            <Link to={href('audiencePicker', undefined, currentId ? `tournamentId=${currentId}` : undefined)}>
              {t('communications.page.pickRegistrations')}
            </Link>
          </Button>
        </div>
      </div>
      {currentId ? (
        <>
          <ComposeCard key={currentId} tournamentId={currentId} picked={picked} onSent={setWatching} />
          {watching.map((id) => (
            <Progress key={id} messageId={id} />
          ))}
          <History tournamentId={currentId} onView={(id) => setWatching([id])} />
          <SmsSettingsCard tournamentId={currentId} />
        </>
      ) : (
        <p>{t('communications.page.noTournament')}</p>
      )}
    </div>
  );
}
