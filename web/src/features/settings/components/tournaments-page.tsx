import { TournamentInputSchema, type AdminTournament } from '@shared/contract/settings.ts';
import { Plus, Trash2 } from 'lucide-react';
import { TextField } from '@web/components/form/text-field.tsx';
import { ItemEditor, ListEditor, MoveButtons, useListEditing } from '@web/components/list-editor.tsx';
import { Badge } from '@web/components/ui/badge.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { t, tm, useFormat } from '@web/lib/i18n.tsx';
import { useForm } from '@web/lib/form.ts';
import { deleteTournament, saveTournament, useAdminTournaments } from '../api/settings.ts';
import { QueryView } from '@web/components/query-view.tsx';
import { SettingsShell } from './settings-shell.tsx';
import { PAGES } from '@web/app/pages.ts';

interface Values {
  tournamentDate: string;
  registrationOpensOn: string;
  registrationClosesAfter: string;
  competitorOnlineCost: string;
  competitorDoorCost: string;
  spectatorCost: string;
  lunchCost: string;
  city: string;
  venue: string;
  inPersonRegistrationTimes: string;
  blackBeltMeetingTime: string;
  eliminationTime: string;
  schedule: { line1: string; line2: string }[];
}

const wholeNumber = (v: string) => (v.trim() === '' ? undefined : Number(v));

function toInput(v: Values): unknown {
  return {
    ...v,
    competitorOnlineCost: wholeNumber(v.competitorOnlineCost),
    competitorDoorCost: wholeNumber(v.competitorDoorCost),
    spectatorCost: wholeNumber(v.spectatorCost),
    lunchCost: wholeNumber(v.lunchCost),
    schedule: v.schedule.map((l, i) => ({ order: i + 1, line1: l.line1, line2: l.line2 })),
  };
}

/** The form's values for a tournament, or for a new one prefilled from `template` (dates left blank). */
function valuesOf(tournament: AdminTournament | undefined, template?: AdminTournament): Values {
  const from = tournament ?? template;
  return {
    tournamentDate: tournament?.tournamentDate ?? '',
    registrationOpensOn: tournament?.registrationOpensOn ?? '',
    registrationClosesAfter: tournament?.registrationClosesAfter ?? '',
    competitorOnlineCost: from ? String(from.competitorOnlineCost) : '',
    competitorDoorCost: from ? String(from.competitorDoorCost) : '',
    spectatorCost: from ? String(from.spectatorCost) : '',
    lunchCost: from ? String(from.lunchCost) : '',
    city: from?.city ?? '',
    venue: from?.venue ?? '',
    inPersonRegistrationTimes: from?.inPersonRegistrationTimes ?? '8:30AM to 10AM',
    blackBeltMeetingTime: from?.blackBeltMeetingTime ?? '',
    eliminationTime: from?.eliminationTime ?? '',
    schedule: from?.schedule.map((l) => ({ line1: l.line1, line2: l.line2 })) ?? [],
  };
}

function status(tournament: AdminTournament): string {
  if (tournament.isTournamentToday) return t('settings.tournaments.today');
  if (tournament.isRegistrationOpen) return t('settings.tournaments.open');
  if (tournament.isRegistrationOpenSoon) return t('settings.tournaments.opensSoon');
  return t('settings.tournaments.closed');
}

/** `/admin/tournaments`: every docs/product.md §3 field, schedule lines included (decision 007). */
export function TournamentsPage() {
  const { data, error, isLoading } = useAdminTournaments();
  const editing = useListEditing(data, (x) => x.id);
  const format = useFormat();

  return (
    <SettingsShell
      title={PAGES.tournaments.title}
      description={t('settings.tournaments.description')}
      actions={
        // A new tournament starts from the latest one's prices and schedule, so it waits for the list.
        <Button disabled={!data} onClick={editing.startNew}>
          <Plus aria-hidden="true" />
          {t('settings.tournaments.new')}
        </Button>
      }
    >
      <QueryView query={{ data, error, isLoading }} />
      {editing.isOpen && (
        <TournamentEditor
          key={editing.key}
          tournament={editing.current}
          template={data?.[0]}
          onDone={editing.close}
        />
      )}
      {data && data.length === 0 && <p>{t('settings.tournaments.none')}</p>}
      {data && data.length > 0 && (
        // By date, newest first: no reordering.
        <ListEditor
          items={data}
          idOf={(x) => x.id}
          label={(x) => t('settings.tournaments.itemLabel', { date: x.tournamentDate })}
          onEdit={editing.edit}
          remove={(x) => deleteTournament(x.id)}
          removed={() => t('settings.tournaments.deleted')}
          columns={[
            { header: t('settings.tournaments.date'), cell: (x) => format.date(x.tournamentDate) },
            { header: t('settings.tournaments.where'), cell: (x) => `${x.venue}, ${x.city}` },
            {
              header: t('settings.tournaments.registration'),
              cell: (x) => (
                <>
                  <Badge variant="outline">{status(x)}</Badge>
                  <div className="text-xs text-muted-foreground">
                    {t('settings.tournaments.registrationDates', {
                      opens: x.registrationOpensOn,
                      closes: x.registrationClosesAfter,
                    })}
                  </div>
                </>
              ),
            },
            {
              header: t('settings.tournaments.prices'),
              cell: (x) => `${format.money(x.competitorOnlineCost)} / ${format.money(x.competitorDoorCost)}`,
            },
            { header: t('settings.tournaments.registrations'), cell: (x) => x.registrationCount },
          ]}
        />
      )}
    </SettingsShell>
  );
}

