import { TournamentInputSchema, type AdminTournament } from '@shared/contract/settings.ts';
import { Plus, Trash2 } from 'lucide-react';
import { TextField } from '@web/components/form/text-field.tsx';
import { ItemEditor, ListEditor, MoveButtons, useListEditing } from '@web/components/list-editor.tsx';
import { Badge } from '@web/components/ui/badge.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { formatDate, formatDollars } from '@web/lib/format.ts';
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
function valuesOf(t: AdminTournament | undefined, template?: AdminTournament): Values {
  const from = t ?? template;
  return {
    tournamentDate: t?.tournamentDate ?? '',
    registrationOpensOn: t?.registrationOpensOn ?? '',
    registrationClosesAfter: t?.registrationClosesAfter ?? '',
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

function status(t: AdminTournament): string {
  if (t.isTournamentToday) return 'Today';
  if (t.isRegistrationOpen) return 'Registration open';
  if (t.isRegistrationOpenSoon) return 'Registration opens soon';
  return 'Registration closed';
}

/** `/admin/tournaments`: every docs/product.md §3 field, schedule lines included (decision 007). */
export function TournamentsPage() {
  const { data, error, isLoading } = useAdminTournaments();
  const editing = useListEditing(data, (t) => t.id);

  return (
    <SettingsShell
      title={PAGES.tournaments.title}
      description="Dates, prices, venue and schedule of each tournament."
      actions={
        // A new tournament starts from the latest one's prices and schedule, so it waits for the list.
        <Button disabled={!data} onClick={editing.startNew}>
          <Plus aria-hidden="true" />
          New tournament
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
      {data && data.length === 0 && <p>No tournaments yet.</p>}
      {data && data.length > 0 && (
        // By date, newest first: no reordering.
        <ListEditor
          items={data}
          idOf={(t) => t.id}
          label={(t) => `the tournament of ${t.tournamentDate}`}
          onEdit={editing.edit}
          remove={(t) => deleteTournament(t.id)}
          removed={() => 'The tournament was deleted.'}
          columns={[
            { header: 'Date', cell: (t) => formatDate(t.tournamentDate) },
            { header: 'Where', cell: (t) => `${t.venue}, ${t.city}` },
            {
              header: 'Registration',
              cell: (t) => (
                <>
                  <Badge variant="outline">{status(t)}</Badge>
                  <div className="text-xs text-muted-foreground">
                    {t.registrationOpensOn} to {t.registrationClosesAfter}
                  </div>
                </>
              ),
            },
            {
              header: 'Online / door',
              cell: (t) =>
                `${formatDollars(t.competitorOnlineCost)} / ${formatDollars(t.competitorDoorCost)}`,
            },
            { header: 'Registrations', cell: (t) => t.registrationCount },
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
  const form = useForm({
    schema: TournamentInputSchema,
    initial: valuesOf(tournament, template),
    toInput,
    onSubmit: async (input) => {
      await saveTournament(tournament?.id ?? null, input);
      onDone(tournament ? 'The tournament was saved.' : 'The tournament was created.');
    },
  });
  const bind = form.field;
  const schedule = form.values.schedule;
  const setSchedule = (next: Values['schedule']) => form.set('schedule', next);

  return (
    <ItemEditor
      title={
        tournament ? `Edit the tournament of ${formatDate(tournament.tournamentDate)}` : 'New tournament'
      }
      formLabel="Tournament"
      submitLabel={tournament ? 'Save tournament' : 'Create tournament'}
      busy={form.busy}
      onSubmit={(e) => void form.submit(e)}
      onCancel={() => onDone()}
    >
      <fieldset className="grid gap-4 sm:grid-cols-3">
        <legend className="mb-2 font-semibold">Dates</legend>
        <TextField label="Tournament date" type="date" required {...bind('tournamentDate')} />
        <TextField label="Registration opens on" type="date" required {...bind('registrationOpensOn')} />
        <TextField
          label="Registration closes after"
          type="date"
          required
          {...bind('registrationClosesAfter')}
        />
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-4">
        <legend className="mb-2 font-semibold">Prices (whole dollars)</legend>
        <TextField
          label="Competitor, online"
          inputMode="numeric"
          required
          {...bind('competitorOnlineCost')}
        />
        <TextField
          label="Competitor, at the door"
          inputMode="numeric"
          required
          {...bind('competitorDoorCost')}
        />
        <TextField label="Spectator" inputMode="numeric" required {...bind('spectatorCost')} />
        <TextField label="Lunch" inputMode="numeric" required {...bind('lunchCost')} />
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 font-semibold">Place and times</legend>
        <TextField label="City" required {...bind('city')} />
        <TextField label="Venue" required {...bind('venue')} />
        <TextField label="In-person registration times" {...bind('inPersonRegistrationTimes')} />
        <TextField label="Black-belt meeting time" {...bind('blackBeltMeetingTime')} />
        <TextField label="Elimination time" {...bind('eliminationTime')} />
      </fieldset>
      <fieldset className="grid gap-2">
        <legend className="mb-2 font-semibold">Schedule</legend>
        {schedule.length === 0 && <p className="text-sm text-muted-foreground">No schedule lines yet.</p>}
        <ol className="grid gap-2">
          {schedule.map((_, i) => {
            const { error: whatError, ...what } = bind(`schedule.${i}.line1`);
            const { error: _whenError, ...when } = bind(`schedule.${i}.line2`);
            return (
              <li key={i} className="flex flex-wrap items-start gap-2">
                <span className="w-6 pt-2 text-right text-sm text-muted-foreground">{i + 1}.</span>
                <div className="grid min-w-48 flex-1 gap-1">
                  <Input
                    aria-label={`Schedule line ${i + 1}, what`}
                    aria-invalid={whatError ? true : undefined}
                    {...what}
                  />
                  {whatError && <p className="text-sm font-medium text-destructive">{whatError}</p>}
                </div>
                <Input aria-label={`Schedule line ${i + 1}, when`} className="w-40" {...when} />
                <MoveButtons
                  label={`schedule line ${i + 1}`}
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
                  aria-label={`Remove schedule line ${i + 1}`}
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
          Add schedule line
        </Button>
      </fieldset>
    </ItemEditor>
  );
}
