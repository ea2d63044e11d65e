import { CompetitorLevelInputSchema, type CompetitorLevel } from '@tournament/shared';
import { useState } from 'react';
import { TextField } from '../../../components/form/text-field.tsx';
import { ListEditor } from '../../../components/list-editor.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useAction } from '../../../lib/action.ts';
import { useForm } from '../../../lib/form.ts';
import {
  deleteCompetitorLevel,
  reorderCompetitorLevels,
  saveCompetitorLevel,
  useCompetitorLevels,
} from '../api/settings.ts';
import { Loading, SettingsShell } from './settings-shell.tsx';

/** `/admin/competitor-levels`: an ordered list (move up/down), renamed in place (issue 8). */
export function CompetitorLevelsPage() {
  const { data, error, isLoading } = useCompetitorLevels();
  const form = useForm({
    schema: CompetitorLevelInputSchema,
    initial: { name: '' },
    onSubmit: async (input) => {
      await saveCompetitorLevel(null, input);
      form.reset();
      return input.name;
    },
    action: { success: (name) => `The level "${String(name)}" was added.` },
  });
  const rename = useAction(
    async (level: CompetitorLevel, name: string) => {
      await saveCompetitorLevel(level.id, { name });
      return name;
    },
    { success: (name) => `The level was renamed to "${name}".` },
  );
  const busy = form.busy || rename.busy;

  return (
    <SettingsShell
      title="Competitor Levels"
      description="Levels from beginner up, in order; divisions and registrations use them."
    >
      <Card>
        <CardContent className="pt-6">
          <form
            noValidate
            onSubmit={(e) => void form.submit(e)}
            className="flex flex-wrap items-end gap-2"
            aria-label="New competitor level"
          >
            <div className="min-w-64 flex-1">
              <TextField label="New level" required {...form.field('name')} />
            </div>
            <Button type="submit" disabled={busy}>
              Add level
            </Button>
          </form>
        </CardContent>
      </Card>
      <Loading error={error} isLoading={isLoading && !data} />
      {data && (
        <ListEditor
          layout="list"
          listLabel="Competitor levels in order"
          items={data}
          idOf={(level) => level.id}
          label={(level) => level.name}
          busy={busy}
          reorder={reorderCompetitorLevels}
          remove={(level) => deleteCompetitorLevel(level.id)}
          removed={(level) => `The level "${level.name}" was removed.`}
          columns={[
            {
              header: 'Name',
              className: 'contents',
              // Keyed by the name: a saved rename gives the row a fresh input holding it.
              cell: (level, i) => (
                <LevelName
                  key={level.name}
                  level={level}
                  index={i}
                  busy={busy}
                  onRename={(name) => void rename.run(level, name)}
                />
              ),
            },
          ]}
        />
      )}
    </SettingsShell>
  );
}

function LevelName({
  level,
  index,
  busy,
  onRename,
}: {
  level: CompetitorLevel;
  index: number;
  busy: boolean;
  onRename: (name: string) => void;
}) {
  const [name, setName] = useState(level.name);
  return (
    <>
      <Input
        aria-label={`Name of level ${index + 1}`}
        className="max-w-xs flex-1"
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      {name.trim() !== level.name && (
        <Button size="sm" disabled={busy || !name.trim()} onClick={() => onRename(name.trim())}>
          Save name
        </Button>
      )}
    </>
  );
}
