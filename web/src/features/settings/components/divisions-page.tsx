import { DivisionInputSchema, type CompetitorLevel, type Division } from '@shared/contract/settings.ts';
import { Plus } from 'lucide-react';
import { SelectField } from '@web/components/form/select-field.tsx';
import { TextField } from '@web/components/form/text-field.tsx';
import { ItemEditor, ListEditor, useListEditing } from '@web/components/list-editor.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { useForm } from '@web/lib/form.ts';
import { useState } from 'react';
import { useAction } from '@web/lib/action.ts';
import {
  copyDivisionRules,
  deleteDivision,
  reorderDivisions,
  saveDivision,
  useAdminTournaments,
  useCompetitorLevels,
  useDivisions,
} from '../api/settings.ts';
import { CheckboxField } from './checkbox-field.tsx';
import { QueryView } from '@web/components/query-view.tsx';
import { SettingsShell } from './settings-shell.tsx';
import { PAGES } from '@web/app/pages.ts';

interface Values {
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

/** Decision 017: bring back the rules a past tournament's matchmaking used (skipping identical ones). */
function CopyRules() {
  const tournaments = useAdminTournaments();
  const [tournamentId, setTournamentId] = useState('');
  const copy = useAction(() => copyDivisionRules(Number(tournamentId)), {
    success: (r) => `Copied ${r.copied} division rules; ${r.skipped} were already in settings.`,
    successAs: 'toast',
  });
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      aria-label="Copy the rules of a past tournament"
      onSubmit={(e) => {
        e.preventDefault();
        void copy.run();
      }}
    >
      <SelectField
        label="Copy the rules of a past tournament"
        placeholder="Choose a tournament"
        value={tournamentId}
        options={(tournaments.data ?? []).map((t) => ({
          value: String(t.id),
          label: `${t.tournamentDate}, ${t.city}`,
        }))}
        onChange={(e) => setTournamentId(e.target.value)}
      />
      <Button type="submit" variant="outline" disabled={!tournamentId || copy.busy}>
        Copy rules
      </Button>
    </form>
  );
}

/** `/admin/divisions`: the rules matchmaking groups competitors by (docs/design.md §5). */
export function DivisionsPage() {
  const { data, error, isLoading } = useDivisions();
  const levels = useCompetitorLevels();
  const editing = useListEditing(data, (d) => d.id);
  const levelNames = (ids: number[]) =>
    ids.length === 0
      ? 'Any level'
      : ids.map((id) => levels.data?.find((l) => l.id === id)?.name ?? '?').join(', ');

  return (
    <SettingsShell
      title={PAGES.divisions.title}
      description="Age range, gender or mixed, levels, optional weight range and size of each division matchmaking builds."
      actions={
        <Button onClick={editing.startNew}>
          <Plus aria-hidden="true" />
          New division
        </Button>
      }
    >
      <QueryView query={{ data, error: error ?? levels.error, isLoading }} />
      <CopyRules />
      {levels.data && editing.isOpen && (
        <DivisionEditor
          key={editing.key}
          division={editing.current}
          levels={levels.data}
          onDone={editing.close}
        />
      )}
      {data && data.length === 0 && <p>No divisions yet.</p>}
      {data && data.length > 0 && (
        <ListEditor
          items={data}
          idOf={(d) => d.id}
          label={(d) => d.name}
          reorder={reorderDivisions}
          onEdit={editing.edit}
          remove={(d) => deleteDivision(d.id)}
          removed={(d) => `The division "${d.name}" was removed.`}
          columns={[
            { header: 'Division', cell: (d) => d.name, className: 'font-medium' },
            { header: 'Ages', cell: (d) => `${d.minAge} to ${d.maxAge}` },
            { header: 'Gender', cell: (d) => genderLabel(d.gender) },
            { header: 'Levels', cell: (d) => levelNames(d.competitorLevelIds) },
            {
              header: 'Weight (kg)',
              cell: (d) =>
                d.minWeight === null && d.maxWeight === null
                  ? 'Any'
                  : `${d.minWeight ?? 0} to ${d.maxWeight ?? 'any'}`,
            },
            { header: 'Size', cell: (d) => `${d.minSize} to ${d.maxSize}` },
          ]}
        />
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
  const form = useForm({
    schema: DivisionInputSchema,
    initial: valuesOf(division),
    toInput,
    onSubmit: async (input) => {
      await saveDivision(division?.id ?? null, input);
      onDone(division ? 'The division was saved.' : 'The division was created.');
    },
  });
  const bind = form.field;
  const chosen = form.values.competitorLevelIds;

  return (
    <ItemEditor
      title={division ? `Edit ${division.name}` : 'New division'}
      formLabel="Division"
      submitLabel={division ? 'Save division' : 'Create division'}
      busy={form.busy}
      onSubmit={(e) => void form.submit(e)}
      onCancel={() => onDone()}
    >
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
        {form.error('competitorLevelIds') && (
          <p className="text-sm font-medium text-destructive">{form.error('competitorLevelIds')}</p>
        )}
      </fieldset>
    </ItemEditor>
  );
}
