import { afterEach, describe, expect, it } from 'vitest';
import { setSession, setSessionForNextPage } from './session.ts';

// The page's language is English (web/src/testing/setup.ts). The switch to the account's
// language remembers it in the `lang` cookie, then reloads the page (which jsdom does not do).

const session = (language?: 'en' | 'fr') => ({
  user: { personId: 7, roles: ['Customer'], userDisplayName: 'Ada Lovelace', language },
  token: 'token',
});
const langCookie = () => /(?:^|;\s*)lang=([^;]*)/.exec(document.cookie)?.[1];

describe("the account's language after a sign-in", () => {
  afterEach(() => {
    document.cookie = 'lang=; path=/; max-age=0';
    localStorage.clear();
  });

  it('a French account signing in on an English page switches to French once it has landed', () => {
    setSessionForNextPage(session('fr'));
    expect(langCookie()).toBeUndefined();
    setSession(session('fr'));
    expect(langCookie()).toBe('fr');
  });

  it('an account in the page’s language, and a later refresh, change nothing', () => {
    setSessionForNextPage(session('en'));
    setSession(session('en'));
    setSession(session('fr'));
    expect(langCookie()).toBeUndefined();
  });
});
