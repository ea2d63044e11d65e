import { CompetitorLevelInputSchema, type CompetitorLevel } from '@shared/contract/settings.ts';
import { useEffect, useRef, useState } from 'react';
import { TextField } from '@web/components/form/text-field.tsx';
import { ListEditor } from '@web/components/list-editor.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent } from '@web/components/ui/card.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { useAction } from '@web/lib/action.ts';
import { useForm } from '@web/lib/form.ts';
import { t } from '@web/lib/i18n.tsx';
import {
  deleteCompetitorLevel,
  reorderCompetitorLevels,
  saveCompetitorLevel,
  saveCompetitorLevelDetails,
  useCompetitorLevels,
} from '../api/settings.ts';
import { QueryView } from '@web/components/query-view.tsx';
import { SettingsShell } from './settings-shell.tsx';
import { PAGES } from '@web/app/pages.ts';

/** `/admin/competitor-levels`: an ordered list (move up/down), renamed in place (decision 007), with descriptions families see (decision 027). */
export function CompetitorLevelsPage() {
  const { data, error, isLoading } = useCompetitorLevels();
  const form = useForm({
    schema: CompetitorLevelInputSchema,
    initial: { name: '', description: '' },
    onSubmit: async (input) => {
      await saveCompetitorLevel(null, input);
      form.reset();
      return input.name;
    },
    action: { success: (name) => t('settings.levels.added', { name: String(name) }) },
  });
  const busy = form.busy;

  return (
    <SettingsShell title={PAGES.competitorLevels.title} description={t('settings.levels.description')}>
      <Card>
        <CardContent className="pt-6">
          <form
            noValidate
            onSubmit={(e) => void form.submit(e)}
            className="flex flex-wrap items-end gap-2"
            aria-label={t('settings.levels.newLabel')}
          >
            <div className="min-w-48 flex-1">
              <TextField label={t('settings.levels.new')} required {...form.field('name')} />
            </div>
            <div className="min-w-64 flex-[2]">
              <TextField label={t('settings.levels.descriptionField')} {...form.field('description')} />
            </div>
            <Button type="submit" disabled={busy}>
              {t('settings.levels.add')}
            </Button>
          </form>
        </CardContent>
      </Card>
      <QueryView query={{ data, error, isLoading }} />
      {data && (
        <ListEditor
          layout="list"
          listLabel={t('settings.levels.listLabel')}
          items={data}
          idOf={(level) => level.id}
          label={(level) => level.name}
          busy={busy}
          reorder={reorderCompetitorLevels}
          remove={(level) => deleteCompetitorLevel(level.id)}
          removed={(level) => t('settings.levels.removed', { name: level.name })}
          columns={[
            {
              header: t('settings.levels.name'),
              className: 'contents',
              cell: (level, i) => <LevelDetails level={level} index={i} />,
            },
          ]}
        />
      )}
    </SettingsShell>
  );
}

type SaveState = 'saved' | 'saving' | 'unsaved' | 'failed';

/**
 * A level's name and description, saved when a field is left (decision 027): no
 * "Save name" button to find, and leaving the page saves what was typed. A blank name is
 * not saved; the row says so.
 */
function LevelDetails({ level, index }: { level: CompetitorLevel; index: number }) {
  const [name, setName] = useState(level.name);
  const [description, setDescription] = useState(level.description);
  const saved = useRef({ name: level.name, description: level.description });
  const [savedOnce, setSavedOnce] = useState(false);
  const save = useAction(async (next: { name: string; description: string }) => {
    await saveCompetitorLevelDetails(level.id, next);
    saved.current = next;
    setSavedOnce(true);
  });
  const next = { name: name.trim(), description: description.trim() };
  const changed = next.name !== saved.current.name || next.description !== saved.current.description;
  const state: SaveState = save.busy ? 'saving' : save.error ? 'failed' : changed ? 'unsaved' : 'saved';
  const { run } = save;
  const saveNow = () => {
    if (changed && next.name) void run(next);
  };
  // Leaving the page (a link, the back button) saves what was typed.
  const latest = useRef(saveNow);
  latest.current = saveNow;
  useEffect(() => () => latest.current(), []);
  // Closing the tab with an edit that could not be saved: the browser asks first.
  useEffect(() => {
    if (state !== 'unsaved' && state !== 'failed') return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [state]);

  return (
    <span className="grid min-w-64 flex-1 gap-1 sm:grid-cols-[minmax(8rem,14rem)_1fr]" onBlur={saveNow}>
      <Input
        aria-label={t('settings.levels.nameOf', { number: index + 1 })}
        className="h-11"
        value={name}
        onChange={(e) => setName(e.target.value)}
        aria-invalid={name.trim() === '' || undefined}
      />
      <Input
        aria-label={t('settings.levels.descriptionOf', { number: index + 1 })}
        placeholder={t('settings.levels.descriptionPlaceholder')}
        className="h-11"
        value={description}
        onChange={(e) => setDescription(e.target.value)}
      />
      <span role="status" className="text-sm text-muted-foreground sm:col-span-2">
        {name.trim() === ''
          ? t('settings.levels.needsName')
          : state === 'saving'
            ? t('settings.levels.saving')
            : state === 'failed'
              ? t('settings.levels.failed')
              : state === 'unsaved'
                ? t('settings.levels.unsaved')
                : savedOnce
                  ? t('settings.levels.saved')
                  : ''}
      </span>
    </span>
  );
}
