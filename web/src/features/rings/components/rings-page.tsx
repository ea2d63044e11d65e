import {
  closestCorners,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ArrowDown, ArrowUp, GripVertical } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { SyncDivision, SyncRing } from '@shared/contract/sync-entities.ts';
import {
  assignDivision,
  balanceRings,
  reorderQueue,
  setRingOpen,
  type Mutator,
} from '@shared/domain/mutators/index.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { VenueRefusals } from '../../../components/venue/venue-refusals.tsx';
import { useAction } from '../../../lib/action.ts';
import { formatAbout, useTimeZone } from '../../../lib/format.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { FirstSyncNotice } from '../../../sync/first-sync-notice.tsx';
import { mutate, useHasSynced, useReplica } from '../../../sync/hooks.ts';
import { createRing, removeRing, renameRing, reorderRings, useNextTournamentId } from '../api/rings.ts';
import {
  buildBoard,
  columnHolding,
  columnItems,
  columnOf,
  divisionIdOf,
  itemId,
  moveFor,
  POOL,
  stepMove,
  type Board,
  type ColumnId,
  type Move,
} from './board.ts';
import { estimatedStarts } from '@shared/domain/matchday/index.ts';

// /admin/rings (issue 14): a director sets up the next tournament's rings (over /api) and lays
// the published divisions out on them (matchday mutations, so it works offline): a pool of
// divisions on no ring, each ring's queue with estimated starts, drag and drop (pointer or
// keyboard, dnd-kit) and plain controls that do the same ("Move to ring…", "Up", "Down").
// Divisions that have started stay where they are.

const RING_MUTATORS: readonly Mutator[] = [setRingOpen, assignDivision, reorderQueue, balanceRings];

/** Sends a move as the intent the mutators take. */
function send(move: Move | null): void {
  if (!move) return;
  if (move.kind === 'reorder')
    void mutate(reorderQueue, { ringId: move.ringId, divisionIds: move.divisionIds });
  else if (move.position === undefined)
    void mutate(assignDivision, { divisionId: move.divisionId, ringId: move.ringId });
  else
    void mutate(assignDivision, {
      divisionId: move.divisionId,
      ringId: move.ringId,
      position: move.position,
    });
}

export function RingsPage() {
  usePageMeta('Rings', "Set up the tournament's rings and their queues of divisions.");
  const snapshot = useReplica('matchday');
  const synced = useHasSynced('matchday');
  const nextTournamentId = useNextTournamentId();
  const rings = snapshot.rows('rings');
  const divisions = snapshot.rows('divisions');
  const board = buildBoard(rings, divisions);
  const estimates = estimatedStarts(divisions, new Date());
  const tournamentId = rings[0]?.tournamentId ?? divisions[0]?.tournamentId ?? nextTournamentId;
  const balance = () => void mutate(balanceRings, {});

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold">Rings</h1>
        <Button size="lg" onClick={balance} disabled={!rings.some((r) => r.isOpen)}>
          Balance rings
        </Button>
      </div>
      <VenueRefusals mutators={RING_MUTATORS} failing={snapshot.failing} />
      {!snapshot.loaded ? (
        <p>Loading…</p>
      ) : (
        <>
          {synced === false && rings.length === 0 && divisions.length === 0 && <FirstSyncNotice />}
          <RingSetup rings={board.rings.map((c) => c.ring)} tournamentId={tournamentId} />
          <RingsBoard board={board} estimates={estimates} />
        </>
      )}
    </div>
  );
}

// ---- Ring setup (online) ---------------------------------------------------------------------

