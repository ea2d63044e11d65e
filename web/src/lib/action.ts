import { useCallback, useRef, useState } from 'react';
import { useOptionalToast } from '../components/ui/toast.tsx';
import { useOptionalPageAlert } from './page-alert.tsx';
import { tm } from './i18n.tsx';

// One way to run what a button does when it is not a form (delete, reorder, resend, spectator
// +/-) and what a form does once its values are checked (lib/form.ts): busy while it runs, a
// second press ignored meanwhile, failures in the page alert (docs/product.md §8: danger, the
// api client's message, with a prefix where the spec gives one) or handed back to the caller.

export type ActionResult<R> = { ok: true; value: R } | { ok: false; error: unknown };

export interface ActionOptions<R, A extends unknown[] = never[]> {
  /**
   * Where a failure goes: 'alert' (default) clears the page alert first and shows the error's
   * message there as danger; 'return' only hands it back in the result and `error`.
   */
  onError?: 'alert' | 'return';
  /**
   * Text put before the error's message, e.g. docs/product.md §8 "Could not add spectator pass. ";
   * a function gets the action's arguments (one button pair, several prefixes).
   */
  errorPrefix?: string | ((...args: A) => string);
  /** Shown as a success page alert once the action succeeded (a function gets its result). */
  success?: string | ((value: R) => string | undefined);
  /** Show `success` as a toast instead of the page alert (for changes seen on the page itself). */
  successAs?: 'alert' | 'toast';
}

export interface Action<A extends unknown[], R> {
  /** Runs the action unless it is already running (then answers `{ok:false}` with no error shown). */
  run: (...args: A) => Promise<ActionResult<R>>;
  busy: boolean;
  /** The last failure, until the next run. */
  error: unknown;
}

export const ALREADY_RUNNING = new Error('The action is already running.');

export function useAction<A extends unknown[], R>(
  action: (...args: A) => Promise<R> | R,
  options: ActionOptions<R, A> = {},
): Action<A, R> {
  const pageAlert = useOptionalPageAlert();
  const toast = useOptionalToast();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  // A ref, not the state: two taps in one frame both see busy state false.
  const running = useRef(false);
  // The latest action and options, so `run` stays stable while the caller's closures change.
  const latest = useRef({ action, options, pageAlert, toast });
  latest.current = { action, options, pageAlert, toast };

  const run = useCallback(async (...args: A): Promise<ActionResult<R>> => {
    if (running.current) return { ok: false, error: ALREADY_RUNNING };
    running.current = true;
    const { action: fn, options: o, pageAlert: alert } = latest.current;
    const alerting = (o.onError ?? 'alert') === 'alert';
    if (alerting) alert?.clearAlert();
    setBusy(true);
    setError(undefined);
    try {
      const value = await fn(...args);
      const success = typeof o.success === 'function' ? o.success(value) : o.success;
      // A success or a prefix may be a message reference (a shared constant): the page's language.
      const text = success && tm(success);
      if (text) {
        const { toast: show, pageAlert: current } = latest.current;
        if (o.successAs === 'toast' && show) show({ title: text, variant: 'success' });
        else current?.showAlert('success', text);
      }
      return { ok: true, value };
    } catch (e) {
      setError(e);
      const prefix = tm(typeof o.errorPrefix === 'function' ? o.errorPrefix(...args) : (o.errorPrefix ?? ''));
      // showError: danger with the section 8 text, or the calm notice when the device is offline.
      if (alerting) latest.current.pageAlert?.showError(e, prefix);
      return { ok: false, error: e };
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);

  return { run, busy, error };
}
