import {
  TournamentEventInputSchema,
  type AdminEventType,
  type TournamentEvent,
} from '@shared/contract/settings.ts';
import { useState } from 'react';
import { SelectField } from '@web/components/form/select-field.tsx';
import { TextField } from '@web/components/form/text-field.tsx';
import { ItemEditor, ListEditor, useListEditing } from '@web/components/list-editor.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { formatDate } from '@web/lib/format.ts';
import { useForm } from '@web/lib/form.ts';
import {
  deleteEvent,
  reorderEvents,
  saveEvent,
  useAdminEvents,
  useAdminEventTypes,
  useAdminTournaments,
} from '../api/settings.ts';
import { CheckboxField } from './checkbox-field.tsx';
import { QueryView } from '@web/components/query-view.tsx';
import { SettingsShell } from './settings-shell.tsx';
import { PAGES } from '@web/app/pages.ts';

/** `/admin/events`: what competitors can enter at a tournament, each of one event type (decision 007). */
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
  const editing = useListEditing(events.data, (e) => e.id);
  const typeTitle = (id: number) => eventTypes.data?.find((t) => t.id === id)?.title ?? '';

  return (
    <SettingsShell
      title={PAGES.events.title}
      description="What competitors can enter at each tournament, each of one event type."
    >
      <QueryView query={{ ...tournaments, error: tournaments.error ?? eventTypes.error }} />
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
                editing.close();
                setChosen(e.target.value ? Number(e.target.value) : null);
              }}
            />
          </div>
          {tournamentId !== null && <Button onClick={editing.startNew}>New event</Button>}
        </div>
      )}
      {tournamentId !== null && eventTypes.data && editing.isOpen && (
        <EventEditor
          key={`${tournamentId}:${editing.key}`}
          tournamentId={tournamentId}
          event={editing.current}
          eventTypes={eventTypes.data}
          onDone={editing.close}
        />
      )}
      <QueryView query={events} />
      {events.data && tournamentId !== null && events.data.length === 0 && (
        <p>This tournament has no events yet.</p>
      )}
      {events.data && events.data.length > 0 && (
        <ListEditor
          items={events.data}
          idOf={(e) => e.id}
          label={(e) => e.name}
          reorder={reorderEvents}
          onEdit={editing.edit}
          remove={(e) => deleteEvent(e.id)}
          removed={(e) => `The event "${e.name}" was removed.`}
          columns={[
            { header: 'Event', cell: (e) => e.name, className: 'font-medium' },
            { header: 'Event type', cell: (e) => typeTitle(e.eventTypeId) },
            { header: 'Weight needed', cell: (e) => (e.requiresWeight ? 'Yes' : 'No') },
            { header: 'Competitors entered', cell: (e) => e.entryCount },
          ]}
        />
      )}
    </SettingsShell>
  );
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
  const form = useForm({
    schema: TournamentEventInputSchema,
    initial: {
      eventTypeId: event ? String(event.eventTypeId) : '',
      name: event?.name ?? '',
      requiresWeight: event?.requiresWeight ?? false,
    },
    toInput: (v) => ({ ...v, tournamentId, eventTypeId: v.eventTypeId ? Number(v.eventTypeId) : undefined }),
    onSubmit: async (input) => {
      await saveEvent(event?.id ?? null, input);
      onDone(event ? 'The event was saved.' : 'The event was added.');
    },
  });

  return (
    <ItemEditor
      title={event ? `Edit ${event.name}` : 'New event'}
      formLabel="Event"
      submitLabel={event ? 'Save event' : 'Add event'}
      busy={form.busy}
      onSubmit={(e) => void form.submit(e)}
      onCancel={() => onDone()}
      className="grid gap-4 sm:grid-cols-2"
    >
      <SelectField
        label="Event type"
        required
        placeholder="Choose an event type"
        options={eventTypes.map((t) => ({ value: String(t.id), label: t.title }))}
        {...form.field('eventTypeId')}
      />
      <TextField label="Event name" placeholder="Same as the event type" {...form.field('name')} />
      <CheckboxField
        label="Competitors must give their weight"
        hint="For events decided by weight class, such as sparring."
        {...form.checkbox('requiresWeight')}
      />
    </ItemEditor>
  );
}
