import { Link, useNavigate, useParams } from 'react-router';
import { CreateDraftSchema, type DraftOptions } from '@shared/contract/matchmaking.ts';
import { Alert } from '@web/components/ui/alert.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { useForm } from '@web/lib/form.ts';
import { formatDate } from '@web/lib/format.ts';
import { usePageMeta } from '@web/lib/page-meta.ts';
import { createDraft, useDraftOptions } from '../api/matchmaking.ts';
import { href, PAGES } from '@web/app/pages.ts';
import { QueryView } from '@web/components/query-view.tsx';

// /admin/matchmaking/create-draft/tournament/{tournamentId} (decision 017): every completed
// registration, or only checked-in competitors on the day itself; which event types to include.

function Form({ options }: { options: DraftOptions }) {
  const navigate = useNavigate();
  const form = useForm({
    schema: CreateDraftSchema,
    initial: {
      source: (options.tournament.isTournamentToday ? 'checkedIn' : 'completed') as 'completed' | 'checkedIn',
      eventTypeIds: options.eventTypes.map((t) => t.id),
    },
    toInput: (v) => ({ tournamentId: options.tournament.id, ...v }),
    onSubmit: async (_checked, v) => {
      const draftId = await createDraft({ tournamentId: options.tournament.id, ...v });
      void navigate(href('draftAll', { draftId }));
    },
  });
  const { source, eventTypeIds: types } = form.values;
  const setSource = (next: 'completed' | 'checkedIn') => form.set('source', next);
  const toggle = (id: number) =>
    form.set('eventTypeIds', types.includes(id) ? types.filter((x) => x !== id) : [...types, id]);
  return (
    <form className="grid max-w-xl gap-6" onSubmit={(e) => void form.submit(e)}>
      {options.rules === 0 && (
        <Alert variant="danger">
          There are no division rules yet: add some in Settings, Divisions first.
        </Alert>
      )}
      <fieldset className="grid gap-2">
        <legend className="font-medium">Competitors</legend>
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name="source"
            checked={source === 'completed'}
            onChange={() => setSource('completed')}
          />
          Every completed registration ({options.competitors.completed})
        </label>
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name="source"
            checked={source === 'checkedIn'}
            onChange={() => setSource('checkedIn')}
          />
          Checked-in competitors only ({options.competitors.checkedIn})
        </label>
      </fieldset>
      <fieldset className="grid gap-2">
        <legend className="font-medium">Event types</legend>
        {options.eventTypes.map((t) => (
          <label key={t.id} className="flex items-center gap-2">
            <input type="checkbox" checked={types.includes(t.id)} onChange={() => toggle(t.id)} />
            {t.title} ({t.competitors})
          </label>
        ))}
        {types.length === 0 && <p className="text-sm text-danger-fg">Choose at least one event type</p>}
      </fieldset>
      <div className="flex gap-2">
        <Button type="submit" disabled={form.busy || types.length === 0}>
          {form.busy ? 'Creating…' : 'Create draft'}
        </Button>
        <Button asChild variant="outline">
          <Link to={href('matchmaking')}>Cancel</Link>
        </Button>
      </div>
    </form>
  );
}

export function CreateDraftPage() {
  const tournamentId = Number(useParams().tournamentId);
  usePageMeta(PAGES.createDraft.title, 'Group competitors into divisions');
  const { data, error, isLoading } = useDraftOptions(tournamentId);
  return (
    <section className="grid gap-4">
      <h1 className="text-2xl font-semibold">Create draft</h1>
      {data && (
        <p className="text-muted-foreground">
          {formatDate(data.tournament.tournamentDate)}, {data.tournament.city}
        </p>
      )}
      <QueryView query={{ data, error, isLoading }}>{(data) => <Form options={data} />}</QueryView>
    </section>
  );
}
