import {
  EVENT_TYPE_MATCHDAY_DEFAULTS,
  EventTypeInputSchema,
  type AdminEventType,
} from '@shared/contract/settings.ts';
import { Plus } from 'lucide-react';
import { SelectField } from '@web/components/form/select-field.tsx';
import { TextAreaField } from '@web/components/form/text-area-field.tsx';
import { TextField } from '@web/components/form/text-field.tsx';
import { ItemEditor, ListEditor, useListEditing } from '@web/components/list-editor.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { useForm } from '@web/lib/form.ts';
import { deleteEventType, reorderEventTypes, saveEventType, useAdminEventTypes } from '../api/settings.ts';
import { CheckboxField } from './checkbox-field.tsx';
import { QueryView } from '@web/components/query-view.tsx';
import { SettingsShell } from './settings-shell.tsx';
import { PAGES } from '@web/app/pages.ts';

const JUDGES = [
  { value: '3', label: '3 judges' },
  { value: '5', label: '5 judges' },
];
const THIRD_PLACE = [
  { value: 'shared', label: 'Shared by both semi-final losers' },
  { value: 'match', label: 'A match for third place' },
];

/** A number field's text as the schema's input: empty leaves it out (a new one gets the default). */
const numberOrUndefined = (text: string) =>
  text.trim() === '' ? undefined : Number(text.trim().replace(',', '.'));

const DECIDED_BY = [
  { value: 'judged', label: 'Judged (3 or 5 judges, highest and lowest dropped)' },
  { value: 'bracket', label: 'Bracket (single elimination; round robin for 3 or fewer)' },
];

/** `/admin/event-types`: title, description, shown on the home page, how it is decided (decision 007). */
export function EventTypesPage() {
  const { data, error, isLoading } = useAdminEventTypes();
  const editing = useListEditing(data, (e) => e.id);

  return (
    <SettingsShell
      title={PAGES.eventTypes.title}
      description="What competitors can enter (forms, sparring...), in the order the home page lists them."
      actions={
        <Button onClick={editing.startNew}>
          <Plus aria-hidden="true" />
          New event type
        </Button>
      }
    >
      <QueryView query={{ data, error, isLoading }} />
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
            {
              header: 'Decided by',
              cell: (e) =>
                e.decidedBy === 'judged'
                  ? `Judged: ${e.judges} judges, ${e.scoreMin} to ${e.scoreMax}, ${e.minutesPerPerformance} min each`
                  : `Bracket: ${e.minutesPerMatch} min a match, third place ${e.thirdPlace === 'match' ? 'fought' : 'shared'}`,
            },
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
      // How it runs at the rings (decision 023): judges and score range, estimates' minutes, third place.
      judges: String(eventType?.judges ?? EVENT_TYPE_MATCHDAY_DEFAULTS.judges),
      scoreMin: String(eventType?.scoreMin ?? EVENT_TYPE_MATCHDAY_DEFAULTS.scoreMin),
      scoreMax: String(eventType?.scoreMax ?? EVENT_TYPE_MATCHDAY_DEFAULTS.scoreMax),
      minutesPerPerformance: String(
        eventType?.minutesPerPerformance ?? EVENT_TYPE_MATCHDAY_DEFAULTS.minutesPerPerformance,
      ),
      minutesPerMatch: String(eventType?.minutesPerMatch ?? EVENT_TYPE_MATCHDAY_DEFAULTS.minutesPerMatch),
      thirdPlace: eventType?.thirdPlace ?? EVENT_TYPE_MATCHDAY_DEFAULTS.thirdPlace,
    },
    toInput: (v) => ({
      ...v,
      judges: numberOrUndefined(v.judges),
      scoreMin: numberOrUndefined(v.scoreMin),
      scoreMax: numberOrUndefined(v.scoreMax),
      minutesPerPerformance: numberOrUndefined(v.minutesPerPerformance),
      minutesPerMatch: numberOrUndefined(v.minutesPerMatch),
    }),
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
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-1 font-semibold">At the rings</legend>
        {form.values.decidedBy === 'bracket' ? (
          <>
            <TextField label="Minutes per match" inputMode="decimal" {...form.field('minutesPerMatch')} />
            <SelectField label="Third place" options={THIRD_PLACE} {...form.field('thirdPlace')} />
          </>
        ) : (
          <>
            <SelectField label="Judges" options={JUDGES} {...form.field('judges')} />
            <TextField
              label="Minutes per performance"
              inputMode="decimal"
              {...form.field('minutesPerPerformance')}
            />
            <TextField label="Lowest score" inputMode="decimal" {...form.field('scoreMin')} />
            <TextField label="Highest score" inputMode="decimal" {...form.field('scoreMax')} />
          </>
        )}
      </fieldset>
    </ItemEditor>
  );
}
