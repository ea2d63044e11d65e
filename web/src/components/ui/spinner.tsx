import { t } from '@web/lib/i18n.tsx';
import { cn } from '@web/lib/utils.ts';

/** docs/product.md §5: the spinner's visually hidden text is "Loading...". */
export function Spinner({ className }: { className?: string }) {
  return (
    <span role="status" className={cn('inline-flex items-center', className)}>
      <span
        aria-hidden="true"
        className="size-5 animate-spin rounded-full border-2 border-current border-t-transparent"
      />
      <span className="sr-only">{t('common.loading')}</span>
    </span>
  );
}
