// docs/product.md §4: after sign-up, /user/pending shows the first name and e-mail; they
// are kept only until the visitor leaves that page.
const KEY = 'pendingUser';

interface PendingUser {
  firstName: string;
  email: string;
}

export function rememberPendingUser(user: PendingUser): void {
  sessionStorage.setItem(KEY, JSON.stringify(user));
}

export function readPendingUser(): PendingUser | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Partial<PendingUser> | null;
    return value?.firstName && value.email ? { firstName: value.firstName, email: value.email } : null;
  } catch {
    return null;
  }
}

export function clearPendingUser(): void {
  sessionStorage.removeItem(KEY);
}
