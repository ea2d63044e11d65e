import {
  DivisionInputSchema,
  type CompetitorLevel,
  type Division,
  type DivisionInput,
} from '@tournament/shared';
import { Plus } from 'lucide-react';
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
import { usePageAlert } from '../../../lib/page-alert.tsx';
import {
  deleteDivision,
  moved,
  reorderDivisions,
  saveDivision,
  useCompetitorLevels,
  useDivisions,
} from '../api/settings.ts';
import { textBinding, useSettingsForm } from '../hooks/use-settings-form.ts';
import { CheckboxField } from './checkbox-field.tsx';
import { MoveButtons, RemoveButton } from './row-actions.tsx';
import { Loading, SettingsShell } from './settings-shell.tsx';

interface Values extends Record<string, unknown> {
  name: string;
  minAge: string;
  maxAge: string;
  gender: string;
  competitorLevelIds: number[];
  minWeight: string;
  maxWeight: string;
  minSize: string;
  maxSize: string;
}

const GENDERS = [
  { value: 'mixed', label: 'Mixed' },
  { value: '1', label: 'Male' },
  { value: '2', label: 'Female' },
];
const whole = (v: string) => (v.trim() === '' ? undefined : Number(v));
const optional = (v: string) => (v.trim() === '' ? null : Number(v));

function toInput(v: Values): unknown {
  return {
    name: v.name,
    minAge: whole(v.minAge),
    maxAge: whole(v.maxAge),
    gender: v.gender === 'mixed' ? null : v.gender === '' ? undefined : Number(v.gender),
    competitorLevelIds: v.competitorLevelIds,
    minWeight: optional(v.minWeight),
    maxWeight: optional(v.maxWeight),
    minSize: whole(v.minSize),
    maxSize: whole(v.maxSize),
  };
}

function valuesOf(d: Division | undefined): Values {
  return {
    name: d?.name ?? '',
    minAge: d ? String(d.minAge) : '',
    maxAge: d ? String(d.maxAge) : '',
    gender: d ? (d.gender === null ? 'mixed' : String(d.gender)) : '',
    competitorLevelIds: d?.competitorLevelIds ?? [],
    minWeight: d?.minWeight === null || d === undefined ? '' : String(d.minWeight),
    maxWeight: d?.maxWeight === null || d === undefined ? '' : String(d.maxWeight),
    minSize: d ? String(d.minSize) : '2',
    maxSize: d ? String(d.maxSize) : '8',
  };
}

const genderLabel = (g: Division['gender']) => (g === 1 ? 'Male' : g === 2 ? 'Female' : 'Mixed');

