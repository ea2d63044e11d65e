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

// After the e-mailed link verifies the account, the sign-in form starts with the address filled
// in, when the link opens in the browser that signed up (a tab of its own: this one is kept in
// localStorage, until the verification reads it).
const VERIFYING_KEY = 'verifyingEmail';

export function rememberVerifyingEmail(email: string): void {
  try {
    localStorage.setItem(VERIFYING_KEY, email);
  } catch {
    // Storage refused (private mode, full): the sign-in form starts empty, as before.
  }
}

/** The address that signed up in this browser, once: reading it forgets it. */
export function takeVerifyingEmail(): string | null {
  try {
    const email = localStorage.getItem(VERIFYING_KEY);
    localStorage.removeItem(VERIFYING_KEY);
    return email;
  } catch {
    return null;
  }
}
