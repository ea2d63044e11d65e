import { useMemo, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useParams } from 'react-router';
import type { DraftView } from '@shared/contract/matchmaking.ts';
import { SelectField } from '@web/components/form/select-field.tsx';
import { TextField } from '@web/components/form/text-field.tsx';
import { Badge } from '@web/components/ui/badge.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { useAction } from '@web/lib/action.ts';
import { t, tm, useFormat } from '@web/lib/i18n.tsx';
import { usePageMeta } from '@web/lib/page-meta.ts';
import { placeLateEntry, regenerateDraft, useDraft } from '../api/matchmaking.ts';
import { DivisionCard } from './division-card.tsx';
import { isOver, isUnder, typeTitles, type DivisionView } from '../model/draft-model.ts';
import { PublishPanel } from './publish-panel.tsx';
import { href } from '@web/app/pages.ts';
import { QueryView } from '@web/components/query-view.tsx';
import { useKeepPlace, useRestorePlace } from './keep-place.ts';

// /admin/matchmaking/{draftId} with the tabs all, split and combine (decision 017).

type Tab = 'all' | 'split' | 'combine';

interface Filter {
  eventTypeId: string;
  minAge: string;
  maxAge: string;
  gender: string;
  levelId: string;
  warningsOnly: boolean;
}
const NO_FILTER: Filter = {
  eventTypeId: '',
  minAge: '',
  maxAge: '',
  gender: '',
  levelId: '',
  warningsOnly: false,
};

function matches(d: DivisionView, f: Filter): boolean {
  if (f.eventTypeId && !d.eventTypeIds.includes(Number(f.eventTypeId))) return false;
  if (f.minAge && d.criteria.maxAge < Number(f.minAge)) return false;
  if (f.maxAge && d.criteria.minAge > Number(f.maxAge)) return false;
  if (f.gender === 'mixed' && d.criteria.gender !== null) return false;
  if ((f.gender === '1' || f.gender === '2') && d.criteria.gender !== Number(f.gender)) return false;
  if (
    f.levelId &&
    d.criteria.competitorLevelIds.length > 0 &&
    !d.criteria.competitorLevelIds.includes(Number(f.levelId))
  ) {
    return false;
  }
  if (f.warningsOnly && d.warnings.length === 0) return false;
  return true;
}

function Filters({
  view,
  filter,
  onChange,
}: {
  view: DraftView;
  filter: Filter;
  onChange: (f: Filter) => void;
}) {
  const set = (key: keyof Filter, value: string | boolean) => onChange({ ...filter, [key]: value });
  return (
    <form
      role="search"
      aria-label={t('matchmaking.filter.label')}
      className="grid gap-3 sm:grid-cols-3 lg:grid-cols-6"
      onSubmit={(e) => e.preventDefault()}
    >
      <SelectField
        label={t('matchmaking.filter.eventType')}
        placeholder={t('matchmaking.filter.allEventTypes')}
        value={filter.eventTypeId}
        options={view.eventTypes
          .filter((type) => view.draft.eventTypeIds.includes(type.id))
          .map((type) => ({ value: String(type.id), label: type.title }))}
        onChange={(e) => set('eventTypeId', e.target.value)}
      />
      <TextField
        label={t('matchmaking.filter.ageFrom')}
        type="number"
        min={0}
        value={filter.minAge}
        onChange={(e) => set('minAge', e.target.value)}
      />
      <TextField
        label={t('matchmaking.filter.ageTo')}
        type="number"
        min={0}
        value={filter.maxAge}
        onChange={(e) => set('maxAge', e.target.value)}
      />
      <SelectField
        label={t('matchmaking.filter.gender')}
        placeholder={t('matchmaking.filter.anyGender')}
        value={filter.gender}
        options={[
          { value: '1', label: t('matchmaking.filter.male') },
          { value: '2', label: t('matchmaking.filter.female') },
          { value: 'mixed', label: t('matchmaking.filter.mixed') },
        ]}
        onChange={(e) => set('gender', e.target.value)}
      />
      <SelectField
        label={t('matchmaking.filter.level')}
        placeholder={t('matchmaking.filter.anyLevel')}
        value={filter.levelId}
        options={view.levels.map((l) => ({ value: String(l.id), label: l.name }))}
        onChange={(e) => set('levelId', e.target.value)}
      />
      <label className="flex items-end gap-2 pb-2 text-sm">
        <input
          type="checkbox"
          checked={filter.warningsOnly}
          onChange={(e) => set('warningsOnly', e.target.checked)}
        />
        {t('matchmaking.filter.warningsOnly')}
      </label>
    </form>
  );
}

