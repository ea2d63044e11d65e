import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { t, tm } from '../lib/i18n.tsx';
import { usePageAlert } from '../lib/page-alert.tsx';
import { Alert } from './ui/alert.tsx';

/** Shows the page alert, scrolled into view when it appears (docs/product.md §8). */
export function PageAlert() {
  const { alert, clearAlert } = usePageAlert();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (alert) ref.current?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
  }, [alert]);
  if (!alert) return null;
  return (
    <div ref={ref} className="mb-4 scroll-mt-20">
      {/* 'info' (offline) is the plain notice: role status, no danger style. */}
      <Alert variant={alert.type === 'info' ? 'default' : alert.type} className="flex items-start gap-3 pr-2">
        <p className="flex-1 whitespace-pre-line">{tm(alert.message)}</p>
        <button
          type="button"
          onClick={clearAlert}
          className="rounded-sm p-1 opacity-80 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-ring"
          aria-label={t('common.dismissAlert')}
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </Alert>
    </div>
  );
}
