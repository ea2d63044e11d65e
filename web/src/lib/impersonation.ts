import { invalidateQueries } from './use-query.ts';

// docs/product.md §4: an admin-held user id sent as `UserContext`; cleared on leaving /admin.
// Starting or ending it drops every cached read: answers fetched as one person must not show
// as the other's (docs/decisions/014-registrations-desk-and-impersonation.md).
const KEY = 'userContext';
const listeners = new Set<() => void>();

function changed(): void {
  invalidateQueries('');
  listeners.forEach((l) => l());
}

export function getImpersonatedUserId(): number | null {
  const raw = sessionStorage.getItem(KEY);
  return raw && /^\d+$/.test(raw) ? Number(raw) : null;
}

export function setImpersonatedUserId(userId: number): void {
  if (getImpersonatedUserId() === userId) return;
  sessionStorage.setItem(KEY, String(userId));
  changed();
}

export function clearImpersonatedUserId(): void {
  if (sessionStorage.getItem(KEY) === null) return;
  sessionStorage.removeItem(KEY);
  changed();
}

/** Calls `onChange` whenever impersonation starts or ends in this tab. */
export function subscribeImpersonation(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}
