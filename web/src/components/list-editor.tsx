import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { t } from '../lib/i18n.tsx';
import { useAction } from '../lib/action.ts';
import { usePageAlert } from '../lib/page-alert.tsx';
import { Button } from './ui/button.tsx';
import { useOptionalToast } from './ui/toast.tsx';
import { Card, CardContent, CardHeader, CardTitle } from './ui/card.tsx';
import { Spinner } from './ui/spinner.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from './ui/table.tsx';

// The settings pages' ordered lists (decision 019): one editor opened at a time for a new item or
// one row, rows moved up and down by buttons (keyboard and screen-reader friendly, where a
// drag handle is not), and removal asked twice, a refusal (an item still in use, decision 007)
// shown in the page alert with the server's message.

export type Editing = 'new' | number | null;

/**
 * Which item the page's editor is open for; `close(message)` shows the success as a toast
 * (a success alert pushed the page down; the page alert is for failures).
 */
export function useListEditing<T>(items: readonly T[] | undefined, idOf: (item: T) => number) {
  const [editing, setEditing] = useState<Editing>(null);
  const { showAlert, clearAlert } = usePageAlert();
  const toast = useOptionalToast();
  const current = typeof editing === 'number' ? items?.find((i) => idOf(i) === editing) : undefined;
  return {
    /** A key for the editor: a fresh form per item. */
    key: String(editing),
    current,
    /** Open for a new item, or for an item still in the list. */
    isOpen: editing === 'new' || current !== undefined,
    isNew: editing === 'new',
    startNew: () => {
      clearAlert();
      setEditing('new');
    },
    edit: (item: T) => {
      clearAlert();
      setEditing(idOf(item));
    },
    close: (message?: string) => {
      setEditing(null);
      if (!message) return;
      if (toast) toast({ title: message, variant: 'success' });
      else showAlert('success', message);
    },
  };
}

export interface ListColumn<T> {
  header: string;
  cell: (item: T, index: number) => ReactNode;
  className?: string;
}

export interface ListEditorProps<T> {
  items: readonly T[];
  idOf: (item: T) => number;
  /** How buttons name an item: "Move {label} up", "Edit {label}", "Remove {label}". */
  label: (item: T) => string;
  columns: readonly ListColumn<T>[];
  /** Saves a new order of all ids; without it the list has no Order column. */
  reorder?: (ids: number[]) => Promise<unknown>;
  /** Shows the Edit button. */
  onEdit?: (item: T) => void;
  editLabel?: (item: T) => string;
  /** Removes an item; `removed` is the success text. */
  remove?: (item: T) => Promise<unknown>;
  removed?: (item: T) => string;
  /** 'table' (default) or a numbered list of rows (competitor levels, renamed in place). */
  layout?: 'table' | 'list';
  /** The list's accessible name (list layout). */
  listLabel?: string;
  /** Disables the move buttons while the page runs something else. */
  busy?: boolean;
}

