import { EventTypeInputSchema, type AdminEventType } from '@tournament/shared';
import { Plus } from 'lucide-react';
import { SelectField } from '../../../components/form/select-field.tsx';
import { TextAreaField } from '../../../components/form/text-area-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { ItemEditor, ListEditor, useListEditing } from '../../../components/list-editor.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useForm } from '../../../lib/form.ts';
import { deleteEventType, reorderEventTypes, saveEventType, useAdminEventTypes } from '../api/settings.ts';
import { CheckboxField } from './checkbox-field.tsx';
import { Loading, SettingsShell } from './settings-shell.tsx';

const DECIDED_BY = [
  { value: 'judged', label: 'Judged (3 or 5 judges, highest and lowest dropped)' },
  { value: 'bracket', label: 'Bracket (single elimination; round robin for 3 or fewer)' },
];

/** `/admin/event-types`: title, description, shown on the home page, how it is decided (issue 8). */
export function EventTypesPage() {
  const { data, error, isLoading } = useAdminEventTypes();
  const editing = useListEditing(data, (e) => e.id);

  return (
    <SettingsShell
      title="Event Types"
      description="What competitors can enter (forms, sparring...), in the order the home page lists them."
      actions={
        <Button onClick={editing.startNew}>
          <Plus aria-hidden="true" />
          New event type
        </Button>
      }
    >
      <Loading error={error} isLoading={isLoading && !data} />
      {editing.isOpen && (
        <EventTypeEditor key={editing.key} eventType={editing.current} onDone={editing.close} />
      )}
      {data && (
        <ListEditor
          items={data}
          idOf={(e) => e.id}
          label={(e) => e.title}
          reorder={reorderEventTypes}
          onEdit={editing.edit}
          remove={(e) => deleteEventType(e.id)}
          removed={(e) => `The event type "${e.title}" was removed.`}
          columns={[
            {
              header: 'Title',
              cell: (e) => (
                <>
                  <div className="font-medium">{e.title}</div>
                  <div className="text-sm text-muted-foreground">{e.description}</div>
                </>
              ),
            },
            { header: 'Decided by', cell: (e) => (e.decidedBy === 'judged' ? 'Judged' : 'Bracket') },
            { header: 'On home page', cell: (e) => (e.showOnHomepage ? 'Yes' : 'No') },
            { header: 'Events', cell: (e) => e.eventCount },
          ]}
        />
      )}
    </SettingsShell>
  );
}

function EventTypeEditor({
  eventType,
  onDone,
}: {
  eventType: AdminEventType | undefined;
  onDone: (message?: string) => void;
}) {
  const form = useForm({
    schema: EventTypeInputSchema,
    initial: {
      title: eventType?.title ?? '',
      description: eventType?.description ?? '',
      showOnHomepage: eventType?.showOnHomepage ?? true,
      decidedBy: eventType?.decidedBy ?? '',
    },
    onSubmit: async (input) => {
      await saveEventType(eventType?.id ?? null, input);
      onDone(eventType ? 'The event type was saved.' : 'The event type was created.');
    },
  });

  return (
    <ItemEditor
      title={eventType ? `Edit ${eventType.title}` : 'New event type'}
      formLabel="Event type"
      submitLabel={eventType ? 'Save event type' : 'Create event type'}
      busy={form.busy}
      onSubmit={(e) => void form.submit(e)}
      onCancel={() => onDone()}
    >
      <TextField label="Title" required {...form.field('title')} />
      <TextAreaField label="Description" {...form.field('description')} />
      <SelectField
        label="Decided by"
        required
        options={DECIDED_BY}
        placeholder="Choose how it is decided"
        {...form.field('decidedBy')}
      />
      <CheckboxField label="Show on the home page" {...form.checkbox('showOnHomepage')} />
    </ItemEditor>
  );
}
