import { EventTypeInputSchema, type AdminEventType, type EventTypeInput } from '@tournament/shared';
import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { SelectField } from '../../../components/form/select-field.tsx';
import { TextAreaField } from '../../../components/form/text-area-field.tsx';
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
import { usePageAlert } from '../../../lib/page-alert.tsx';
import {
  deleteEventType,
  moved,
  reorderEventTypes,
  saveEventType,
  useAdminEventTypes,
} from '../api/settings.ts';
import { textBinding, useSettingsForm } from '../hooks/use-settings-form.ts';
import { CheckboxField } from './checkbox-field.tsx';
import { MoveButtons, RemoveButton } from './row-actions.tsx';
import { Loading, SettingsShell } from './settings-shell.tsx';

interface Values extends Record<string, unknown> {
  title: string;
  description: string;
  showOnHomepage: boolean;
  decidedBy: string;
}
const toInput = (v: Values): unknown => v;
const DECIDED_BY = [
  { value: 'judged', label: 'Judged (3 or 5 judges, highest and lowest dropped)' },
  { value: 'bracket', label: 'Bracket (single elimination; round robin for 3 or fewer)' },
];

/** `/admin/event-types`: title, description, shown on the home page, how it is decided (issue 8). */
export function EventTypesPage() {
  const { data, error, isLoading } = useAdminEventTypes();
  const { showAlert, showError, clearAlert } = usePageAlert();
  const [editing, setEditing] = useState<'new' | number | null>(null);
  const [busy, setBusy] = useState(false);
  const current = typeof editing === 'number' ? data?.find((e) => e.id === editing) : undefined;

  async function move(index: number, by: -1 | 1) {
    if (!data) return;
    setBusy(true);
    clearAlert();
    try {
      await reorderEventTypes(
        moved(
          data.map((e) => e.id),
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
      title="Event Types"
      description="What competitors can enter (forms, sparring...), in the order the home page lists them."
      actions={
        <Button onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" />
          New event type
        </Button>
      }
    >
      <Loading error={error} isLoading={isLoading && !data} />
      {editing !== null && (editing === 'new' || current) && (
        <EventTypeEditor
          key={String(editing)}
          eventType={current}
          onDone={(message) => {
            setEditing(null);
            if (message) showAlert('success', message);
          }}
        />
      )}
      {data && (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Order</TableHead>
              <TableHead>Title</TableHead>
              <TableHead>Decided by</TableHead>
              <TableHead>On home page</TableHead>
              <TableHead>Events</TableHead>
              <TableHead>
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.map((e, i) => (
              <TableRow key={e.id}>
                <TableCell>
                  <MoveButtons
                    label={e.title}
                    index={i}
                    count={data.length}
                    disabled={busy}
                    onMove={(by) => move(i, by)}
                  />
                </TableCell>
                <TableCell>
                  <div className="font-medium">{e.title}</div>
                  <div className="text-sm text-muted-foreground">{e.description}</div>
                </TableCell>
                <TableCell>{e.decidedBy === 'judged' ? 'Judged' : 'Bracket'}</TableCell>
                <TableCell>{e.showOnHomepage ? 'Yes' : 'No'}</TableCell>
                <TableCell>{e.eventCount}</TableCell>
                <TableCell className="space-x-1 text-right whitespace-nowrap">
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Edit ${e.title}`}
                    onClick={() => setEditing(e.id)}
                  >
                    Edit
                  </Button>
                  <RemoveButton
                    label={e.title}
                    onRemove={async () => {
                      clearAlert();
                      try {
                        await deleteEventType(e.id);
                        showAlert('success', `The event type "${e.title}" was removed.`);
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

function EventTypeEditor({
  eventType,
  onDone,
}: {
  eventType: AdminEventType | undefined;
  onDone: (message?: string) => void;
}) {
  const form = useSettingsForm(
    EventTypeInputSchema,
    {
      title: eventType?.title ?? '',
      description: eventType?.description ?? '',
      showOnHomepage: eventType?.showOnHomepage ?? true,
      decidedBy: eventType?.decidedBy ?? '',
    },
    toInput,
  );
  const { showError, clearAlert } = usePageAlert();
  const [saving, setSaving] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = form.validate();
    if (!input) return;
    setSaving(true);
    clearAlert();
    try {
      await saveEventType(eventType?.id ?? null, input as EventTypeInput);
      onDone(eventType ? 'The event type was saved.' : 'The event type was created.');
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
        <CardTitle>{eventType ? `Edit ${eventType.title}` : 'New event type'}</CardTitle>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Event type">
          <TextField label="Title" required {...textBinding(form, 'title')} />
          <TextAreaField label="Description" {...textBinding(form, 'description')} />
          <SelectField
            label="Decided by"
            required
            options={DECIDED_BY}
            placeholder="Choose how it is decided"
            {...textBinding(form, 'decidedBy')}
          />
          <CheckboxField
            label="Show on the home page"
            checked={form.values.showOnHomepage}
            onChange={(checked) => form.set('showOnHomepage', checked)}
          />
          <div className="flex gap-2">
            <Button type="submit" disabled={saving}>
              {saving && <Spinner />}
              {eventType ? 'Save event type' : 'Create event type'}
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
