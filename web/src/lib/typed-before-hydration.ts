// A server-rendered form (decision 020) can be typed into before the app has hydrated it: a
// parent on a slow phone starts on the e-mail at once. React may then set such an input back to
// the form's state (an empty string), and the text is gone. What is typed before hydration is
// recorded here and, once the app has hydrated, typed again through the inputs' own events, so
// the forms' state takes it as if the parent had typed it then (React 19 sometimes leaves the
// text on screen but not in the state: "Value is required" under a filled field).

type TextControl = HTMLInputElement | HTMLTextAreaElement;

const NOT_TEXT = new Set(['checkbox', 'radio', 'hidden', 'file', 'submit', 'button', 'reset']);

let typed: Map<string, string> | undefined;
let stopRecording: (() => void) | undefined;

function isText(target: EventTarget | null): target is TextControl {
  if (target instanceof HTMLTextAreaElement) return true;
  return target instanceof HTMLInputElement && !NOT_TEXT.has(target.type);
}

/** Starts recording what is typed into `root`'s text inputs (by id), before hydrating it. */
export function recordTypingBeforeHydration(root: HTMLElement): void {
  const seen = new Map<string, string>();
  for (const control of root.querySelectorAll('input, textarea'))
    if (isText(control) && control.id && control.value !== control.defaultValue) seen.set(control.id, control.value);
  const onInput = (event: Event) => {
    if (isText(event.target) && event.target.id) seen.set(event.target.id, event.target.value);
  };
  root.addEventListener('input', onInput, true);
  typed = seen;
  stopRecording = () => root.removeEventListener('input', onInput, true);
}

/** Once hydrated: types again what an input lost. Does nothing on a page the browser rendered. */
export function restoreTypingAfterHydration(): void {
  stopRecording?.();
  const lost = typed;
  typed = stopRecording = undefined;
  if (!lost) return;
  for (const [id, value] of lost) {
    const control = document.getElementById(id);
    if (!isText(control)) continue;
    // Typed again even when the input still shows it: React may keep the text on screen and
    // in its own record of the input, but not in the form's state. Cleared first, then typed,
    // through the prototype's setter (React's record would swallow an assignment): each step
    // differs from what React last saw, so both reach onChange and the state ends with the text.
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control) as object, 'value')?.set;
    for (const step of ['', value]) {
      setter?.call(control, step);
      control.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }
}