/** `ids` with the item at `index` moved one place up (-1) or down (+1). */
export function moved(ids: readonly number[], index: number, by: -1 | 1): number[] {
  const next = [...ids];
  const target = index + by;
  if (target < 0 || target >= next.length) return next;
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

export function ListEditor<T>(props: ListEditorProps<T>) {
  const { items, idOf, label, columns, reorder, onEdit, remove, removed, layout = 'table' } = props;
  const move = useAction(async (index: number, by: -1 | 1) => {
    await reorder?.(moved(items.map(idOf), index, by));
  });
  // The refusal of an item still in use reaches the page alert with the server's message.
  const removeAction = useAction(
    async (item: T) => {
      await remove?.(item);
      return removed?.(item);
    },
    { success: (text) => text, successAs: 'toast' },
  );
  const busy = move.busy || props.busy === true;

  const actions = (item: T) => (
    <>
      {onEdit && (
        <Button
          variant="outline"
          size="sm"
          aria-label={props.editLabel?.(item) ?? t('common.list.editItem', { label: label(item) })}
          onClick={() => onEdit(item)}
        >
          {t('common.edit')}
        </Button>
      )}
      {remove && <RemoveButton label={label(item)} onRemove={() => removeAction.run(item)} />}
    </>
  );
  const order = (item: T, i: number) =>
    reorder && (
      <MoveButtons
        label={label(item)}
        index={i}
        count={items.length}
        disabled={busy}
        onMove={(by) => void move.run(i, by)}
      />
    );

  if (layout === 'list') {
    return (
      <ol className="grid gap-2" aria-label={props.listLabel}>
        {items.map((item, i) => (
          <li key={idOf(item)} className="flex flex-wrap items-center gap-2 rounded-md border p-2">
            <span className="w-6 text-right text-sm text-muted-foreground">{i + 1}.</span>
            {columns.map((c) => (
              <span key={c.header} className={c.className ?? 'contents'}>
                {c.cell(item, i)}
              </span>
            ))}
            {order(item, i)}
            {actions(item)}
          </li>
        ))}
      </ol>
    );
  }
  return (
    <Table>
      <TableHeader>
        <TableRow>
          {reorder && <TableHead>{t('common.list.order')}</TableHead>}
          {columns.map((c) => (
            <TableHead key={c.header}>{c.header}</TableHead>
          ))}
          <TableHead>
            <span className="sr-only">{t('common.list.actions')}</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {items.map((item, i) => (
          <TableRow key={idOf(item)}>
            {reorder && <TableCell>{order(item, i)}</TableCell>}
            {columns.map((c) => (
              <TableCell key={c.header} className={c.className}>
                {c.cell(item, i)}
              </TableCell>
            ))}
            <TableCell className="space-x-1 text-right whitespace-nowrap">{actions(item)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The editor of one item: a card with its form, the submit button and Cancel. */
export function ItemEditor({
  title,
  formLabel,
  submitLabel,
  busy,
  onSubmit,
  onCancel,
  className = 'grid gap-4',
  children,
}: {
  title: string;
  formLabel: string;
  submitLabel: string;
  busy: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className={className} aria-label={formLabel}>
          {children}
          <div className="col-span-full flex gap-2">
            <Button type="submit" disabled={busy}>
              {busy && <Spinner />}
              {submitLabel}
            </Button>
            <Button variant="ghost" onClick={onCancel}>
              {t('common.cancel')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

/** Move up / move down buttons for an ordered list (keyboard and screen-reader friendly). */
export function MoveButtons({
  label,
  index,
  count,
  onMove,
  disabled,
}: {
  label: string;
  index: number;
  count: number;
  onMove: (by: -1 | 1) => void;
  disabled?: boolean;
}) {
  return (
    <span className="inline-flex gap-1">
      <Button
        variant="outline"
        size="icon"
        className="size-8"
        aria-label={t('common.list.moveUp', { label })}
        disabled={disabled || index === 0}
        onClick={() => onMove(-1)}
      >
        <ArrowUp aria-hidden="true" />
      </Button>
      <Button
        variant="outline"
        size="icon"
        className="size-8"
        aria-label={t('common.list.moveDown', { label })}
        disabled={disabled || index === count - 1}
        onClick={() => onMove(1)}
      >
        <ArrowDown aria-hidden="true" />
      </Button>
    </span>
  );
}

/** Remove with an inline confirmation: the first press asks, the second removes. */
export function RemoveButton({ label, onRemove }: { label: string; onRemove: () => Promise<unknown> }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!asking) {
    return (
      // A destructive secondary action, not another Edit.
      <Button
        variant="destructiveOutline"
        size="sm"
        aria-label={t('common.list.removeItem', { label })}
        onClick={() => setAsking(true)}
      >
        <Trash2 aria-hidden="true" />
        {t('common.list.remove')}
      </Button>
    );
  }
  return (
    <span className="inline-flex gap-1">
      <Button
        variant="destructive"
        size="sm"
        disabled={busy}
        aria-label={t('common.list.confirmRemoveItem', { label })}
        onClick={async () => {
          setBusy(true);
          try {
            await onRemove();
          } finally {
            setBusy(false);
            setAsking(false);
          }
        }}
      >
        {t('common.list.confirmRemove')}
      </Button>
      <Button variant="ghost" size="sm" onClick={() => setAsking(false)}>
        {t('common.cancel')}
      </Button>
    </span>
  );
}
