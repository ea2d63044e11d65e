import { useState, type FormEvent } from 'react';
import type { SyncDivision } from '@shared/contract/sync-entities.ts';
import { correctResult, validPodium } from '@shared/domain/mutators/index.ts';
import type { Placing } from '@shared/domain/matchday/index.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { Select } from '@web/components/ui/select.tsx';
import { t, tm } from '@web/lib/i18n.tsx';
import { mutate } from '@web/sync/hooks.ts';
import { placeLabel, type DivisionView } from '../model/rules.ts';

// "Correct result" (decision 021): a director picks who placed where in a completed
// division's event type; the server audits it with before and after.

type Slot = { place: Placing['place']; competitorId: string };

function slotsOf(current: readonly Placing[]): { slots: Slot[]; sharedThird: boolean } {
  const thirds = current.filter((p) => p.place === 3);
  const pick = (place: number, nth = 0) =>
    String(current.filter((p) => p.place === place)[nth]?.competitorId ?? '');
  const sharedThird = thirds.length === 2;
  return {
    sharedThird,
    slots: [
      { place: 1, competitorId: pick(1) },
      { place: 2, competitorId: pick(2) },
      { place: 3, competitorId: pick(3) },
      { place: sharedThird ? 3 : 4, competitorId: sharedThird ? pick(3, 1) : pick(4) },
    ],
  };
}

export function CorrectResult({
  division,
  eventTypeId,
  view,
  current,
}: {
  division: SyncDivision;
  eventTypeId: number;
  view: DivisionView;
  current: readonly Placing[];
}) {
  const [open, setOpen] = useState(false);
  const initial = slotsOf(current);
  const [slots, setSlots] = useState(initial.slots);
  const [sharedThird, setSharedThird] = useState(initial.sharedThird);
  const [error, setError] = useState<string | null>(null);
  const title = view.events.find((e) => e.rules.eventTypeId === eventTypeId)?.rules.title ?? '';

  if (!open)
    return (
      <div>
        <Button
          variant="outline"
          className="h-11"
          aria-label={t('matchday.correct.label', { division: tm(division.title), event: title })}
          onClick={() => {
            const s = slotsOf(current);
            setSlots(s.slots);
            setSharedThird(s.sharedThird);
            setError(null);
            setOpen(true);
          }}
        >
          {t('matchday.correct')}
        </Button>
      </div>
    );

  const placings = (): Placing[] =>
    slots.flatMap((s, i) =>
      s.competitorId === ''
        ? []
        : [{ competitorId: Number(s.competitorId), place: i === 3 ? (sharedThird ? 3 : 4) : s.place }],
    );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const p = placings();
    if (!p.some((x) => x.place === 1) || !validPodium(p)) {
      setError(t('matchday.correct.invalid'));
      return;
    }
    void mutate(correctResult, { divisionId: division.id, eventTypeId, placings: p });
    setOpen(false);
  };

  return (
    <form
      className="grid gap-2 rounded-md border p-3"
      onSubmit={submit}
      aria-label={t('matchday.correct.form', { event: title })}
    >
      {slots.map((s, i) => {
        const id = `correct-${division.id}-${eventTypeId}-${i}`;
        const label =
          i === 3
            ? sharedThird
              ? t('matchday.correct.sharedThirdPlace')
              : placeLabel(4)
            : placeLabel(s.place);
        return (
          <div key={i} className="flex flex-wrap items-center gap-2">
            <Label htmlFor={id} className="w-28">
              {label}
            </Label>
            <Select
              id={id}
              className="h-11 w-64"
              value={s.competitorId}
              onChange={(e) =>
                setSlots(slots.map((x, j) => (j === i ? { ...x, competitorId: e.target.value } : x)))
              }
            >
              <option value="">{t('matchday.correct.nobody')}</option>
              {view.entries.map((entry) => (
                <option key={entry.competitorId} value={entry.competitorId}>
                  {entry.firstName} {entry.lastName}
                </option>
              ))}
            </Select>
          </div>
        );
      })}
      <label className="flex min-h-11 items-center gap-2">
        <input
          type="checkbox"
          className="size-5"
          checked={sharedThird}
          onChange={(e) => setSharedThird(e.target.checked)}
        />
        {t('matchday.correct.sharedThird')}
      </label>
      {error && (
        <p className="text-sm text-destructive" data-testid="correct-error">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" className="h-11">
          {t('matchday.correct.save')}
        </Button>
        <Button variant="outline" className="h-11" onClick={() => setOpen(false)}>
          {t('matchday.cancel')}
        </Button>
      </div>
    </form>
  );
}
