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
import { t, useFormat } from '@web/lib/i18n.tsx';
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
    (x) => x.isRegistrationOpen || x.isRegistrationOpenSoon || x.isTournamentToday,
  );
  const format = useFormat();
  const tournamentId = chosen ?? upcoming?.at(-1)?.id ?? tournaments.data?.[0]?.id ?? null;
  const events = useAdminEvents(tournamentId);
  const editing = useListEditing(events.data, (e) => e.id);
  const typeTitle = (id: number) => eventTypes.data?.find((x) => x.id === id)?.title ?? '';

  return (
    <SettingsShell title={PAGES.events.title} description={t('settings.events.description')}>
      <QueryView query={{ ...tournaments, error: tournaments.error ?? eventTypes.error }} />
      {tournaments.data && (
        <div className="flex flex-wrap items-end gap-2">
          <div className="min-w-72">
            <SelectField
              label={t('settings.events.tournament')}
              value={tournamentId === null ? '' : String(tournamentId)}
              placeholder={t('settings.events.chooseTournament')}
              options={tournaments.data.map((x) => ({
                value: String(x.id),
                label: `${format.date(x.tournamentDate)}, ${x.city}`,
              }))}
              onChange={(e) => {
                editing.close();
                setChosen(e.target.value ? Number(e.target.value) : null);
              }}
            />
          </div>
          {tournamentId !== null && <Button onClick={editing.startNew}>{t('settings.events.new')}</Button>}
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
      {events.data && tournamentId !== null && events.data.length === 0 && <p>{t('settings.events.none')}</p>}
      {events.data && events.data.length > 0 && (
        <ListEditor
          items={events.data}
          idOf={(e) => e.id}
          label={(e) => e.name}
          reorder={reorderEvents}
          onEdit={editing.edit}
          remove={(e) => deleteEvent(e.id)}
          removed={(e) => t('settings.events.removed', { name: e.name })}
          columns={[
            { header: t('settings.events.event'), cell: (e) => e.name, className: 'font-medium' },
            { header: t('settings.events.eventType'), cell: (e) => typeTitle(e.eventTypeId) },
            {
              header: t('settings.events.weightNeeded'),
              cell: (e) => (e.requiresWeight ? t('settings.events.yes') : t('settings.events.no')),
            },
            { header: t('settings.events.entered'), cell: (e) => e.entryCount },
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
      onDone(event ? t('settings.events.saved') : t('settings.events.added'));
    },
  });

  return (
    <ItemEditor
      title={event ? t('settings.events.edit', { name: event.name }) : t('settings.events.new')}
      formLabel={t('settings.events.event')}
      submitLabel={event ? t('settings.events.save') : t('settings.events.add')}
      busy={form.busy}
      onSubmit={(e) => void form.submit(e)}
      onCancel={() => onDone()}
      className="grid gap-4 sm:grid-cols-2"
    >
      <SelectField
        label={t('settings.events.eventType')}
        required
        placeholder={t('settings.events.chooseEventType')}
        options={eventTypes.map((x) => ({ value: String(x.id), label: x.title }))}
        {...form.field('eventTypeId')}
      />
      <TextField
        label={t('settings.events.name')}
        placeholder={t('settings.events.namePlaceholder')}
        {...form.field('name')}
      />
      <CheckboxField
        label={t('settings.events.requiresWeight')}
        hint={t('settings.events.requiresWeightHint')}
        {...form.checkbox('requiresWeight')}
      />
    </ItemEditor>
  );
}
