import { useLayoutEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { href } from '@web/app/pages.ts';
import { useToast } from '@web/components/ui/toast.tsx';
import { useAction } from '@web/lib/action.ts';
import { t } from '@web/lib/i18n.tsx';

// The draft page keeps the director's place (decision 052): after an edit it stays where it was,
// focus goes back where the director was working, a toast says what changed, and where the edit
// can be undone exactly the toast's Undo sends the server the opposite edit.

const headingOf = (divisionId: number) => document.getElementById(`division-${divisionId}`);

/** Focuses a division's heading (scrolling only when it is out of view). */
export function focusDivision(divisionId: number): void {
  const heading = headingOf(divisionId);
  if (!heading) return;
  heading.focus({ preventScroll: true });
  const box = heading.getBoundingClientRect();
  if (box.bottom < 0 || box.top > window.innerHeight) heading.scrollIntoView({ block: 'center' });
}

/** The division the director is working on and where its heading was on screen. */
let held: { divisionId: number; top: number } | null = null;

/**
 * Runs an edit that changes rows above or inside a division (a move, its Undo), remembering where
 * the division's heading is on screen, so that once the draft shows the edit it is put back
 * there and focused, whatever grew or shrank above it.
 */
export async function holdingPlace<T>(divisionId: number, edit: () => Promise<T>): Promise<T> {
  const heading = headingOf(divisionId);
  held = heading ? { divisionId, top: heading.getBoundingClientRect().top } : null;
  try {
    return await edit();
  } catch (e) {
    held = null;
    throw e;
  }
}

/** On the draft page: after each new draft answer, the held division goes back where it was. */
export function useKeepPlace(view: unknown): void {
  useLayoutEffect(() => {
    const place = held;
    const heading = place && headingOf(place.divisionId);
    if (!place || !heading) return;
    held = null;
    window.scrollBy(0, heading.getBoundingClientRect().top - place.top);
    heading.focus({ preventScroll: true });
  }, [view]);
}

/** What the split and combine pages hand back to the draft page: where it was. */
interface PlaceState {
  scrollY: number;
  focusDivision?: number;
}

/** Where the draft page was scrolled when the director opened split or combine (this tab). */
let remembered = 0;
export const rememberPlace = () => {
  remembered = window.scrollY;
};

/** From split or combine: back to the draft page where it was, focus on `divisionId`. */
export function useBackToDraft(draftId: number) {
  const navigate = useNavigate();
  return (divisionId?: number) => {
    const state: PlaceState = {
      scrollY: remembered,
      ...(divisionId !== undefined && { focusDivision: divisionId }),
    };
    void navigate(href('draftAll', { draftId }), { state });
  };
}

/** On the draft page's divisions: back from split or combine, scroll where it was and focus the division. */
export function useRestorePlace(): void {
  const state = useLocation().state as PlaceState | null;
  useLayoutEffect(() => {
    if (!state || typeof state.scrollY !== 'number') return;
    window.scrollTo(0, state.scrollY);
    if (state.focusDivision !== undefined) focusDivision(state.focusDivision);
  }, [state]);
}

/**
 * `(title, undo?, after?)`: a toast saying what changed; with `undo`, an Undo button that runs
 * it (a server edit) and then `after` (to put focus back), saying "Undone." once it is done.
 */
export function useChangeToast() {
  const toast = useToast();
  const undoing = useAction((undo: () => Promise<unknown>) => undo(), {
    success: t('matchmaking.undone'),
    successAs: 'toast',
  });
  return (title: string, undo?: () => Promise<unknown>, after?: () => void) =>
    toast({
      title,
      variant: 'success',
      ...(undo && {
        action: {
          label: t('matchmaking.undo'),
          run: () => void undoing.run(undo).then((r) => r.ok && after?.()),
        },
      }),
    });
}
