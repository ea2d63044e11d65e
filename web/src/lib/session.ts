import { useSyncExternalStore } from 'react';
import { ADMIN_AREA_ROLES, hasAnyRole, isStaff as rolesIncludeStaff } from '@shared/domain/roles.ts';
import { currentLocale, switchLocale, type Locale } from './i18n.tsx';

// docs/product.md §3 "User session": kept in localStorage under `session`.
export interface SessionUser {
  personId: number;
  roles: string[];
  userDisplayName: string;
  firstName?: string;
  email?: string;
  /** The account's language (docs/decisions/037-english-and-french.md). */
  language?: Locale;
}
export interface Session {
  user: SessionUser;
  token: string;
  refreshToken?: string;
}

// public/boot.js reads this key too: a signed-in visitor's page starts the app at once (decision 031).
const KEY = 'session';
const CHANGE = 'session-change';

let cachedRaw: string | null | undefined;
let cached: Session | null = null;

function parse(raw: string | null): Session | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Session;
    return value && typeof value.token === 'string' && value.user ? value : null;
  } catch {
    return null;
  }
}

/** The stored session, or null for a visitor. Same object until it changes. */
export function getSession(): Session | null {
  const raw = localStorage.getItem(KEY);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cached = parse(raw);
  }
  return cached;
}

/** A sign-in's account language, switched to once the sign-in's page is shown (setSession). */
let signInLocale: Locale | undefined;

export function setSession(session: Session): void {
  localStorage.setItem(KEY, JSON.stringify(session));
  window.dispatchEvent(new Event(CHANGE));
  // Right after a sign-in (setSessionForNextPage, then the navigation, then this): an account
  // whose language is not the page's reloads the page it landed on in its language.
  const locale = signInLocale;
  signInLocale = undefined;
  if (locale && locale !== currentLocale()) void switchLocale(locale);
}

/**
 * Stores a new sign-in without telling this page, for a caller that loads a new page next
 * (login does: the new identity starts with empty caches, and the /user page it leaves never
 * re-renders signed in). Other tabs still hear it through the `storage` event.
 */
export function setSessionForNextPage(session: Session): void {
  localStorage.setItem(KEY, JSON.stringify(session));
  signInLocale = session.user.language;
}

export function clearSession(): void {
  localStorage.removeItem(KEY);
  window.dispatchEvent(new Event(CHANGE));
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGE, onChange);
  window.addEventListener('storage', onChange); // another tab signed in or out
  return () => {
    window.removeEventListener(CHANGE, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** The session, re-rendering when it changes (in this tab or another). */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, getSession, () => null);
}

/** True for CheckInAdmin, TournamentDirector and SuperAdmin (docs/product.md §6). */
export function isStaff(session: Session | null): boolean {
  return !!session && rolesIncludeStaff(session.user.roles);
}

/** True for the staff and for a RingOfficial: whoever works in the admin area (decision 042). */
export function worksInAdminArea(session: Session | null): boolean {
  return !!session && hasAnyRole(session.user.roles, ADMIN_AREA_ROLES);
}

type LogoutHook = () => void | Promise<void>;
const logoutHooks = new Set<LogoutHook>();

/** Work to do before the session is dropped (server logout call, wiping local data...). */
export function onLogout(hook: LogoutHook): () => void {
  logoutHooks.add(hook);
  return () => logoutHooks.delete(hook);
}

type LogoutGuard = () => boolean | Promise<boolean>;
const logoutGuards = new Set<LogoutGuard>();

/** A question before logging out (e.g. changes not yet sent); answering false cancels the logout. */
export function onBeforeLogout(guard: LogoutGuard): () => void {
  logoutGuards.add(guard);
  return () => logoutGuards.delete(guard);
}

/**
 * Logs out: asks the guards (any false keeps the user signed in, and logout answers false),
 * runs the hooks (a failing hook does not keep the user signed in), clears the session.
 */
export async function logout(): Promise<boolean> {
  for (const guard of [...logoutGuards]) {
    if (!(await guard())) return false;
  }
  for (const hook of [...logoutHooks]) {
    try {
      await hook();
    } catch (error) {
      console.error('logout hook failed', error);
    }
  }
  clearSession();
  return true;
}

const forcedLogoutHooks = new Set<LogoutHook>();

/**
 * Work to do when a 401 or 403 from /api forces the logout (docs/product.md §4): no question can
 * be asked, so a hook must never lose anything (the device store keeps changes not yet sent).
 */
export function onForcedLogout(hook: LogoutHook): () => void {
  forcedLogoutHooks.add(hook);
  return () => forcedLogoutHooks.delete(hook);
}

/** A forced logout: the session is cleared at once, then the hooks run (errors are logged). */
export function forceLogout(): Promise<void> {
  clearSession();
  return Promise.all(
    [...forcedLogoutHooks].map(async (hook) => {
      try {
        await hook();
      } catch (error) {
        console.error('forced logout hook failed', error);
      }
    }),
  ).then(() => undefined);
}
