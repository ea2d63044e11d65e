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
import type { MessageKey } from '@shared/i18n/translate.ts';
import { useForm } from '@web/lib/form.ts';
import { t } from '@web/lib/i18n.tsx';
import { deleteEventType, reorderEventTypes, saveEventType, useAdminEventTypes } from '../api/settings.ts';
import { CheckboxField } from './checkbox-field.tsx';
import { QueryView } from '@web/components/query-view.tsx';
import { SettingsShell } from './settings-shell.tsx';
import { PAGES } from '@web/app/pages.ts';

const JUDGES = [{ value: '3' }, { value: '5' }];
const THIRD_PLACE: { value: string; label: MessageKey }[] = [
  { value: 'shared', label: 'settings.eventTypes.thirdPlaceShared' },
  { value: 'match', label: 'settings.eventTypes.thirdPlaceMatch' },
];
const labelled = (options: { value: string; label: MessageKey }[]) =>
  options.map((o) => ({ value: o.value, label: t(o.label) }));

/** A number field's text as the schema's input: empty leaves it out (a new one gets the default). */
const numberOrUndefined = (text: string) =>
  text.trim() === '' ? undefined : Number(text.trim().replace(',', '.'));

const DECIDED_BY: { value: string; label: MessageKey }[] = [
  { value: 'judged', label: 'settings.eventTypes.decidedJudged' },
  { value: 'bracket', label: 'settings.eventTypes.decidedBracket' },
];

/** `/admin/event-types`: title, description, shown on the home page, how it is decided (decision 007). */
export function EventTypesPage() {
  const { data, error, isLoading } = useAdminEventTypes();
  const editing = useListEditing(data, (e) => e.id);

  return (
    <SettingsShell
      title={PAGES.eventTypes.title}
      description={t('settings.eventTypes.description')}
      actions={
        <Button onClick={editing.startNew}>
          <Plus aria-hidden="true" />
          {t('settings.eventTypes.new')}
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
          removed={(e) => t('settings.eventTypes.removed', { title: e.title })}
          columns={[
            {
              header: t('settings.eventTypes.title'),
              cell: (e) => (
                <>
                  <div className="font-medium">{e.title}</div>
                  <div className="text-sm text-muted-foreground">{e.description}</div>
                </>
              ),
            },
            {
              header: t('settings.eventTypes.decidedBy'),
              cell: (e) =>
                e.decidedBy === 'judged'
                  ? t('settings.eventTypes.judgedSummary', {
                      judges: e.judges,
                      min: e.scoreMin,
                      max: e.scoreMax,
                      minutes: e.minutesPerPerformance,
                    })
                  : t('settings.eventTypes.bracketSummary', {
                      minutes: e.minutesPerMatch,
                      thirdPlace: e.thirdPlace === 'match' ? 'match' : 'shared',
                    }),
            },
            {
              header: t('settings.eventTypes.onHomePage'),
              cell: (e) => (e.showOnHomepage ? t('settings.eventTypes.yes') : t('settings.eventTypes.no')),
            },
            { header: t('settings.eventTypes.events'), cell: (e) => e.eventCount },
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
      onDone(eventType ? t('settings.eventTypes.saved') : t('settings.eventTypes.created'));
    },
  });

  return (
    <ItemEditor
      title={
        eventType ? t('settings.eventTypes.edit', { title: eventType.title }) : t('settings.eventTypes.new')
      }
      formLabel={t('settings.eventTypes.formLabel')}
      submitLabel={eventType ? t('settings.eventTypes.save') : t('settings.eventTypes.create')}
      busy={form.busy}
      onSubmit={(e) => void form.submit(e)}
      onCancel={() => onDone()}
    >
      <TextField label={t('settings.eventTypes.title')} required {...form.field('title')} />
      <TextAreaField label={t('settings.eventTypes.descriptionField')} {...form.field('description')} />
      <SelectField
        label={t('settings.eventTypes.decidedBy')}
        required
        options={labelled(DECIDED_BY)}
        placeholder={t('settings.eventTypes.chooseDecidedBy')}
        {...form.field('decidedBy')}
      />
      <CheckboxField label={t('settings.eventTypes.showOnHomePage')} {...form.checkbox('showOnHomepage')} />
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-1 font-semibold">{t('settings.eventTypes.atTheRings')}</legend>
        {form.values.decidedBy === 'bracket' ? (
          <>
            <TextField
              label={t('settings.eventTypes.minutesPerMatch')}
              inputMode="decimal"
              {...form.field('minutesPerMatch')}
            />
            <SelectField
              label={t('settings.eventTypes.thirdPlace')}
              options={labelled(THIRD_PLACE)}
              {...form.field('thirdPlace')}
            />
          </>
        ) : (
          <>
            <SelectField
              label={t('settings.eventTypes.judges')}
              options={JUDGES.map((o) => ({
                value: o.value,
                label: t('settings.eventTypes.judgeCount', { count: Number(o.value) }),
              }))}
              {...form.field('judges')}
            />
            <TextField
              label={t('settings.eventTypes.minutesPerPerformance')}
              inputMode="decimal"
              {...form.field('minutesPerPerformance')}
            />
            <TextField
              label={t('settings.eventTypes.lowestScore')}
              inputMode="decimal"
              {...form.field('scoreMin')}
            />
            <TextField
              label={t('settings.eventTypes.highestScore')}
              inputMode="decimal"
              {...form.field('scoreMax')}
            />
          </>
        )}
      </fieldset>
    </ItemEditor>
  );
}
