import {
  closestCorners,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
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
import { useState, type ReactNode } from 'react';
import type { SyncDivision } from '@shared/contract/sync-entities.ts';
import type { DivisionProgress } from '@shared/domain/matchday/index.ts';
import { assignDivision, reorderQueue } from '@shared/domain/mutators/index.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { Select } from '@web/components/ui/select.tsx';
import { t, tm, useFormat } from '@web/lib/i18n.tsx';
import { mutate } from '@web/sync/hooks.ts';
import {
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
} from '../model/board.ts';

// The rings page's board region (offline, matchday mutations): the pool and each ring's queue, by drag and drop or plain controls.

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

/** dnd-kit's announcements to screen readers (its own English words), in the page's language. */
function announcements(): Announcements {
  return {
    onDragStart: ({ active }) => t('rings.dnd.start', { item: String(active.id) }),
    onDragOver: ({ active, over }) =>
      over
        ? t('rings.dnd.over', { item: String(active.id), area: String(over.id) })
        : t('rings.dnd.notOver', { item: String(active.id) }),
    onDragEnd: ({ active, over }) =>
      over
        ? t('rings.dnd.dropped', { item: String(active.id), area: String(over.id) })
        : t('rings.dnd.droppedNowhere', { item: String(active.id) }),
    onDragCancel: ({ active }) => t('rings.dnd.cancelled', { item: String(active.id) }),
  };
}

export function RingsBoard({
  board,
  estimates,
  progressOf,
}: {
  board: Board;
  estimates: ReadonlyMap<number, string>;
  /** How far a running division is (the control room's rule). */
  progressOf: (division: SyncDivision) => DivisionProgress;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const targets = [
    { column: POOL as ColumnId, label: t('rings.board.poolTarget') },
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
    <DndContext
      id="rings-board"
      sensors={sensors}
      collisionDetection={closestCorners}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements: announcements(),
        screenReaderInstructions: { draggable: t('rings.dnd.instructions') },
      }}
    >
      <div className="grid gap-4 md:grid-cols-[repeat(auto-fill,minmax(17rem,1fr))]">
        <Column
          column={POOL}
          title={t('rings.board.pool')}
          description={t('rings.board.poolHint')}
          items={board.pool}
        >
          {board.pool.map((d) => (
            <DivisionCard key={d.id} division={d} board={board} targets={targets} estimate={undefined} />
          ))}
        </Column>
        {board.rings.map((c) => (
          <Column
            key={c.ring.id}
            column={columnOf(c.ring.id)}
            title={c.ring.name}
            description={c.ring.isOpen ? t('rings.open') : t('rings.closed')}
            items={c.queue}
            before={
              c.current && (
                <div className="rounded-md border-2 border-primary p-3" data-testid="ring-current">
                  <p className="text-sm font-semibold">{t('rings.board.runningNow')}</p>
                  <p className="font-medium">{tm(c.current.title)}</p>
                  <p className="text-sm text-muted-foreground">{c.current.eventTypes.join(', ')}</p>
                  <RunningProgress progress={progressOf(c.current)} />
                </div>
              )
            }
            after={
              c.completed.length > 0 && (
                <details className="text-sm">
                  <summary className="flex min-h-11 cursor-pointer items-center">
                    {t('rings.board.completed', { count: c.completed.length })}
                  </summary>
                  <ul className="grid gap-1">
                    {c.completed.map((d) => (
                      <li key={d.id}>✓ {tm(d.title)}</li>
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
          {column === POOL
            ? t('rings.board.waiting', { description, count: items.length })
            : t('rings.board.queued', { description, count: items.length })}
        </p>
      </div>
      {before}
      <SortableContext
        id={column}
        items={items.map((d) => itemId(d.id))}
        strategy={verticalListSortingStrategy}
      >
        <ol
          ref={setNodeRef}
          className="grid min-h-16 gap-2"
          aria-label={t('rings.board.divisions', { column: title })}
        >
          {children}
        </ol>
      </SortableContext>
      {items.length === 0 && <p className="text-sm text-muted-foreground">{t('rings.board.empty')}</p>}
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
  const format = useFormat();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: itemId(d.id),
    });
  const here = columnHolding(board, d.id);
  const [target, setTarget] = useState('');
  const list = here ? columnItems(board, here) : [];
  const index = list.findIndex((x) => x.id === d.id);
  const inRing = here !== undefined && here !== POOL;
  // A generated title is a message reference (shared titles.ts), a renamed one plain text.
  const title = tm(d.title);

  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={`grid gap-2 rounded-md border bg-background p-2 ${isDragging ? 'opacity-60' : ''}`}
      data-testid="division-card"
      aria-label={title}
    >
      <div className="flex items-start gap-2">
        <button
          type="button"
          ref={setActivatorNodeRef}
          className="flex size-11 shrink-0 touch-none items-center justify-center rounded-md border text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring"
          {...attributes}
          {...listeners}
          aria-label={t('rings.board.drag', { division: title })}
        >
          <GripVertical aria-hidden="true" className="size-5" />
        </button>
        <div className="min-w-0">
          <p className="font-medium">{title}</p>
          <p className="text-sm text-muted-foreground">
            {d.eventTypes.join(', ')} · {t('rings.board.competitors', { count: d.competitorCount })}
            {estimate ? ` · ${format.about(estimate)}` : ''}
          </p>
        </div>
      </div>
      <div className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-1">
        <Label htmlFor={`move-${d.id}`} className="sr-only">
          {t('rings.board.moveTo', { division: title })}
        </Label>
        <Select
          id={`move-${d.id}`}
          className="h-11 min-w-0"
          value={target}
          onChange={(e) => setTarget(e.target.value)}
        >
          <option value="">{t('rings.board.chooseRing')}</option>
          {targets
            .filter((target) => target.column !== here)
            .map((target) => (
              <option key={target.column} value={target.column}>
                {target.label}
              </option>
            ))}
        </Select>
        <Button
          variant="outline"
          className="h-11"
          disabled={!target}
          aria-label={t('rings.board.moveLabel', { division: title })}
          onClick={() => {
            send(moveFor(board, d.id, target as ColumnId));
            setTarget('');
          }}
        >
          {t('rings.board.move')}
        </Button>
      </div>
      {inRing && (
        <div className="grid grid-cols-2 gap-1">
          <Button
            variant="outline"
            className="h-11"
            aria-label={t('rings.board.upLabel', { division: title })}
            disabled={index <= 0}
            onClick={() => send(stepMove(board, d.id, -1))}
          >
            <ArrowUp aria-hidden="true" />
            {t('rings.board.up')}
          </Button>
          <Button
            variant="outline"
            className="h-11"
            aria-label={t('rings.board.downLabel', { division: title })}
            disabled={index === list.length - 1}
            onClick={() => send(stepMove(board, d.id, 1))}
          >
            <ArrowDown aria-hidden="true" />
            {t('rings.board.down')}
          </Button>
        </div>
      )}
    </li>
  );
}

/** "3 of 8 competitors scored", "2 of 7 matches decided": the words of the control room. */
function RunningProgress({ progress }: { progress: DivisionProgress }) {
  return (
    <>
      {progress.competitors && (
        <p className="text-sm" data-testid="ring-current-scored">
          {t('control.scored', { done: progress.competitors.done, total: progress.competitors.total })}
        </p>
      )}
      {progress.matches && (
        <p className="text-sm" data-testid="ring-current-matches">
          {t('control.matches', { done: progress.matches.done, total: progress.matches.total })}
        </p>
      )}
    </>
  );
}
