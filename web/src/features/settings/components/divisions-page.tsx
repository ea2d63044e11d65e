import { DivisionInputSchema, type CompetitorLevel, type Division } from '@shared/contract/settings.ts';
import { Plus } from 'lucide-react';
import { SelectField } from '@web/components/form/select-field.tsx';
import { TextField } from '@web/components/form/text-field.tsx';
import { ItemEditor, ListEditor, useListEditing } from '@web/components/list-editor.tsx';
import { Button } from '@web/components/ui/button.tsx';
import type { MessageKey } from '@shared/i18n/translate.ts';
import { useForm } from '@web/lib/form.ts';
import { t, tm } from '@web/lib/i18n.tsx';
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

const GENDERS: { value: string; label: MessageKey }[] = [
  { value: 'mixed', label: 'settings.divisions.mixed' },
  { value: '1', label: 'settings.divisions.male' },
  { value: '2', label: 'settings.divisions.female' },
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

const genderLabel = (g: Division['gender']) =>
  g === 1
    ? t('settings.divisions.male')
    : g === 2
      ? t('settings.divisions.female')
      : t('settings.divisions.mixed');

/** Decision 017: bring back the rules a past tournament's matchmaking used (skipping identical ones). */
function CopyRules() {
  const tournaments = useAdminTournaments();
  const [tournamentId, setTournamentId] = useState('');
  const copy = useAction(() => copyDivisionRules(Number(tournamentId)), {
    success: (r) => t('settings.divisions.copied', { copied: r.copied, skipped: r.skipped }),
    successAs: 'toast',
  });
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      aria-label={t('settings.divisions.copyLabel')}
      onSubmit={(e) => {
        e.preventDefault();
        void copy.run();
      }}
    >
      <SelectField
        label={t('settings.divisions.copyLabel')}
        placeholder={t('settings.divisions.chooseTournament')}
        value={tournamentId}
        options={(tournaments.data ?? []).map((x) => ({
          value: String(x.id),
          label: `${x.tournamentDate}, ${x.city}`,
        }))}
        onChange={(e) => setTournamentId(e.target.value)}
      />
      <Button type="submit" variant="outline" disabled={!tournamentId || copy.busy}>
        {t('settings.divisions.copy')}
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
      ? t('settings.divisions.anyLevel')
      : ids.map((id) => levels.data?.find((l) => l.id === id)?.name ?? '?').join(', ');

  return (
    <SettingsShell
      title={PAGES.divisions.title}
      description={t('settings.divisions.description')}
      actions={
        <Button onClick={editing.startNew}>
          <Plus aria-hidden="true" />
          {t('settings.divisions.new')}
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
      {data && data.length === 0 && <p>{t('settings.divisions.none')}</p>}
      {data && data.length > 0 && (
        <ListEditor
          items={data}
          idOf={(d) => d.id}
          label={(d) => d.name}
          reorder={reorderDivisions}
          onEdit={editing.edit}
          remove={(d) => deleteDivision(d.id)}
          removed={(d) => t('settings.divisions.removed', { name: d.name })}
          columns={[
            { header: t('settings.divisions.division'), cell: (d) => d.name, className: 'font-medium' },
            {
              header: t('settings.divisions.ages'),
              cell: (d) => t('settings.divisions.range', { min: d.minAge, max: d.maxAge }),
            },
            { header: t('settings.divisions.gender'), cell: (d) => genderLabel(d.gender) },
            { header: t('settings.divisions.levels'), cell: (d) => levelNames(d.competitorLevelIds) },
            {
              header: t('settings.divisions.weight'),
              cell: (d) =>
                d.minWeight === null && d.maxWeight === null
                  ? t('settings.divisions.any')
                  : d.maxWeight === null
                    ? t('settings.divisions.rangeOpen', { min: d.minWeight ?? 0 })
                    : t('settings.divisions.range', { min: d.minWeight ?? 0, max: d.maxWeight }),
            },
            {
              header: t('settings.divisions.size'),
              cell: (d) => t('settings.divisions.range', { min: d.minSize, max: d.maxSize }),
            },
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
      onDone(division ? t('settings.divisions.saved') : t('settings.divisions.created'));
    },
  });
  const bind = form.field;
  const chosen = form.values.competitorLevelIds;

  return (
    <ItemEditor
      title={division ? t('settings.divisions.edit', { name: division.name }) : t('settings.divisions.new')}
      formLabel={t('settings.divisions.division')}
      submitLabel={division ? t('settings.divisions.save') : t('settings.divisions.create')}
      busy={form.busy}
      onSubmit={(e) => void form.submit(e)}
      onCancel={() => onDone()}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('settings.divisions.name')} required {...bind('name')} />
        <SelectField
          label={t('settings.divisions.gender')}
          required
          options={GENDERS.map((g) => ({ value: g.value, label: t(g.label) }))}
          placeholder={t('settings.divisions.chooseGender')}
          {...bind('gender')}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-4">
        <TextField label={t('settings.divisions.minAge')} inputMode="numeric" required {...bind('minAge')} />
        <TextField label={t('settings.divisions.maxAge')} inputMode="numeric" required {...bind('maxAge')} />
        <TextField label={t('settings.divisions.minWeight')} inputMode="decimal" {...bind('minWeight')} />
        <TextField label={t('settings.divisions.maxWeight')} inputMode="decimal" {...bind('maxWeight')} />
        <TextField
          label={t('settings.divisions.minSize')}
          inputMode="numeric"
          required
          {...bind('minSize')}
        />
        <TextField
          label={t('settings.divisions.maxSize')}
          inputMode="numeric"
          required
          {...bind('maxSize')}
        />
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-1 font-semibold">{t('settings.divisions.levelsLegend')}</legend>
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
          <p className="text-sm font-medium text-destructive">{tm(form.error('competitorLevelIds')!)}</p>
        )}
      </fieldset>
    </ItemEditor>
  );
}
