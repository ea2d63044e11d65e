import type { Count } from '@shared/contract/admin-reports.ts';
import { t, tm } from '@web/lib/i18n.tsx';

/**
 * A plain horizontal bar chart (no chart library): one row per label, the bar's length its share
 * of the largest count. The numbers are text, so a screen reader reads the list as it is.
 */
export function BarChart({ title, counts }: { title: string; counts: readonly Count[] }) {
  const max = Math.max(1, ...counts.map((c) => c.count));
  return (
    <section aria-label={title} className="grid gap-2">
      <h3 className="text-sm font-semibold">{title}</h3>
      {counts.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('dashboard.chart.empty')}</p>
      ) : (
        <ul className="grid gap-1.5">
          {counts.map((c) => (
            <li
              key={`${c.id ?? ''}-${c.label}`}
              className="grid grid-cols-[8rem_1fr_2.5rem] items-center gap-2 text-sm"
            >
              <span className="truncate" title={tm(c.label)}>
                {tm(c.label)}
              </span>
              <span className="h-3 rounded-sm bg-muted" aria-hidden="true">
                <span
                  className="block h-3 rounded-sm bg-primary"
                  style={{ width: `${(100 * c.count) / max}%` }}
                />
              </span>
              <span className="text-right tabular-nums">{c.count}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
