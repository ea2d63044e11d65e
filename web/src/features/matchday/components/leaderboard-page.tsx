import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  DEFAULT_LEADERBOARD_GROUPS,
  grandChampionLeaderboard,
  type EventResult,
  type LeaderboardCompetitor,
  type LeaderboardGroup,
} from '@shared/domain/matchday/index.ts';
import { setLeaderboardGroups } from '@shared/domain/mutators/index.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { Select } from '@web/components/ui/select.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table.tsx';
import { VenueRefusals } from '@web/components/venue/venue-refusals.tsx';
import { t } from '@web/lib/i18n.tsx';
import { usePageMeta } from '@web/lib/page-meta.ts';
import { mutate, useReplica } from '@web/sync/hooks.ts';
import type { ReplicaSnapshot } from '@web/sync/replica.ts';
import { href, PAGES } from '@web/app/pages.ts';

// /admin/matchday/leaderboard (decision 023): the Grand Championship as it stands, live from the
// device's matchday rows (SPEC section 9: 1st 100, 2nd 75, 3rd 50, 4th 25 per event type),
// grouped by age band and gender; ties are ties ("=2"). Directors edit the groups.

interface LeaderboardData {
  tournamentId: number | undefined;
  groups: LeaderboardGroup[];
  /** Event types seen in the divisions, for the points columns. */
  eventTypes: { id: number; title: string }[];
  sections: ReturnType<typeof grandChampionLeaderboard>;
  competitors: ReadonlyMap<number, LeaderboardCompetitor>;
}

/** The leaderboard from the replica: completed results' placings, and the entries' people. */
function leaderboardData(snapshot: ReplicaSnapshot): LeaderboardData {
  const divisions = snapshot.rows('divisions');
  const completed = new Set(divisions.filter((d) => d.status === 'completed').map((d) => d.id));
  const results: EventResult[] = snapshot
    .rows('divisionResults')
    .filter((r) => completed.has(r.divisionId) && r.placings)
    .map((r) => ({ divisionId: r.divisionId, eventTypeId: r.eventTypeId, placings: r.placings! }));
  const competitors = new Map<number, LeaderboardCompetitor>();
  for (const e of snapshot.rows('divisionEntries')) {
    if (competitors.has(e.competitorId) || (e.gender !== 1 && e.gender !== 2) || e.age === null) continue;
    competitors.set(e.competitorId, {
      id: e.competitorId,
      firstName: e.firstName,
      lastName: e.lastName,
      school: e.school,
      age: e.age,
      gender: e.gender,
    });
  }
  const settings = snapshot.rows('matchdaySettings')[0];
  const groups = settings?.leaderboardGroups.length ? settings.leaderboardGroups : DEFAULT_LEADERBOARD_GROUPS;
  const eventTypes = new Map<number, string>();
  for (const d of divisions) for (const r of d.rules) eventTypes.set(r.eventTypeId, r.title);
  return {
    tournamentId: settings?.id ?? divisions[0]?.tournamentId ?? snapshot.rows('rings')[0]?.tournamentId,
    groups,
    eventTypes: [...eventTypes.entries()].sort(([a], [b]) => a - b).map(([id, title]) => ({ id, title })),
    sections: grandChampionLeaderboard(results, [...competitors.values()], groups),
    competitors,
  };
}