function RingSetup({ rings, tournamentId }: { rings: SyncRing[]; tournamentId: number | undefined }) {
  const [name, setName] = useState('');
  const add = useAction(
    async () => {
      if (tournamentId === undefined) return;
      await createRing(tournamentId, name.trim());
      setName('');
    },
    { errorPrefix: 'Could not add the ring. ' },
  );
  const reorder = useAction((ids: number[]) => reorderRings(tournamentId!, ids), {
    errorPrefix: 'Could not reorder the rings. ',
  });
  const onAdd = (e: FormEvent) => {
    e.preventDefault();
    if (name.trim()) void add.run();
  };
  const moveRing = (index: number, step: -1 | 1) => {
    const ids = rings.map((r) => r.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + step, 0, id!);
    void reorder.run(ids);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Rings of the tournament</CardTitle>
        <p className="text-sm text-muted-foreground">
          Adding, renaming, removing and reordering rings needs a connection; opening and closing works
          offline. Open rings show on the signage screens.
        </p>
      </CardHeader>
      <CardContent className="grid gap-3">
        {rings.length === 0 && <p>No rings yet: add the first one.</p>}
        <ul className="grid gap-2" aria-label="Rings">
          {rings.map((ring, i) => (
            <RingRow
              key={ring.id}
              ring={ring}
              first={i === 0}
              last={i === rings.length - 1}
              onMove={(step) => moveRing(i, step)}
              busy={reorder.busy}
            />
          ))}
        </ul>
        <form className="flex flex-wrap items-end gap-2" onSubmit={onAdd} aria-label="Add a ring">
          <div className="grid gap-1">
            <Label htmlFor="new-ring-name">New ring name</Label>
            <Input
              id="new-ring-name"
              className="h-11 w-60"
              value={name}
              maxLength={40}
              placeholder={`Ring ${rings.length + 1}`}
              onChange={(e) => setName(e.target.value)}
            />
          </div>
          <Button type="submit" size="lg" disabled={add.busy || !name.trim() || tournamentId === undefined}>
            Add ring
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function RingRow({
  ring,
  first,
  last,
  onMove,
  busy,
}: {
  ring: SyncRing;
  first: boolean;
  last: boolean;
  onMove: (step: -1 | 1) => void;
  busy: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(ring.name);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const rename = useAction(
    async () => {
      await renameRing(ring.id, name.trim());
      setEditing(false);
    },
    { errorPrefix: 'Could not rename the ring. ' },
  );
  const remove = useAction(() => removeRing(ring.id), { errorPrefix: 'Could not remove the ring. ' });

  return (
    <li className="flex flex-wrap items-center gap-2 border-t pt-2" data-testid="ring-row">
      {editing ? (
        <form
          className="flex flex-wrap items-center gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (name.trim()) void rename.run();
          }}
        >
          <Label htmlFor={`ring-name-${ring.id}`} className="sr-only">
            Name of {ring.name}
          </Label>
          <Input
            id={`ring-name-${ring.id}`}
            className="h-11 w-48"
            value={name}
            maxLength={40}
            onChange={(e) => setName(e.target.value)}
          />
          <Button type="submit" className="h-11" disabled={rename.busy || !name.trim()}>
            Save name
          </Button>
          <Button variant="outline" className="h-11" onClick={() => setEditing(false)}>
            Cancel
          </Button>
        </form>
      ) : (
        <span className="min-w-32 font-medium">{ring.name}</span>
      )}
      <Badge variant={ring.isOpen ? 'success' : 'outline'}>{ring.isOpen ? 'Open' : 'Closed'}</Badge>
      <div className="ml-auto flex flex-wrap gap-2">
        <Button
          variant="outline"
          className="h-11"
          onClick={() => void mutate(setRingOpen, { ringId: ring.id, isOpen: !ring.isOpen })}
        >
          {ring.isOpen ? `Close ${ring.name}` : `Open ${ring.name}`}
        </Button>
        {/* The TV by this ring shows it alone (signage's ?rings=, issue 15). */}
        <Button asChild variant="outline" className="h-11">
          <a href={`/signage/ring-assignments?rings=${ring.id}`} target="_blank" rel="noopener">
            TV screen for {ring.name}
          </a>
        </Button>
        {!editing && (
          <Button
            variant="outline"
            className="h-11"
            aria-label={`Rename ${ring.name}`}
            onClick={() => setEditing(true)}
          >
            Rename
          </Button>
        )}
        <Button
          variant="outline"
          className="h-11 w-11 p-0"
          aria-label={`Move ${ring.name} up`}
          disabled={first || busy}
          onClick={() => onMove(-1)}
        >
          <ArrowUp aria-hidden="true" />
        </Button>
        <Button
          variant="outline"
          className="h-11 w-11 p-0"
          aria-label={`Move ${ring.name} down`}
          disabled={last || busy}
          onClick={() => onMove(1)}
        >
          <ArrowDown aria-hidden="true" />
        </Button>
        {confirmRemove ? (
          <>
            <Button
              variant="destructive"
              className="h-11"
              disabled={remove.busy}
              onClick={() => void remove.run()}
            >
              Remove {ring.name} for good
            </Button>
            <Button variant="outline" className="h-11" onClick={() => setConfirmRemove(false)}>
              Keep
            </Button>
          </>
        ) : (
          <Button
            variant="outline"
            className="h-11"
            aria-label={`Remove ${ring.name}`}
            onClick={() => setConfirmRemove(true)}
          >
            Remove
          </Button>
        )}
      </div>
    </li>
  );
}

// ---- The board (offline) ---------------------------------------------------------------------

function RingsBoard({ board, estimates }: { board: Board; estimates: ReadonlyMap<number, string> }) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const targets = [
    { column: POOL as ColumnId, label: 'Pool (no ring)' },
    ...board.rings.map((c) => ({ column: columnOf(c.ring.id), label: c.ring.name })),
  ];

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const divisionId = divisionIdOf(active.id);
    if (divisionId === null || !over) return;
    const overDivision = divisionIdOf(over.id);
    if (overDivision === null) {
      send(moveFor(board, divisionId, String(over.id) as ColumnId));
      return;
    }
    const column = columnHolding(board, overDivision);
    if (!column) return;
    const index = columnItems(board, column).findIndex((d) => d.id === overDivision);
    send(moveFor(board, divisionId, column, index));
  };

  return (
    <DndContext id="rings-board" sensors={sensors} collisionDetection={closestCorners} onDragEnd={onDragEnd}>
      <div className="grid gap-4 md:grid-cols-[repeat(auto-fill,minmax(17rem,1fr))]">
        <Column column={POOL} title="Pool" description="Published divisions on no ring" items={board.pool}>
          {board.pool.map((d) => (
            <DivisionCard key={d.id} division={d} board={board} targets={targets} estimate={undefined} />
          ))}
        </Column>
        {board.rings.map((c) => (
          <Column
            key={c.ring.id}
            column={columnOf(c.ring.id)}
            title={c.ring.name}
            description={c.ring.isOpen ? 'Open' : 'Closed'}
            items={c.queue}
            before={
              c.current && (
                <div className="rounded-md border-2 border-primary p-3" data-testid="ring-current">
                  <p className="text-sm font-semibold">Running now</p>
                  <p className="font-medium">{c.current.title}</p>
                  <p className="text-sm text-muted-foreground">{c.current.eventTypes.join(', ')}</p>
                </div>
              )
            }
            after={
              c.completed.length > 0 && (
                <details className="text-sm">
                  <summary className="flex min-h-11 cursor-pointer items-center">
                    Completed ({c.completed.length})
                  </summary>
                  <ul className="grid gap-1">
                    {c.completed.map((d) => (
                      <li key={d.id}>✓ {d.title}</li>
                    ))}
                  </ul>
                </details>
              )
            }
          >
            {c.queue.map((d) => (
              <DivisionCard
                key={d.id}
                division={d}
                board={board}
                targets={targets}
                estimate={estimates.get(d.id)}
              />
            ))}
          </Column>
        ))}
      </div>
    </DndContext>
  );
}

