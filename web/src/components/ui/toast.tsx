import { Toast as ToastPrimitive } from 'radix-ui';
import { X } from 'lucide-react';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { cn } from '../../lib/utils.ts';

// SPEC.md section 9: toast notifications have a fixed width of 25rem.
export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'success' | 'danger';
}
interface ToastItem extends ToastInput {
  id: number;
}
const ToastContext = createContext<((toast: ToastInput) => void) | null>(null);
let nextId = 1;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const show = useCallback((toast: ToastInput) => setToasts((list) => [...list, { ...toast, id: nextId++ }]), []);
  const remove = (id: number) => setToasts((list) => list.filter((t) => t.id !== id));
  const api = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={api}>
      <ToastPrimitive.Provider swipeDirection="right" duration={6000}>
        {children}
        {toasts.map((t) => (
          <ToastPrimitive.Root
            key={t.id}
            onOpenChange={(open) => !open && remove(t.id)}
            className={cn(
              'flex w-[25rem] max-w-[calc(100vw-2rem)] items-start gap-3 rounded-lg border bg-popover p-4 text-popover-foreground shadow-lg',
              t.variant === 'success' && 'border-success/50 bg-success-bg text-success-fg',
              t.variant === 'danger' && 'border-destructive/50 bg-danger-bg text-danger-fg',
            )}
          >
            <div className="grid flex-1 gap-1">
              <ToastPrimitive.Title className="text-sm font-semibold">{t.title}</ToastPrimitive.Title>
              {t.description && (
                <ToastPrimitive.Description className="text-sm">{t.description}</ToastPrimitive.Description>
              )}
            </div>
            <ToastPrimitive.Close className="rounded-sm opacity-80 hover:opacity-100" aria-label="Close">
              <X className="size-4" aria-hidden="true" />
            </ToastPrimitive.Close>
          </ToastPrimitive.Root>
        ))}
        <ToastPrimitive.Viewport className="fixed bottom-0 right-0 z-[100] flex w-[calc(25rem+2rem)] max-w-full flex-col gap-2 p-4 outline-none" />
      </ToastPrimitive.Provider>
    </ToastContext.Provider>
  );
}

/** `const toast = useToast(); toast({ title: 'Saved' })`. */
export function useToast(): (toast: ToastInput) => void {
  const value = useContext(ToastContext);
  if (!value) throw new Error('useToast needs <ToastProvider>');
  return value;
}
