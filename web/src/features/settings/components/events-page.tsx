import {
  TournamentEventInputSchema,
  type AdminEventType,
  type TournamentEvent,
  type TournamentEventInput,
} from '@tournament/shared';
import { useState, type FormEvent } from 'react';
import { SelectField } from '../../../components/form/select-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table.tsx';
import { formatDate } from '../../../lib/format.ts';
import { usePageAlert } from '../../../lib/page-alert.tsx';
import {
  deleteEvent,
  moved,
  reorderEvents,
  saveEvent,
  useAdminEvents,
  useAdminEventTypes,
  useAdminTournaments,
} from '../api/settings.ts';
import { textBinding, useSettingsForm } from '../hooks/use-settings-form.ts';
import { CheckboxField } from './checkbox-field.tsx';
import { MoveButtons, RemoveButton } from './row-actions.tsx';
import { Loading, SettingsShell } from './settings-shell.tsx';

/** `/admin/events`: what competitors can enter at a tournament, each of one event type (issue 8). */
export function EventsPage() {
  const tournaments = useAdminTournaments();
  const eventTypes = useAdminEventTypes();
  const [chosen, setChosen] = useState<number | null>(null);
  // Default: the next tournament still to come, else the newest.
  const upcoming = tournaments.data?.filter(
    (t) => t.isRegistrationOpen || t.isRegistrationOpenSoon || t.isTournamentToday,
  );
  const tournamentId = chosen ?? upcoming?.at(-1)?.id ?? tournaments.data?.[0]?.id ?? null;
  const events = useAdminEvents(tournamentId);
  const { showAlert, showError, clearAlert } = usePageAlert();
  const [editing, setEditing] = useState<'new' | number | null>(null);
  const [busy, setBusy] = useState(false);
  const typeTitle = (id: number) => eventTypes.data?.find((t) => t.id === id)?.title ?? '';
  const current = typeof editing === 'number' ? events.data?.find((e) => e.id === editing) : undefined;

  async function move(index: number, by: -1 | 1) {
    if (!events.data) return;
    setBusy(true);
    clearAlert();
    try {
      await reorderEvents(
        moved(
          events.data.map((e) => e.id),
          index,
          by,
        ),
      );
    } catch (e) {
      showError(e);
    } finally {
      setBusy(false);
    }
  }

  return (
    <SettingsShell
      title="Events"
      description="What competitors can enter at each tournament, each of one event type."
    >
      <Loading
        error={tournaments.error ?? eventTypes.error}
        isLoading={tournaments.isLoading && !tournaments.data}
      />
      {tournaments.data && (
        <div className="flex flex-wrap items-end gap-2">
          <div className="min-w-72">
            <SelectField
              label="Tournament"
              value={tournamentId === null ? '' : String(tournamentId)}
              placeholder="Choose a tournament"
              options={tournaments.data.map((t) => ({
                value: String(t.id),
                label: `${formatDate(t.tournamentDate)}, ${t.city}`,
              }))}
              onChange={(e) => {
                setEditing(null);
                setChosen(e.target.value ? Number(e.target.value) : null);
              }}
            />
          </div>
          {tournamentId !== null && <Button onClick={() => setEditing('new')}>New event</Button>}
        </div>
      )}
      {tournamentId !== null && eventTypes.data && editing !== null && (editing === 'new' || current) && (
        <EventEditor
          key={`${tournamentId}:${String(editing)}`}
          tournamentId={tournamentId}
          event={current}
          eventTypes={eventTypes.data}
          onDone={(message) => {
            setEditing(null);
            if (message) showAlert('success', message);
          }}
        />
      )}
      <Loading error={events.error} isLoading={events.isLoading && !events.data} />
      {events.data && tournamentId !== null && events.data.length === 0 && (
        <p>This tournament has no events yet.</p>
      )}
      {events.data && events.data.length > 0 && (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Order</TableHead>
              <TableHead>Event</TableHead>
              <TableHead>Event type</TableHead>
              <TableHead>Weight needed</TableHead>
              <TableHead>Competitors entered</TableHead>
              <TableHead>
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {events.data.map((e, i) => (
              <TableRow key={e.id}>
                <TableCell>
                  <MoveButtons
                    label={e.name}
                    index={i}
                    count={events.data!.length}
                    disabled={busy}
                    onMove={(by) => move(i, by)}
                  />
                </TableCell>
                <TableCell className="font-medium">{e.name}</TableCell>
                <TableCell>{typeTitle(e.eventTypeId)}</TableCell>
                <TableCell>{e.requiresWeight ? 'Yes' : 'No'}</TableCell>
                <TableCell>{e.entryCount}</TableCell>
                <TableCell className="space-x-1 text-right whitespace-nowrap">
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Edit ${e.name}`}
                    onClick={() => setEditing(e.id)}
                  >
                    Edit
                  </Button>
                  <RemoveButton
                    label={e.name}
                    onRemove={async () => {
                      clearAlert();
                      try {
                        await deleteEvent(e.id);
                        showAlert('success', `The event "${e.name}" was removed.`);
                      } catch (err) {
                        showError(err);
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

interface Values extends Record<string, unknown> {
  eventTypeId: string;
  name: string;
  requiresWeight: boolean;
}

function EventEditor({
  tournamentId,
  event,
  eventTypes,
  onDone,
}: {
  tournamentId: number;
  event: TournamentEvent | undefined;
  eventTypes: AdminEventType[];
  onDone: (message?: string) => void;
}) {
  const form = useSettingsForm(
    TournamentEventInputSchema,
    {
      eventTypeId: event ? String(event.eventTypeId) : '',
      name: event?.name ?? '',
      requiresWeight: event?.requiresWeight ?? false,
    } satisfies Values,
    (v: Values): unknown => ({
      ...v,
      tournamentId,
      eventTypeId: v.eventTypeId ? Number(v.eventTypeId) : undefined,
    }),
  );
  const { showError, clearAlert } = usePageAlert();
  const [saving, setSaving] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const input = form.validate();
    if (!input) return;
    setSaving(true);
    clearAlert();
    try {
      await saveEvent(event?.id ?? null, input as TournamentEventInput);
      onDone(event ? 'The event was saved.' : 'The event was added.');
    } catch (err) {
      form.takeServerErrors(err);
      showError(err);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{event ? `Edit ${event.name}` : 'New event'}</CardTitle>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2" aria-label="Event">
          <SelectField
            label="Event type"
            required
            placeholder="Choose an event type"
            options={eventTypes.map((t) => ({ value: String(t.id), label: t.title }))}
            {...textBinding(form, 'eventTypeId')}
          />
          <TextField label="Event name" placeholder="Same as the event type" {...textBinding(form, 'name')} />
          <CheckboxField
            label="Competitors must give their weight"
            hint="For events decided by weight class, such as sparring."
            checked={form.values.requiresWeight}
            onChange={(checked) => form.set('requiresWeight', checked)}
          />
          <div className="flex gap-2 sm:col-span-2">
            <Button type="submit" disabled={saving}>
              {saving && <Spinner />}
              {event ? 'Save event' : 'Add event'}
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