function Column({
  column,
  title,
  description,
  items,
  before,
  after,
  children,
}: {
  column: ColumnId;
  title: string;
  description: string;
  items: SyncDivision[];
  before?: ReactNode;
  after?: ReactNode;
  children: ReactNode;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: column });
  return (
    <section
      aria-label={title}
      data-testid={column === POOL ? 'rings-pool' : 'ring-column'}
      className={`grid content-start gap-2 rounded-lg border bg-card p-3 ${isOver ? 'ring-2 ring-primary' : ''}`}
    >
      <div>
        <h2 className="text-lg font-semibold">{title}</h2>
        <p className="text-sm text-muted-foreground">
          {description} · {items.length} {column === POOL ? 'waiting' : 'in the queue'}
        </p>
      </div>
      {before}
      <SortableContext
        id={column}
        items={items.map((d) => itemId(d.id))}
        strategy={verticalListSortingStrategy}
      >
        <ol ref={setNodeRef} className="grid min-h-16 gap-2" aria-label={`${title} divisions`}>
          {children}
        </ol>
      </SortableContext>
      {items.length === 0 && <p className="text-sm text-muted-foreground">Nothing here: drop a division.</p>}
      {after}
    </section>
  );
}

function DivisionCard({
  division: d,
  board,
  targets,
  estimate,
}: {
  division: SyncDivision;
  board: Board;
  targets: { column: ColumnId; label: string }[];
  estimate: string | undefined;
}) {
  const timeZone = useTimeZone();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: itemId(d.id),
    });
  const here = columnHolding(board, d.id);
  const [target, setTarget] = useState('');
  const list = here ? columnItems(board, here) : [];
  const index = list.findIndex((x) => x.id === d.id);
  const inRing = here !== undefined && here !== POOL;

  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={`grid gap-2 rounded-md border bg-background p-2 ${isDragging ? 'opacity-60' : ''}`}
      data-testid="division-card"
      aria-label={d.title}
    >
      <div className="flex items-start gap-2">
        <button
          type="button"
          ref={setActivatorNodeRef}
          className="flex size-11 shrink-0 touch-none items-center justify-center rounded-md border text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring"
          {...attributes}
          {...listeners}
          aria-label={`Drag ${d.title}`}
        >
          <GripVertical aria-hidden="true" className="size-5" />
        </button>
        <div className="min-w-0">
          <p className="font-medium">{d.title}</p>
          <p className="text-sm text-muted-foreground">
            {d.eventTypes.join(', ')} · {d.competitorCount} competitors
            {estimate ? ` · ${formatAbout(estimate, timeZone)}` : ''}
          </p>
        </div>
      </div>
      <div className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-1">
        <Label htmlFor={`move-${d.id}`} className="sr-only">
          Move {d.title} to
        </Label>
        <Select
          id={`move-${d.id}`}
          className="h-11 min-w-0"
          value={target}
          onChange={(e) => setTarget(e.target.value)}
        >
          <option value="">Move to ring…</option>
          {targets
            .filter((t) => t.column !== here)
            .map((t) => (
              <option key={t.column} value={t.column}>
                {t.label}
              </option>
            ))}
        </Select>
        <Button
          variant="outline"
          className="h-11"
          disabled={!target}
          aria-label={`Move ${d.title}`}
          onClick={() => {
            send(moveFor(board, d.id, target as ColumnId));
            setTarget('');
          }}
        >
          Move
        </Button>
      </div>
      {inRing && (
        <div className="grid grid-cols-2 gap-1">
          <Button
            variant="outline"
            className="h-11"
            aria-label={`Move ${d.title} up`}
            disabled={index <= 0}
            onClick={() => send(stepMove(board, d.id, -1))}
          >
            <ArrowUp aria-hidden="true" />
            Up
          </Button>
          <Button
            variant="outline"
            className="h-11"
            aria-label={`Move ${d.title} down`}
            disabled={index === list.length - 1}
            onClick={() => send(stepMove(board, d.id, 1))}
          >
            <ArrowDown aria-hidden="true" />
            Down
          </Button>
        </div>
      )}
    </li>
  );
}
