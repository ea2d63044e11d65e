import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formsCompetitor, type RegistrationOptionsSeen } from '../src/competitor-body.ts';
import { launchBrowser, newPage, startStack, type Browser, type Stack } from '../src/harness.ts';

// File sharing in the browser against a real server (docs/decisions/025-file-sharing.md):
// a parent on a phone sends a waiver from /share; a director finds it on the registration's desk
// page and downloads it, then shares the schedule with everyone; the parent downloads the
// schedule; another family sees the schedule but never the first family's waiver.
const parent = {
  email: 'pat@example.com',
  password: 'parent-pass-2026',
  role: 'Customer' as const,
  first: 'Pat',
  last: 'Lee',
};
const other = {
  email: 'robin@example.com',
  password: 'other-pass-2026',
  role: 'Customer' as const,
  first: 'Robin',
  last: 'Banks',
};
const director = {
  email: 'td@example.com',
  password: 'director-pass-2026',
  role: 'TournamentDirector' as const,
  first: 'Terry',
  last: 'Director',
};

const WAIVER = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< >>\n%%EOF\n');
const SCHEDULE = Buffer.from('%PDF-1.4\n% the schedule\ntrailer\n<< >>\n%%EOF\n');

async function signIn(page: Page, who: { email: string; password: string }) {
  await page.goto('/user/login');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel(/^Password/).fill(who.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/user/'));
}

/** Clicks a download button and answers the saved file's name and bytes. */
async function downloadVia(page: Page, buttonName: string) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: buttonName, exact: true }).click(),
  ]);
  const path = await download.path();
  return { name: download.suggestedFilename(), bytes: await fs.readFile(path) };
}

describe('file sharing', () => {
  let stack: Stack;
  let browser: Browser;
  let registrationId: number;
  /** A medical form the first family sent before the tests (through the API). */
  let medicalFormId: string;

  async function register(who: { email: string; password: string }, firstName: string) {
    const token = await stack.signIn(who.email, who.password);
    const tournamentId = (await stack.api<{ id: number }[]>('GET', '/api/tournaments')).json[0]?.id;
    const options = (
      await stack.api<RegistrationOptionsSeen>(
        'GET',
        `/api/registration/options/${tournamentId}`,
        undefined,
        token,
      )
    ).json;
    const id = (
      await stack.api<{ registrationId: number }>(
        'POST',
        `/api/registration/create/${tournamentId}`,
        undefined,
        token,
      )
    ).json.registrationId;
    const added = await stack.api(
      'POST',
      '/api/registration/competitor',
      formsCompetitor(options, id, firstName, 'Lee'),
      token,
    );
    expect(added.status).toBe(200);
    return id;
  }

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack({ users: [parent, other, director] }), launchBrowser()]);
    registrationId = await register(parent, 'Maya');
    // Completed (to pay at the door): a family with no completed registration is sent from its
    // home page to registering while registration is open (docs/product.md §2).
    const checkout = await stack.api(
      'POST',
      `/api/registration/checkout/${registrationId}`,
      undefined,
      await stack.signIn(parent.email, parent.password),
    );
    expect(checkout.status, checkout.text).toBe(200);
    await register(other, 'Zoe');
    const form = new FormData();
    form.set('registrationId', String(registrationId));
    form.set('file', new File([WAIVER], 'Maya medical form.pdf'));
    const res = await fetch(`${stack.baseUrl}/api/files`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${await stack.signIn(parent.email, parent.password)}` },
      body: form,
    });
    expect(res.status).toBe(201);
    medicalFormId = ((await res.json()) as { fileId: string }).fileId;
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('a parent sends a waiver from a phone; staff see it on the desk page and download it', async () => {
    const phone = await newPage(browser, stack.baseUrl);
    await phone.setViewportSize({ width: 390, height: 844 });
    await signIn(phone, parent);
    await phone.goto('/share');
    await phone.waitForURL('**/customer/file-sharing');
    await phone.getByText('For Maya Lee').waitFor();
    await phone
      .getByLabel('File for the staff')
      .setInputFiles({ name: 'Maya waiver.pdf', mimeType: 'application/pdf', buffer: WAIVER });
    await phone.getByRole('button', { name: 'Send to staff', exact: true }).click();
    await phone.getByText('Maya waiver.pdf was sent to the staff.').waitFor();
    await phone.getByRole('list', { name: 'Files you sent' }).getByText('Maya waiver.pdf').waitFor();

    const staff = await newPage(browser, stack.baseUrl);
    await signIn(staff, director);
    await staff.goto(`/admin/registration/${registrationId}`);
    await staff
      .getByRole('list', { name: 'Files of this registration' })
      .getByText('Maya waiver.pdf')
      .waitFor();
    const saved = await downloadVia(staff, 'Download Maya waiver.pdf');
    expect(saved.name).toBe('Maya waiver.pdf');
    expect(saved.bytes.equals(WAIVER)).toBe(true);
  });

  it("staff share the schedule with everyone: a parent downloads it; another parent sees it, but none of the first family's files", async () => {
    const staff = await newPage(browser, stack.baseUrl);
    await signIn(staff, director);
    // A director finds it in the staff menu, beside Communications.
    await staff.goto('/admin/dashboard');
    await staff.getByRole('link', { name: 'Files for Families', exact: true }).click();
    await staff
      .getByLabel('File to share with everyone')
      .setInputFiles({ name: 'Schedule.pdf', mimeType: 'application/pdf', buffer: SCHEDULE });
    await staff.getByRole('button', { name: 'Share with everyone', exact: true }).click();
    await staff.getByText('Schedule.pdf is shared with everyone.').waitFor();

    const phone = await newPage(browser, stack.baseUrl);
    await phone.setViewportSize({ width: 390, height: 844 });
    await signIn(phone, parent);
    // The family finds the page from their home page.
    await phone.goto('/customer/home');
    await phone.getByRole('link', { name: 'File sharing', exact: true }).click();
    await phone.getByRole('list', { name: 'Files from the tournament' }).getByText('Schedule.pdf').waitFor();
    const schedule = await downloadVia(phone, 'Download Schedule.pdf');
    expect(schedule.name).toBe('Schedule.pdf');
    expect(schedule.bytes.equals(SCHEDULE)).toBe(true);

    const otherPhone = await newPage(browser, stack.baseUrl);
    await otherPhone.setViewportSize({ width: 390, height: 844 });
    await signIn(otherPhone, other);
    await otherPhone.goto('/customer/file-sharing');
    await otherPhone
      .getByRole('list', { name: 'Files from the tournament' })
      .getByText('Schedule.pdf')
      .waitFor();
    await otherPhone.getByText('You have not sent any files yet.').waitFor();
    expect(await otherPhone.getByText(/Maya/).count()).toBe(0);
    // Nor by the first family's file id.
    const otherToken = await stack.signIn(other.email, other.password);
    expect((await stack.api('GET', `/api/files/${medicalFormId}`, undefined, otherToken)).status).toBe(404);
  });
});
