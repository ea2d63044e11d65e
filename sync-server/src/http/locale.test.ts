import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { pageLocale, requestLocale } from './locale.ts';

// The reader's language on the server (decision 037): `?lang=` on a page chooses and remembers
// it; otherwise the cookie the switch set, then Accept-Language, then English.

const app = new Hono().get('/api/x', (c) => c.text(requestLocale(c))).get('*', (c) => c.text(pageLocale(c)));

describe('the language of a request', () => {
  it('is the cookie’s, then Accept-Language’s, then English', async () => {
    const ask = async (headers: Record<string, string>) => (await app.request('/api/x', { headers })).text();
    expect(await ask({})).toBe('en');
    expect(await ask({ 'Accept-Language': 'fr-CA,fr;q=0.9,en;q=0.5' })).toBe('fr');
    expect(await ask({ 'Accept-Language': 'fr-CA', Cookie: 'lang=en' })).toBe('en');
    expect(await ask({ Cookie: 'lang=fr' })).toBe('fr');
    expect(await ask({ Cookie: 'lang=xx', 'Accept-Language': 'de' })).toBe('en');
  });

  it('of a page is chosen by ?lang= and remembered in the cookie', async () => {
    const res = await app.request('/contact?lang=fr', { headers: { Cookie: 'lang=en' } });
    expect(await res.text()).toBe('fr');
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^lang=fr;/);
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('SameSite=Lax');
    const plain = await app.request('/contact', { headers: { Cookie: 'lang=fr' } });
    expect(await plain.text()).toBe('fr');
    expect(plain.headers.get('set-cookie')).toBeNull();
  });

  it('ignores a ?lang= it does not speak', async () => {
    const res = await app.request('/?lang=de', { headers: { 'Accept-Language': 'fr' } });
    expect(await res.text()).toBe('fr');
    expect(res.headers.get('set-cookie')).toBeNull();
  });
});