export function LeaderboardPage() {
  usePageMeta(PAGES.leaderboard.title, t('matchday.leaderboard.description'));
  const snapshot = useReplica('matchday');
  const [editing, setEditing] = useState(false);
  if (!snapshot.loaded) return <p>{t('matchday.loading')}</p>;
  const data = leaderboardData(snapshot);

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold">{t('matchday.leaderboard.heading')}</h1>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline" size="lg">
            <Link to={href('matchday')}>{t('matchday.leaderboard.back')}</Link>
          </Button>
          {!editing && (
            <Button variant="outline" size="lg" onClick={() => setEditing(true)}>
              {t('matchday.leaderboard.editGroups')}
            </Button>
          )}
        </div>
      </div>
      <p className="text-sm text-muted-foreground">{t('matchday.leaderboard.points.rule')}</p>
      <VenueRefusals mutators={[setLeaderboardGroups]} failing={snapshot.failing} />
      {editing && data.tournamentId !== undefined && (
        <GroupsEditor
          tournamentId={data.tournamentId}
          groups={data.groups}
          onDone={() => setEditing(false)}
        />
      )}
      {data.sections.map((section) => (
        <Card key={section.group.id} data-testid="leaderboard-group">
          <CardHeader>
            <CardTitle>{section.group.label}</CardTitle>
          </CardHeader>
          <CardContent>
            {section.rows.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t('matchday.leaderboard.noPoints')}</p>
            ) : (
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>{t('matchday.leaderboard.place')}</TableHead>
                    <TableHead>{t('matchday.leaderboard.competitor')}</TableHead>
                    <TableHead>{t('matchday.leaderboard.school')}</TableHead>
                    {data.eventTypes.map((type) => (
                      <TableHead key={type.id} className="text-right">
                        {type.title}
                      </TableHead>
                    ))}
                    <TableHead className="text-right">{t('matchday.leaderboard.points')}</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {section.rows.map((row) => {
                    const c = data.competitors.get(row.competitorId);
                    return (
                      <TableRow key={row.competitorId} data-testid="leaderboard-row">
                        <TableCell className="font-semibold">
                          {row.tied ? `=${row.rank}` : row.rank}
                        </TableCell>
                        <TableCell>{c ? `${c.firstName} ${c.lastName}` : row.competitorId}</TableCell>
                        <TableCell>{c?.school}</TableCell>
                        {data.eventTypes.map((type) => (
                          <TableCell key={type.id} className="text-right tabular-nums">
                            {row.byEventType[type.id] ?? '–'}
                          </TableCell>
                        ))}
                        <TableCell
                          className="text-right font-semibold tabular-nums"
                          data-testid="leaderboard-points"
                        >
                          {row.points}
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            )}
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

type Draft = { id: string; label: string; minAge: string; maxAge: string; gender: '' | '1' | '2' };

const toDraft = (g: LeaderboardGroup): Draft => ({
  id: g.id,
  label: g.label,
  minAge: String(g.minAge),
  maxAge: String(g.maxAge),
  gender: g.gender === null ? '' : (String(g.gender) as '1' | '2'),
});

/** The groups a draft makes, or what is wrong with it. */
export function groupsFromDraft(
  drafts: readonly Draft[],
): { ok: true; groups: LeaderboardGroup[] } | { ok: false; message: string } {
  if (drafts.length === 0) return { ok: false, message: t('matchday.groups.keepOne') };
  const groups: LeaderboardGroup[] = [];
  for (const d of drafts) {
    const minAge = Number(d.minAge);
    const maxAge = Number(d.maxAge);
    if (!d.label.trim()) return { ok: false, message: t('matchday.groups.needName') };
    if (
      !Number.isInteger(minAge) ||
      !Number.isInteger(maxAge) ||
      d.minAge === '' ||
      d.maxAge === '' ||
      minAge < 0 ||
      maxAge > 120
    )
      return { ok: false, message: t('matchday.groups.wholeAges', { group: d.label }) };
    if (minAge > maxAge) return { ok: false, message: t('matchday.groups.agesReversed', { group: d.label }) };
    groups.push({
      id: d.id,
      label: d.label.trim(),
      minAge,
      maxAge,
      gender: d.gender === '' ? null : d.gender === '1' ? 1 : 2,
    });
  }
  return { ok: true, groups };
}

let nextGroup = 1;

function GroupsEditor({
  tournamentId,
  groups,
  onDone,
}: {
  tournamentId: number;
  groups: LeaderboardGroup[];
  onDone: () => void;
}) {
  const [drafts, setDrafts] = useState(() => groups.map(toDraft));
  const [error, setError] = useState<string | null>(null);
  const update = (i: number, patch: Partial<Draft>) =>
    setDrafts(drafts.map((d, j) => (j === i ? { ...d, ...patch } : d)));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = groupsFromDraft(drafts);
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    void mutate(setLeaderboardGroups, { tournamentId, groups: checked.groups });
    onDone();
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('matchday.groups.title')}</CardTitle>
        <p className="text-sm text-muted-foreground">{t('matchday.groups.hint')}</p>
      </CardHeader>
      <CardContent>
        <form className="grid gap-3" onSubmit={submit} aria-label={t('matchday.groups.title')}>
          {drafts.map((d, i) => (
            <fieldset key={d.id} className="flex flex-wrap items-end gap-2 border-t pt-2">
              <legend className="sr-only">{t('matchday.groups.legend', { number: i + 1 })}</legend>
              <div className="grid gap-1">
                <Label htmlFor={`group-${i}-label`}>{t('matchday.groups.name')}</Label>
                <Input
                  id={`group-${i}-label`}
                  className="h-11 w-56"
                  value={d.label}
                  onChange={(e) => update(i, { label: e.target.value })}
                />
              </div>
              <div className="grid gap-1">
                <Label htmlFor={`group-${i}-min`}>{t('matchday.groups.fromAge')}</Label>
                <Input
                  id={`group-${i}-min`}
                  className="h-11 w-20"
                  inputMode="numeric"
                  value={d.minAge}
                  onChange={(e) => update(i, { minAge: e.target.value })}
                />
              </div>
              <div className="grid gap-1">
                <Label htmlFor={`group-${i}-max`}>{t('matchday.groups.toAge')}</Label>
                <Input
                  id={`group-${i}-max`}
                  className="h-11 w-20"
                  inputMode="numeric"
                  value={d.maxAge}
                  onChange={(e) => update(i, { maxAge: e.target.value })}
                />
              </div>
              <div className="grid gap-1">
                <Label htmlFor={`group-${i}-gender`}>{t('matchday.groups.gender')}</Label>
                <Select
                  id={`group-${i}-gender`}
                  className="h-11 w-32"
                  value={d.gender}
                  onChange={(e) => update(i, { gender: e.target.value as Draft['gender'] })}
                >
                  <option value="">{t('matchday.groups.everyone')}</option>
                  <option value="1">{t('matchday.groups.male')}</option>
                  <option value="2">{t('matchday.groups.female')}</option>
                </Select>
              </div>
              <Button
                variant="outline"
                className="h-11"
                aria-label={t('matchday.groups.removeLabel', { group: d.label || i + 1 })}
                onClick={() => setDrafts(drafts.filter((_, j) => j !== i))}
              >
                {t('matchday.groups.remove')}
              </Button>
            </fieldset>
          ))}
          {error && (
            <p className="text-sm text-destructive" data-testid="groups-error">
              {error}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              className="h-11"
              onClick={() =>
                setDrafts([
                  ...drafts,
                  {
                    id: `group-${Date.now()}-${nextGroup++}`,
                    label: '',
                    minAge: '0',
                    maxAge: '120',
                    gender: '',
                  },
                ])
              }
            >
              {t('matchday.groups.add')}
            </Button>
            <Button type="submit" className="h-11">
              {t('matchday.groups.save')}
            </Button>
            <Button variant="outline" className="h-11" onClick={onDone}>
              {t('matchday.cancel')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
