// SPEC.md section 4: an admin-held user id sent as `UserContext`; cleared on leaving /admin.
const KEY = 'userContext';

export function getImpersonatedUserId(): number | null {
  const raw = sessionStorage.getItem(KEY);
  return raw && /^\d+$/.test(raw) ? Number(raw) : null;
}

export function setImpersonatedUserId(userId: number): void {
  sessionStorage.setItem(KEY, String(userId));
}

export function clearImpersonatedUserId(): void {
  sessionStorage.removeItem(KEY);
}