function Unplaced({ view }: { view: DraftView }) {
  const place = useAction((competitorId: number, eventTypeId: number, divisionId: number) =>
    placeLateEntry(view.draft.id, { competitorId, eventTypeId, divisionId }),
  );
  if (view.unplaced.length === 0) return null;
  const people = new Map(view.competitors.map((c) => [c.id, c]));
  return (
    <Card aria-labelledby="unplaced-title">
      <CardHeader>
        <CardTitle as="h2" id="unplaced-title">
          {t('matchmaking.unplaced.title', { count: view.unplaced.length })}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2">
          {view.unplaced.map((u) => {
            const c = people.get(u.competitorId);
            const suggested = view.divisions.find((d) => d.id === u.suggestedDivisionId);
            return (
              <li key={`${u.competitorId}-${u.eventTypeId}`} className="flex flex-wrap items-center gap-2">
                <span>
                  {c
                    ? t('matchmaking.unplaced.whoAged', {
                        name: `${c.firstName} ${c.lastName}`,
                        eventTypes: typeTitles(view, [u.eventTypeId]),
                        age: c.age,
                        reason: u.late ? t('matchmaking.unplaced.late') : tm(u.reason),
                      })
                    : t('matchmaking.unplaced.who', {
                        name: `#${u.competitorId}`,
                        eventTypes: typeTitles(view, [u.eventTypeId]),
                        reason: u.late ? t('matchmaking.unplaced.late') : tm(u.reason),
                      })}
                </span>
                {suggested && (
                  <Button
                    size="sm"
                    disabled={place.busy}
                    onClick={() => void place.run(u.competitorId, u.eventTypeId, suggested.id)}
                  >
                    {t('matchmaking.unplaced.place', { division: tm(suggested.title) })}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}

function Body({ view, tab }: { view: DraftView; tab: Tab }) {
  const [filter, setFilter] = useState<Filter>(NO_FILTER);
  useRestorePlace();
  useKeepPlace(view);
  const regenerate = useAction(() => regenerateDraft(view.draft.id), {
    success: t('matchmaking.regenerated'),
  });
  const over = view.divisions.filter(isOver);
  const under = view.divisions.filter(isUnder);
  const shown = useMemo(() => {
    if (tab === 'split') return over;
    if (tab === 'combine') return under;
    return view.divisions.filter((d) => matches(d, filter));
  }, [tab, view.divisions, filter, over, under]);
  const competitors = new Set(shown.flatMap((d) => d.competitorIds)).size;
  const draftId = view.draft.id;
  const tabClass = ({ isActive }: { isActive: boolean }) =>
    `rounded-md px-3 py-2 text-sm font-medium ${isActive ? 'bg-primary text-primary-foreground' : 'hover:bg-accent'}`;
  return (
    <>
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline">
          <Link to={href('draftSheets', { draftId: view.draft.id })}>{t('matchmaking.printAll')}</Link>
        </Button>
        <Button variant="outline" disabled={regenerate.busy} onClick={() => void regenerate.run()}>
          {t('matchmaking.regenerate')}
        </Button>
      </div>
      <PublishPanel view={view} />
      <Unplaced view={view} />
      <nav aria-label={t('matchmaking.tabs')} className="flex gap-2">
        <NavLink to={href('draftAll', { draftId })} className={tabClass}>
          {t('matchmaking.tab.all', { count: view.divisions.length })}
        </NavLink>
        <NavLink to={href('draftSplit', { draftId })} className={tabClass}>
          {t('matchmaking.tab.split', { count: over.length })}
        </NavLink>
        <NavLink to={href('draftCombine', { draftId })} className={tabClass}>
          {t('matchmaking.tab.combine', { count: under.length })}
        </NavLink>
      </nav>
      {tab === 'all' && <Filters view={view} filter={filter} onChange={setFilter} />}
      {tab === 'split' && <p className="text-muted-foreground">{t('matchmaking.over')}</p>}
      {tab === 'combine' && <p className="text-muted-foreground">{t('matchmaking.under')}</p>}
      <p role="status" data-testid="division-count">
        {t('matchmaking.count', { divisions: shown.length, competitors })}
      </p>
      <div className="grid gap-4">
        {shown.map((d) => (
          <DivisionCard key={d.id} view={view} division={d} />
        ))}
      </div>
    </>
  );
}

export function DraftPage() {
  const draftId = Number(useParams().draftId);
  const path = useLocation().pathname;
  const tab: Tab = path.endsWith('/split') ? 'split' : path.endsWith('/combine') ? 'combine' : 'all';
  const { data, error, isLoading } = useDraft(draftId);
  const format = useFormat();
  usePageMeta(
    data ? t('matchmaking.draft.title', { name: data.draft.name }) : t('matchmaking.draft.titleLoading'),
    t('matchmaking.draft.description'),
  );
  return (
    <section className="grid gap-4">
      <Outlet />
      <p>
        <Link to={href('matchmaking')}>{t('matchmaking.heading')}</Link>
      </p>
      <QueryView query={{ data, error, isLoading }}>
        {(data) => (
          <>
            <div className="flex flex-wrap items-center gap-3">
              <h1 className="text-2xl font-semibold">{data.draft.name}</h1>
              {data.draft.status === 'published' ? (
                <Badge variant="success">{t('matchmaking.published')}</Badge>
              ) : (
                <Badge variant="outline">{t('matchmaking.draft')}</Badge>
              )}
              <span className="text-muted-foreground">
                {t('matchmaking.tournament', {
                  date: format.date(data.draft.tournament.tournamentDate),
                  city: data.draft.tournament.city,
                })}
              </span>
            </div>
            <Body view={data} tab={tab} />
          </>
        )}
      </QueryView>
    </section>
  );
}
