// What a visitor did on a server-rendered page (decisions 020 and 031) before the app could
// answer it, done again once the app has hydrated the page.
//
// Typing. A server-rendered form can be typed into before the app has hydrated it: a
// parent on a slow phone starts on the e-mail at once. React may then set such an input back to
// the form's state (an empty string), and the text is gone. What is typed before hydration is
// recorded here and, once the app has hydrated, typed again through the inputs' own events, so
// the forms' state takes it as if the parent had typed it then (React 19 sometimes leaves the
// text on screen but not in the state: "Value is required" under a filled field).

// Clicking. The app starts at the visitor's first touch, click, key or focus (public/boot.js):
// a button clicked before then (the colour-scheme toggle) did nothing, as no app was running.
// boot.js keeps the last such button in `window.__clickedBeforeApp` until it sees
// `window.__appHydrating`, set just before React takes the page over (React answers every
// click from then on); the button is clicked again once hydrated. A link needs no app.

declare global {
  interface Window {
    __clickedBeforeApp?: HTMLElement;
    __appHydrating?: boolean;
  }
}

let clicked: HTMLElement | undefined;

type TextControl = HTMLInputElement | HTMLTextAreaElement;

const NOT_TEXT = new Set(['checkbox', 'radio', 'hidden', 'file', 'submit', 'button', 'reset']);

let typed: Map<string, string> | undefined;
let stopRecording: (() => void) | undefined;

function isText(target: EventTarget | null): target is TextControl {
  if (target instanceof HTMLTextAreaElement) return true;
  return target instanceof HTMLInputElement && !NOT_TEXT.has(target.type);
}

/**
 * Called just before hydrating `root`: takes the button boot.js saw clicked, and records what
 * is typed into `root`'s text inputs (by id) until the app has hydrated.
 */
export function recordBeforeHydration(root: HTMLElement): void {
  window.__appHydrating = true;
  clicked = window.__clickedBeforeApp;
  window.__clickedBeforeApp = undefined;
  const seen = new Map<string, string>();
  for (const control of root.querySelectorAll('input, textarea'))
    if (isText(control) && control.id && control.value !== control.defaultValue)
      seen.set(control.id, control.value);
  const onInput = (event: Event) => {
    if (isText(event.target) && event.target.id) seen.set(event.target.id, event.target.value);
  };
  root.addEventListener('input', onInput, true);
  typed = seen;
  stopRecording = () => root.removeEventListener('input', onInput, true);
}

/**
 * Once hydrated: types again what an input lost, then clicks again the button clicked before
 * the app ran. Does nothing on a page the browser rendered.
 */
export function replayAfterHydration(): void {
  const button = clicked;
  clicked = undefined;
  retype();
  if (!button) return;
  // In a task of its own: the renders hydration has scheduled (a stored choice, the session)
  // come first, so the click meets the page as the app now shows it.
  setTimeout(() => {
    if (button.isConnected && !(button as HTMLButtonElement).disabled) button.click();
  }, 0);
}

function retype(): void {
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