function TournamentEditor({
  tournament,
  template,
  onDone,
}: {
  tournament: AdminTournament | undefined;
  template: AdminTournament | undefined;
  onDone: (message?: string) => void;
}) {
  const format = useFormat();
  const form = useForm({
    schema: TournamentInputSchema,
    initial: valuesOf(tournament, template),
    toInput,
    onSubmit: async (input) => {
      await saveTournament(tournament?.id ?? null, input);
      onDone(tournament ? t('settings.tournaments.saved') : t('settings.tournaments.created'));
    },
  });
  const bind = form.field;
  const schedule = form.values.schedule;
  const setSchedule = (next: Values['schedule']) => form.set('schedule', next);

  return (
    <ItemEditor
      title={
        tournament
          ? t('settings.tournaments.edit', { date: format.date(tournament.tournamentDate) })
          : t('settings.tournaments.new')
      }
      formLabel={t('settings.tournaments.formLabel')}
      submitLabel={tournament ? t('settings.tournaments.save') : t('settings.tournaments.create')}
      busy={form.busy}
      onSubmit={(e) => void form.submit(e)}
      onCancel={() => onDone()}
    >
      <fieldset className="grid gap-4 sm:grid-cols-3">
        <legend className="mb-2 font-semibold">{t('settings.tournaments.dates')}</legend>
        <TextField
          label={t('settings.tournaments.tournamentDate')}
          type="date"
          required
          {...bind('tournamentDate')}
        />
        <TextField
          label={t('settings.tournaments.opensOn')}
          type="date"
          required
          {...bind('registrationOpensOn')}
        />
        <TextField
          label={t('settings.tournaments.closesAfter')}
          type="date"
          required
          {...bind('registrationClosesAfter')}
        />
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-4">
        <legend className="mb-2 font-semibold">{t('settings.tournaments.pricesLegend')}</legend>
        <TextField
          label={t('settings.tournaments.competitorOnline')}
          inputMode="numeric"
          required
          {...bind('competitorOnlineCost')}
        />
        <TextField
          label={t('settings.tournaments.competitorDoor')}
          inputMode="numeric"
          required
          {...bind('competitorDoorCost')}
        />
        <TextField
          label={t('settings.tournaments.spectator')}
          inputMode="numeric"
          required
          {...bind('spectatorCost')}
        />
        <TextField
          label={t('settings.tournaments.lunch')}
          inputMode="numeric"
          required
          {...bind('lunchCost')}
        />
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 font-semibold">{t('settings.tournaments.placeAndTimes')}</legend>
        <TextField label={t('settings.tournaments.city')} required {...bind('city')} />
        <TextField label={t('settings.tournaments.venue')} required {...bind('venue')} />
        <TextField label={t('settings.tournaments.inPersonTimes')} {...bind('inPersonRegistrationTimes')} />
        <TextField label={t('settings.tournaments.blackBeltMeeting')} {...bind('blackBeltMeetingTime')} />
        <TextField label={t('settings.tournaments.eliminationTime')} {...bind('eliminationTime')} />
      </fieldset>
      <fieldset className="grid gap-2">
        <legend className="mb-2 font-semibold">{t('settings.tournaments.schedule')}</legend>
        {schedule.length === 0 && (
          <p className="text-sm text-muted-foreground">{t('settings.tournaments.noSchedule')}</p>
        )}
        <ol className="grid gap-2">
          {schedule.map((_, i) => {
            const { error: whatError, ...what } = bind(`schedule.${i}.line1`);
            const { error: _whenError, ...when } = bind(`schedule.${i}.line2`);
            return (
              <li key={i} className="flex flex-wrap items-start gap-2">
                <span className="w-6 pt-2 text-right text-sm text-muted-foreground">{i + 1}.</span>
                <div className="grid min-w-48 flex-1 gap-1">
                  <Input
                    aria-label={t('settings.tournaments.lineWhat', { number: i + 1 })}
                    aria-invalid={whatError ? true : undefined}
                    {...what}
                  />
                  {whatError && <p className="text-sm font-medium text-destructive">{tm(whatError)}</p>}
                </div>
                <Input
                  aria-label={t('settings.tournaments.lineWhen', { number: i + 1 })}
                  className="w-40"
                  {...when}
                />
                <MoveButtons
                  label={t('settings.tournaments.line', { number: i + 1 })}
                  index={i}
                  count={schedule.length}
                  onMove={(by) => {
                    const next = [...schedule];
                    [next[i], next[i + by]] = [next[i + by]!, next[i]!];
                    setSchedule(next);
                  }}
                />
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-8"
                  aria-label={t('settings.tournaments.removeLine', { number: i + 1 })}
                  onClick={() => setSchedule(schedule.filter((_, j) => j !== i))}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </li>
            );
          })}
        </ol>
        <Button
          variant="outline"
          size="sm"
          className="w-fit"
          onClick={() => setSchedule([...schedule, { line1: '', line2: '' }])}
        >
          <Plus aria-hidden="true" />
          {t('settings.tournaments.addLine')}
        </Button>
      </fieldset>
    </ItemEditor>
  );
}
