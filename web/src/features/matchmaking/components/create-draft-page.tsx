import { Link, useNavigate, useParams } from 'react-router';
import { CreateDraftSchema, type DraftOptions } from '@shared/contract/matchmaking.ts';
import { Alert } from '@web/components/ui/alert.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { useForm } from '@web/lib/form.ts';
import { t, useFormat } from '@web/lib/i18n.tsx';
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
      eventTypeIds: options.eventTypes.map((type) => type.id),
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
      {options.rules === 0 && <Alert variant="danger">{t('matchmaking.create.noRules')}</Alert>}
      <fieldset className="grid gap-2">
        <legend className="font-medium">{t('matchmaking.create.competitors')}</legend>
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name="source"
            checked={source === 'completed'}
            onChange={() => setSource('completed')}
          />
          {t('matchmaking.create.completed', { count: options.competitors.completed })}
        </label>
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name="source"
            checked={source === 'checkedIn'}
            onChange={() => setSource('checkedIn')}
          />
          {t('matchmaking.create.checkedIn', { count: options.competitors.checkedIn })}
        </label>
      </fieldset>
      <fieldset className="grid gap-2">
        <legend className="font-medium">{t('matchmaking.create.eventTypes')}</legend>
        {options.eventTypes.map((type) => (
          <label key={type.id} className="flex items-center gap-2">
            <input type="checkbox" checked={types.includes(type.id)} onChange={() => toggle(type.id)} />
            {type.title} ({type.competitors})
          </label>
        ))}
        {types.length === 0 && <p className="text-sm text-danger-fg">{t('matchmaking.create.chooseType')}</p>}
      </fieldset>
      <div className="flex gap-2">
        <Button type="submit" disabled={form.busy || types.length === 0}>
          {form.busy ? t('matchmaking.create.creating') : t('matchmaking.createDraft')}
        </Button>
        <Button asChild variant="outline">
          <Link to={href('matchmaking')}>{t('matchmaking.cancel')}</Link>
        </Button>
      </div>
    </form>
  );
}

export function CreateDraftPage() {
  const tournamentId = Number(useParams().tournamentId);
  usePageMeta(PAGES.createDraft.title, t('matchmaking.create.description'));
  const format = useFormat();
  const { data, error, isLoading } = useDraftOptions(tournamentId);
  return (
    <section className="grid gap-4">
      <h1 className="text-2xl font-semibold">{t('matchmaking.createDraft')}</h1>
      {data && (
        <p className="text-muted-foreground">
          {t('matchmaking.tournament', {
            date: format.date(data.tournament.tournamentDate),
            city: data.tournament.city,
          })}
        </p>
      )}
      <QueryView query={{ data, error, isLoading }}>{(data) => <Form options={data} />}</QueryView>
    </section>
  );
}
