import { TournamentInputSchema, type AdminTournament, type TournamentInput } from '@tournament/shared';
import { Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { TextField } from '../../../components/form/text-field.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table.tsx';
import { formatDate, formatDollars } from '../../../lib/format.ts';
import { usePageAlert } from '../../../lib/page-alert.tsx';
import { deleteTournament, saveTournament, useAdminTournaments } from '../api/settings.ts';
import { textBinding, useSettingsForm } from '../hooks/use-settings-form.ts';
import { MoveButtons, RemoveButton } from './row-actions.tsx';
import { Loading, SettingsShell } from './settings-shell.tsx';

interface Values extends Record<string, unknown> {
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

/** `/admin/tournaments`: every SPEC.md section 3 field, schedule lines included (issue 8). */
export function TournamentsPage() {
  const { data, error, isLoading } = useAdminTournaments();
  const { showAlert, showError, clearAlert } = usePageAlert();
  // null: no editor open; 'new' or a tournament id.
  const [editing, setEditing] = useState<'new' | number | null>(null);
  const current = typeof editing === 'number' ? data?.find((t) => t.id === editing) : undefined;

  return (
    <SettingsShell
      title="Tournaments"
      description="Dates, prices, venue and schedule of each tournament."
      actions={
        // A new tournament starts from the latest one's prices and schedule, so it waits for the list.
        <Button
          disabled={!data}
          onClick={() => {
            clearAlert();
            setEditing('new');
          }}
        >
          <Plus aria-hidden="true" />
          New tournament
        </Button>
      }
    >
      <Loading error={error} isLoading={isLoading && !data} />
      {editing !== null && (editing === 'new' || current) && (
        <TournamentEditor
          key={String(editing)}
          tournament={current}
          template={data?.[0]}
          onDone={(message) => {
            setEditing(null);
            if (message) showAlert('success', message);
          }}
        />
      )}
      {data && data.length === 0 && <p>No tournaments yet.</p>}
      {data && data.length > 0 && (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Date</TableHead>
              <TableHead>Where</TableHead>
              <TableHead>Registration</TableHead>
              <TableHead>Online / door</TableHead>
              <TableHead>Registrations</TableHead>
              <TableHead>
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.map((t) => (
              <TableRow key={t.id}>
                <TableCell>{formatDate(t.tournamentDate)}</TableCell>
                <TableCell>
                  {t.venue}, {t.city}
                </TableCell>
                <TableCell>
                  <Badge variant="outline">{status(t)}</Badge>
                  <div className="text-xs text-muted-foreground">
                    {t.registrationOpensOn} to {t.registrationClosesAfter}
                  </div>
                </TableCell>
                <TableCell>
                  {formatDollars(t.competitorOnlineCost)} / {formatDollars(t.competitorDoorCost)}
                </TableCell>
                <TableCell>{t.registrationCount}</TableCell>
                <TableCell className="space-x-1 text-right whitespace-nowrap">
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Edit the tournament of ${t.tournamentDate}`}
                    onClick={() => {
                      clearAlert();
                      setEditing(t.id);
                    }}
                  >
                    Edit
                  </Button>
                  <RemoveButton
                    label={`the tournament of ${t.tournamentDate}`}
                    onRemove={async () => {
                      clearAlert();
                      try {
                        await deleteTournament(t.id);
                        if (editing === t.id) setEditing(null);
                        showAlert('success', 'The tournament was deleted.');
                      } catch (e) {
                        showError(e);
                      }
                    }}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
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
  const form = useSettingsForm(TournamentInputSchema, valuesOf(tournament, template), toInput);
  const { showError, clearAlert } = usePageAlert();
  const [saving, setSaving] = useState(false);
  const bind = (name: keyof Values & string) => textBinding(form, name);
  const schedule = form.values.schedule;
  const setSchedule = (next: Values['schedule']) => form.set('schedule', next);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = form.validate();
    if (!input) {
      event.currentTarget.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setSaving(true);
    clearAlert();
    try {
      await saveTournament(tournament?.id ?? null, input as TournamentInput);
      onDone(tournament ? 'The tournament was saved.' : 'The tournament was created.');
    } catch (e) {
      form.takeServerErrors(e);
      showError(e);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          {tournament ? `Edit the tournament of ${formatDate(tournament.tournamentDate)}` : 'New tournament'}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Tournament">
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
              {schedule.map((line, i) => (
                <li key={i} className="flex flex-wrap items-start gap-2">
                  <span className="w-6 pt-2 text-right text-sm text-muted-foreground">{i + 1}.</span>
                  <div className="grid min-w-48 flex-1 gap-1">
                    <Input
                      aria-label={`Schedule line ${i + 1}, what`}
                      value={line.line1}
                      aria-invalid={form.errorOf(`schedule.${i}.line1`) ? true : undefined}
                      onChange={(e) =>
                        setSchedule(schedule.map((l, j) => (j === i ? { ...l, line1: e.target.value } : l)))
                      }
                    />
                    {form.errorOf(`schedule.${i}.line1`) && (
                      <p className="text-sm font-medium text-destructive">
                        {form.errorOf(`schedule.${i}.line1`)}
                      </p>
                    )}
                  </div>
                  <Input
                    aria-label={`Schedule line ${i + 1}, when`}
                    className="w-40"
                    value={line.line2}
                    onChange={(e) =>
                      setSchedule(schedule.map((l, j) => (j === i ? { ...l, line2: e.target.value } : l)))
                    }
                  />
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
              ))}
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
          <div className="flex gap-2">
            <Button type="submit" disabled={saving}>
              {saving && <Spinner />}
              {tournament ? 'Save tournament' : 'Create tournament'}
            </Button>
            <Button variant="ghost" onClick={() => onDone()}>
              Cancel
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