/** `/admin/divisions`: the rules matchmaking groups competitors by (DESIGN.md section 5). */
export function DivisionsPage() {
  const { data, error, isLoading } = useDivisions();
  const levels = useCompetitorLevels();
  const { showAlert, showError, clearAlert } = usePageAlert();
  const [editing, setEditing] = useState<'new' | number | null>(null);
  const [busy, setBusy] = useState(false);
  const current = typeof editing === 'number' ? data?.find((d) => d.id === editing) : undefined;
  const levelNames = (ids: number[]) =>
    ids.length === 0
      ? 'Any level'
      : ids.map((id) => levels.data?.find((l) => l.id === id)?.name ?? '?').join(', ');

  async function move(index: number, by: -1 | 1) {
    if (!data) return;
    setBusy(true);
    clearAlert();
    try {
      await reorderDivisions(
        moved(
          data.map((d) => d.id),
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
      title="Divisions"
      description="Age range, gender or mixed, levels, optional weight range and size of each division matchmaking builds."
      actions={
        <Button onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" />
          New division
        </Button>
      }
    >
      <Loading error={error ?? levels.error} isLoading={isLoading && !data} />
      {levels.data && editing !== null && (editing === 'new' || current) && (
        <DivisionEditor
          key={String(editing)}
          division={current}
          levels={levels.data}
          onDone={(message) => {
            setEditing(null);
            if (message) showAlert('success', message);
          }}
        />
      )}
      {data && data.length === 0 && <p>No divisions yet.</p>}
      {data && data.length > 0 && (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Order</TableHead>
              <TableHead>Division</TableHead>
              <TableHead>Ages</TableHead>
              <TableHead>Gender</TableHead>
              <TableHead>Levels</TableHead>
              <TableHead>Weight (kg)</TableHead>
              <TableHead>Size</TableHead>
              <TableHead>
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.map((d, i) => (
              <TableRow key={d.id}>
                <TableCell>
                  <MoveButtons
                    label={d.name}
                    index={i}
                    count={data.length}
                    disabled={busy}
                    onMove={(by) => move(i, by)}
                  />
                </TableCell>
                <TableCell className="font-medium">{d.name}</TableCell>
                <TableCell>
                  {d.minAge} to {d.maxAge}
                </TableCell>
                <TableCell>{genderLabel(d.gender)}</TableCell>
                <TableCell>{levelNames(d.competitorLevelIds)}</TableCell>
                <TableCell>
                  {d.minWeight === null && d.maxWeight === null
                    ? 'Any'
                    : `${d.minWeight ?? 0} to ${d.maxWeight ?? 'any'}`}
                </TableCell>
                <TableCell>
                  {d.minSize} to {d.maxSize}
                </TableCell>
                <TableCell className="space-x-1 text-right whitespace-nowrap">
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Edit ${d.name}`}
                    onClick={() => setEditing(d.id)}
                  >
                    Edit
                  </Button>
                  <RemoveButton
                    label={d.name}
                    onRemove={async () => {
                      clearAlert();
                      try {
                        await deleteDivision(d.id);
                        showAlert('success', `The division "${d.name}" was removed.`);
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

function DivisionEditor({
  division,
  levels,
  onDone,
}: {
  division: Division | undefined;
  levels: CompetitorLevel[];
  onDone: (message?: string) => void;
}) {
  const form = useSettingsForm(DivisionInputSchema, valuesOf(division), toInput);
  const { showError, clearAlert } = usePageAlert();
  const [saving, setSaving] = useState(false);
  const bind = (name: keyof Values & string) => textBinding(form, name);
  const chosen = form.values.competitorLevelIds;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = form.validate();
    if (!input) return;
    setSaving(true);
    clearAlert();
    try {
      await saveDivision(division?.id ?? null, input as DivisionInput);
      onDone(division ? 'The division was saved.' : 'The division was created.');
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
        <CardTitle>{division ? `Edit ${division.name}` : 'New division'}</CardTitle>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Division">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="Name" required {...bind('name')} />
            <SelectField
              label="Gender"
              required
              options={GENDERS}
              placeholder="Choose male, female or mixed"
              {...bind('gender')}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-4">
            <TextField label="Minimum age" inputMode="numeric" required {...bind('minAge')} />
            <TextField label="Maximum age" inputMode="numeric" required {...bind('maxAge')} />
            <TextField label="Minimum weight (kg, optional)" inputMode="decimal" {...bind('minWeight')} />
            <TextField label="Maximum weight (kg, optional)" inputMode="decimal" {...bind('maxWeight')} />
            <TextField label="Minimum size" inputMode="numeric" required {...bind('minSize')} />
            <TextField label="Maximum size" inputMode="numeric" required {...bind('maxSize')} />
          </div>
          <fieldset className="grid gap-2">
            <legend className="mb-1 font-semibold">Competitor levels (none chosen: any level)</legend>
            <div className="flex flex-wrap gap-4">
              {levels.map((level) => (
                <CheckboxField
                  key={level.id}
                  label={level.name}
                  checked={chosen.includes(level.id)}
                  onChange={(checked) =>
                    form.set(
                      'competitorLevelIds',
                      checked ? [...chosen, level.id] : chosen.filter((id) => id !== level.id),
                    )
                  }
                />
              ))}
            </div>
            {form.errorOf('competitorLevelIds') && (
              <p className="text-sm font-medium text-destructive">{form.errorOf('competitorLevelIds')}</p>
            )}
          </fieldset>
          <div className="flex gap-2">
            <Button type="submit" disabled={saving}>
              {saving && <Spinner />}
              {division ? 'Save division' : 'Create division'}
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
