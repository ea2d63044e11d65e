import { useDeferredValue, useState, type ReactNode } from 'react';
import { t } from '@web/lib/i18n.tsx';
import { Input } from '../ui/input.tsx';
import { Label } from '../ui/label.tsx';
import type { CheckInView } from '@web/sync/overlay.ts';
import { searchFamilies, type Family } from './family-search.ts';

// The door screens' family search (check-in and payments, decisions 010 and 015): one field, searched
// from the device store as the volunteer types, and the first matches with "Showing N of M".

/** The query typed and the families it finds on the device (none until the store is read). */
export function useFamilySearch(view: CheckInView | undefined) {
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const families = view ? searchFamilies(view.registrations, view.competitors, deferred) : [];
  return { query, setQuery, families };
}

/** The search box: by name or confirmation code. */
export function FamilySearchField({
  id,
  query,
  onQueryChange,
}: {
  id: string;
  query: string;
  onQueryChange: (query: string) => void;
}) {
  return (
    <div className="grid w-full max-w-md gap-1">
      <Label htmlFor={id}>{t('common.door.search')}</Label>
      <Input
        id={id}
        type="search"
        autoComplete="off"
        value={query}
        onChange={(e) => onQueryChange(e.target.value)}
      />
    </div>
  );
}

/** The first `shown` families found, each as `renderFamily` makes it, and how many more there are. */
export function FamilyResults({
  families,
  synced,
  shown,
  className,
  renderFamily,
}: {
  families: readonly Family[];
  synced: boolean;
  shown: number;
  className: string;
  renderFamily: (family: Family) => ReactNode;
}) {
  return (
    <>
      {families.length === 0 && synced && <p>{t('common.door.noMatch')}</p>}
      <ul className={className}>
        {families.slice(0, shown).map((f) => (
          <li key={f.registration.id}>{renderFamily(f)}</li>
        ))}
      </ul>
      {families.length > shown && <p>{t('common.door.showing', { shown, total: families.length })}</p>}
    </>
  );
}
