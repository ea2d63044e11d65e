import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteSettingsInput } from '@tournament/shared';
import { createTestApp, type TestApp } from '../testing/harness.ts';

describe('site settings and the audit log', () => {
  let t: TestApp;
  let admin: { token: string; user: { id: number } };
  let current: SiteSettingsInput & { version: number };
  beforeAll(async () => {
    t = await createTestApp({ now: '2026-11-22T12:00:00Z' });
    admin = await t.createUser('SuperAdmin');
    current = (await t.call('GET', '/api/admin/site-settings', undefined, admin.token)).json;
  });
  afterAll(() => t.close());

  it('a flag switched off and a time zone chosen show on the public settings at once, without a restart', async () => {
    const before = (await t.call('GET', '/api/settings')).json; // cached now
    expect(before.flags.MailingListTab).toBe(true);
    // Ontario time until a super admin chooses another zone (decision 029).
    expect(before.timeZone).toBe('America/Toronto');
    const res = await t.call(
      'PUT',
      '/api/admin/site-settings',
      {
        ...current,
        flags: { ...current.flags, MailingListTab: false },
        smsSenderName: 'NOMAC',
        smsFromNumber: '+17055550123',
        timeZone: 'America/Winnipeg',
      },
      admin.token,
    );
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      smsSenderName: 'NOMAC',
      smsFromNumber: '+17055550123',
      version: current.version + 1,
    });
    const after = (await t.call('GET', '/api/settings')).json;
    expect(after.flags.MailingListTab).toBe(false);
    expect(after.timeZone).toBe('America/Winnipeg');
  });

  it('refuses a bad e-mail, web address and SMS sender, naming each field', async () => {
    const res = await t.call(
      'PUT',
      '/api/admin/site-settings',
      {
        ...current,
        siteEmail: 'nope',
        mailingListUrl: 'javascript:alert(1)',
        smsSenderName: 'Too-long-sender!',
        smsFromNumber: '12',
        timeZone: 'Ontario',
      },
      admin.token,
    );
    expect(res.status).toBe(400);
    expect(res.json.errors).toMatchObject({
      siteEmail: 'Value is not a valid email address',
      mailingListUrl: 'Please enter a full web address starting with https:// or http://',
      smsSenderName: expect.any(String),
      smsFromNumber: 'Please enter a phone number of 10 to 15 digits, optionally starting with +',
      timeZone: 'Please choose a valid time zone',
    });
  });

  it('the audit log shows who changed the settings, when, before and after, newest first', async () => {
    const res = await t.call('GET', '/api/admin/audit-log?entity=siteSettings', undefined, admin.token);
    expect(res.status).toBe(200);
    expect(res.json).toHaveLength(1);
    expect(res.json[0]).toMatchObject({
      actorUserId: admin.user.id,
      actorName: expect.stringContaining('SuperAdmin'),
      entity: 'siteSettings',
      action: 'update',
      at: '2026-11-22T12:00:00.000Z',
      before: { flags: { MailingListTab: true } },
      after: { flags: { MailingListTab: false }, smsSenderName: 'NOMAC' },
    });
    await t.call('POST', '/api/admin/competitor-levels', { name: 'Yellow Belt' }, admin.token);
    const all = (await t.call('GET', '/api/admin/audit-log?limit=1', undefined, admin.token)).json;
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({
      entity: 'competitorLevel',
      action: 'create',
      after: { name: 'Yellow Belt' },
    });
  });

  it('a refused change writes nothing to the audit log', async () => {
    const before = (await t.call('GET', '/api/admin/audit-log', undefined, admin.token)).json.length;
    await t.call('DELETE', '/api/admin/competitor-levels/99999', undefined, admin.token);
    await t.call('POST', '/api/admin/competitor-levels', { name: 'Yellow Belt' }, admin.token);
    expect((await t.call('GET', '/api/admin/audit-log', undefined, admin.token)).json).toHaveLength(before);
  });
});
