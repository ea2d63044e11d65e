import { useMemo, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useParams } from 'react-router';
import type { DraftView } from '@shared/contract/matchmaking.ts';
import { SelectField } from '@web/components/form/select-field.tsx';
import { TextField } from '@web/components/form/text-field.tsx';
import { Badge } from '@web/components/ui/badge.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { useAction } from '@web/lib/action.ts';
import { formatDate } from '@web/lib/format.ts';
import { usePageMeta } from '@web/lib/page-meta.ts';
import { placeLateEntry, regenerateDraft, useDraft } from '../api/matchmaking.ts';
import { DivisionCard } from './division-card.tsx';
import { isOver, isUnder, typeTitles, type DivisionView } from '../model/draft-model.ts';
import { PublishPanel } from './publish-panel.tsx';
import { href } from '@web/app/pages.ts';
import { QueryView } from '@web/components/query-view.tsx';

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
      aria-label="Filter divisions"
      className="grid gap-3 sm:grid-cols-3 lg:grid-cols-6"
      onSubmit={(e) => e.preventDefault()}
    >
      <SelectField
        label="Event type"
        placeholder="All event types"
        value={filter.eventTypeId}
        options={view.eventTypes
          .filter((t) => view.draft.eventTypeIds.includes(t.id))
          .map((t) => ({ value: String(t.id), label: t.title }))}
        onChange={(e) => set('eventTypeId', e.target.value)}
      />
      <TextField
        label="Age from"
        type="number"
        min={0}
        value={filter.minAge}
        onChange={(e) => set('minAge', e.target.value)}
      />
      <TextField
        label="Age to"
        type="number"
        min={0}
        value={filter.maxAge}
        onChange={(e) => set('maxAge', e.target.value)}
      />
      <SelectField
        label="Gender"
        placeholder="Any gender"
        value={filter.gender}
        options={[
          { value: '1', label: 'Male' },
          { value: '2', label: 'Female' },
          { value: 'mixed', label: 'Mixed' },
        ]}
        onChange={(e) => set('gender', e.target.value)}
      />
      <SelectField
        label="Level"
        placeholder="Any level"
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
        Warnings only
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
          Not in a division ({view.unplaced.length})
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
                  {c ? `${c.firstName} ${c.lastName}` : `#${u.competitorId}`} (
                  {typeTitles(view, [u.eventTypeId])}
                  {c ? `, age ${c.age}` : ''}): {u.late ? 'not in a division yet' : u.reason}
                </span>
                {suggested && (
                  <Button
                    size="sm"
                    disabled={place.busy}
                    onClick={() => void place.run(u.competitorId, u.eventTypeId, suggested.id)}
                  >
                    Place in {suggested.title}
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
  const regenerate = useAction(() => regenerateDraft(view.draft.id), {
    success: 'The draft was made again; locked divisions were left alone.',
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
          <Link to={href('draftSheets', { draftId: view.draft.id })}>Print all sheets</Link>
        </Button>
        <Button variant="outline" disabled={regenerate.busy} onClick={() => void regenerate.run()}>
          Regenerate (keeps locked divisions)
        </Button>
      </div>
      <PublishPanel view={view} />
      <Unplaced view={view} />
      <nav aria-label="Draft tabs" className="flex gap-2">
        <NavLink to={href('draftAll', { draftId })} className={tabClass}>
          All ({view.divisions.length})
        </NavLink>
        <NavLink to={href('draftSplit', { draftId })} className={tabClass}>
          Split ({over.length})
        </NavLink>
        <NavLink to={href('draftCombine', { draftId })} className={tabClass}>
          Combine ({under.length})
        </NavLink>
      </nav>
      {tab === 'all' && <Filters view={view} filter={filter} onChange={setFilter} />}
      {tab === 'split' && <p className="text-muted-foreground">Divisions over their maximum size.</p>}
      {tab === 'combine' && <p className="text-muted-foreground">Divisions under their minimum size.</p>}
      <p role="status" data-testid="division-count">
        {shown.length} divisions, {competitors} competitors
      </p>
      <div className="grid gap-4">
        {shown.map((d) => (
          <DivisionCard key={`${d.id}:${d.title}:${d.note}`} view={view} division={d} />
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
  usePageMeta(
    data ? `Matchmaking ${data.draft.name}` : 'Matchmaking Draft',
    'Divisions of a matchmaking draft',
  );
  return (
    <section className="grid gap-4">
      <Outlet />
      <p>
        <Link to={href('matchmaking')}>Matchmaking</Link>
      </p>
      <QueryView query={{ data, error, isLoading }}>
        {(data) => (
          <>
            <div className="flex flex-wrap items-center gap-3">
              <h1 className="text-2xl font-semibold">{data.draft.name}</h1>
              {data.draft.status === 'published' ? (
                <Badge variant="success">Published</Badge>
              ) : (
                <Badge variant="outline">Draft</Badge>
              )}
              <span className="text-muted-foreground">
                {formatDate(data.draft.tournament.tournamentDate)}, {data.draft.tournament.city}
              </span>
            </div>
            <Body view={data} tab={tab} />
          </>
        )}
      </QueryView>
    </section>
  );
}
