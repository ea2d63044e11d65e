import { MESSAGES, type SiteSettings } from '@tournament/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressText, launchBrowser, newPage, startStack, type Browser, type Stack } from '../src/harness.ts';
import { english } from '../src/english.ts';

// The whole stack answers: the built web app, the API and mail through real SMTP.
describe('smoke', () => {
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('the server reports itself healthy', async () => {
    const res = await stack.api('GET', '/api/health');
    expect(res.status).toBe(200);
  });

  it('the home page renders with the site name in its title', async () => {
    const page = await newPage(browser, stack.baseUrl);
    const res = await page.goto('/');
    expect(res?.status(), 'GET / (503 means the web app is not built)').toBe(200);
    await expect
      .poll(() => page.title(), { timeout: 15_000 })
      .toMatch(/Northern Ontario Martial Arts Championship|NOMAC/);
  });

  it('a Contact Us message reaches the site address by mail', async () => {
    const settings = await stack.api<SiteSettings>('GET', '/api/settings');
    expect(settings.status).toBe(200);
    const message = `Is there parking at the venue? (smoke ${Date.now()})`;

    const res = await stack.api('PUT', '/api/email/contactUs', {
      firstName: 'Jane',
      lastName: 'Doe',
      email: 'jane.doe@example.com',
      phone: '7055550123',
      message,
    });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe(english(MESSAGES.contactSent));

    const mail = await stack.mail.waitFor((m) => (m.text ?? '').includes(message));
    expect(addressText(mail.to)).toContain(settings.json.siteEmail);
    expect(mail.text).toContain('jane.doe@example.com');
  });
});
