import { X } from 'lucide-react';
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { t, tm } from '@web/lib/i18n.tsx';
import { cn } from '@web/lib/utils.ts';

// docs/product.md §9: toast notifications have a fixed width of 25rem. Our own small version
// (a polite live region) rather than radix Toast, which would add ~10 KB gzip to every page.
export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'success' | 'danger';
  /** Milliseconds before it hides by itself; 6000 unless given (10000 with an action). */
  duration?: number;
  /** A button in the toast (Undo): pressing it runs `run` and closes the toast. */
  action?: { label: string; run: () => void };
}
interface ToastItem extends ToastInput {
  id: number;
}
const ToastContext = createContext<((toast: ToastInput) => void) | null>(null);
let nextId = 1;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const show = useCallback(
    (toast: ToastInput) => setToasts((list) => [...list, { ...toast, id: nextId++ }]),
    [],
  );
  const remove = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  return (
    <ToastContext.Provider value={show}>
      {children}
      <section
        aria-label={t('common.notifications')}
        aria-live="polite"
        className="pointer-events-none fixed bottom-0 right-0 z-[100] flex max-w-full flex-col gap-2 p-4"
      >
        {toasts.map((item) => (
          <Toast key={item.id} toast={item} onClose={() => remove(item.id)} />
        ))}
      </section>
    </ToastContext.Provider>
  );
}

function Toast({ toast, onClose }: { toast: ToastItem; onClose: () => void }) {
  const [paused, setPaused] = useState(false);
  const hasAction = toast.action !== undefined;
  useEffect(() => {
    if (paused) return;
    // A toast with a button (Undo) stays longer: time to read it and reach the button.
    const timer = setTimeout(onClose, toast.duration ?? (hasAction ? 10_000 : 6000));
    return () => clearTimeout(timer);
  }, [paused, onClose, toast.duration, hasAction]);
  return (
    <div
      role={toast.variant === 'danger' ? 'alert' : 'status'}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      className={cn(
        'pointer-events-auto flex w-[25rem] max-w-[calc(100vw-2rem)] items-start gap-3 rounded-lg border bg-popover p-4 text-popover-foreground shadow-lg',
        toast.variant === 'success' && 'border-success/50 bg-success-bg text-success-fg',
        toast.variant === 'danger' && 'border-destructive/50 bg-danger-bg text-danger-fg',
      )}
    >
      <div className="grid flex-1 gap-1">
        <p className="text-sm font-semibold">{tm(toast.title)}</p>
        {toast.description && <p className="text-sm">{tm(toast.description)}</p>}
      </div>
      {toast.action && (
        <button
          type="button"
          onClick={() => {
            onClose();
            toast.action!.run();
          }}
          className="rounded-md border border-current px-2 py-1 text-sm font-medium hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
        >
          {tm(toast.action.label)}
        </button>
      )}
      <button
        type="button"
        onClick={onClose}
        className="rounded-sm opacity-80 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-ring"
        aria-label={t('common.closeNotification')}
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}

/** `const toast = useToast(); toast({ title: 'Saved' })`. */
export function useToast(): (toast: ToastInput) => void {
  const value = useContext(ToastContext);
  if (!value) throw new Error('useToast needs <ToastProvider>');
  return value;
}

/** The toast function when a provider is there (`useAction`'s optional success toast). */
export function useOptionalToast(): ((toast: ToastInput) => void) | null {
  return useContext(ToastContext);
}
