import type { ImpersonationSubject } from '@shared/contract/admin-registrations.ts';
import { useSyncExternalStore } from 'react';
import {
  clearImpersonatedUserId,
  getImpersonatedUserId,
  setImpersonatedUserId,
  subscribeImpersonation,
} from '@web/lib/impersonation.ts';
import { t } from '@web/lib/i18n.tsx';

// "View as this customer" (docs/decisions/014-registrations-desk-and-impersonation.md): the id
// lives in lib/impersonation.ts (sent as UserContext); the name for the banner lives here.

const NAME_KEY = 'userContextName';

export interface ViewingAs {
  userId: number;
  name: string;
}

/** Admin pages that work as the customer; any other admin page ends viewing as. */
export function isViewAsPath(pathname: string): boolean {
  return /^\/admin\/registrations\/?$/.test(pathname) || /^\/admin\/registration\/\d+(\/|$)/.test(pathname);
}

let cachedKey = '';
let cached: ViewingAs | null = null;

function getViewingAs(): ViewingAs | null {
  const userId = getImpersonatedUserId();
  const rawName = sessionStorage.getItem(NAME_KEY) ?? '';
  const key = `${userId ?? ''}|${rawName}`;
  if (key !== cachedKey) {
    cachedKey = key;
    let name = '';
    try {
      const stored = JSON.parse(rawName || 'null') as ViewingAs | null;
      if (stored && stored.userId === userId) name = stored.name;
    } catch {
      // a damaged name shows the id instead
    }
    cached =
      userId === null
        ? null
        : { userId, name: name || t('registrationsDesk.viewAs.customerNumber', { id: userId }) };
  }
  return cached;
}

export function startViewingAs(subject: ImpersonationSubject): void {
  sessionStorage.setItem(NAME_KEY, JSON.stringify({ userId: subject.userId, name: subject.name }));
  setImpersonatedUserId(subject.userId);
}

export function stopViewingAs(): void {
  sessionStorage.removeItem(NAME_KEY);
  clearImpersonatedUserId();
}

/** Who the director is viewing the site as in this tab, or null. */
export function useViewingAs(): ViewingAs | null {
  return useSyncExternalStore(subscribeImpersonation, getViewingAs, () => null);
}
