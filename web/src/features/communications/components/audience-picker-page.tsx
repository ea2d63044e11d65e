import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { nextTournament } from '@shared/domain/tournament-status.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table.tsx';
import { t } from '@web/lib/i18n.tsx';
import { usePageMeta } from '@web/lib/page-meta.ts';
import { useAudienceRegistrations, useTournaments } from '../api/communications.ts';
import { href, PAGES } from '@web/app/pages.ts';

// /admin/communications/registrations (decision 024): the audience picker over a tournament's
// registrations; the chosen ones go back to the compose page as its audience.

export function AudiencePickerPage() {
  usePageMeta(PAGES.audiencePicker.title, t('communications.picker.description'));
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const tournaments = useTournaments();
  const tournamentId =
    Number(search.get('tournamentId')) ||
    (tournaments.data ? nextTournament(tournaments.data, new Date())?.id : undefined);
  const registrations = useAudienceRegistrations(tournamentId);
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [filter, setFilter] = useState('');

  if (!registrations.data) return <Spinner />;
  const needle = filter.trim().toLowerCase();
  const rows = registrations.data.filter(
    (r) =>
      !needle ||
      r.ownerName.toLowerCase().includes(needle) ||
      r.email.toLowerCase().includes(needle) ||
      r.competitors.some((c) => c.toLowerCase().includes(needle)),
  );
  const toggle = (id: number) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold">{t('communications.picker.heading')}</h1>
        <Button asChild variant="outline">
          <Link to={href('communications')}>{t('communications.picker.back')}</Link>
        </Button>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1">
          <Label htmlFor="picker-filter">{t('communications.picker.find')}</Label>
          <Input id="picker-filter" value={filter} onChange={(e) => setFilter(e.target.value)} />
        </div>
        <Button
          type="button"
          variant="outline"
          onClick={() => setChosen(new Set(rows.map((r) => r.registrationId)))}
        >
          {t('communications.picker.selectAll')}
        </Button>
        <Button type="button" variant="outline" onClick={() => setChosen(new Set())}>
          {t('communications.picker.clear')}
        </Button>
        <Button
          type="button"
          disabled={chosen.size === 0}
          onClick={() =>
            void navigate(
              href(
                'communications',
                undefined,
                `tournamentId=${tournamentId ?? ''}&registrations=${[...chosen].join(',')}`,
              ),
            )
          }
        >
          {t('communications.picker.compose', { count: chosen.size })}
        </Button>
      </div>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>
              <span className="sr-only">{t('communications.picker.selected')}</span>
            </TableHead>
            <TableHead>{t('communications.picker.registeredBy')}</TableHead>
            <TableHead>{t('communications.picker.competitors')}</TableHead>
            <TableHead>{t('communications.progress.status')}</TableHead>
            <TableHead>{t('communications.picker.checkedIn')}</TableHead>
            <TableHead>{t('communications.picker.smsContacts')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.registrationId}>
              <TableCell>
                <input
                  type="checkbox"
                  aria-label={t('communications.picker.select', { name: r.ownerName })}
                  checked={chosen.has(r.registrationId)}
                  onChange={() => toggle(r.registrationId)}
                />
              </TableCell>
              <TableCell>
                {r.ownerName}
                <br />
                <span className="text-sm text-muted-foreground">{r.email}</span>
              </TableCell>
              <TableCell>{r.competitors.join(', ') || t('communications.picker.noneYet')}</TableCell>
              <TableCell>
                {r.isCompleted ? t('communications.picker.complete') : t('communications.picker.incomplete')}
              </TableCell>
              <TableCell>
                {t('communications.picker.checkedInCount', {
                  checkedIn: r.checkedIn,
                  count: r.competitors.length,
                })}
              </TableCell>
              <TableCell>{r.smsContacts}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
