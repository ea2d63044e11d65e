import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_MESSAGES, MAX_FILE_BYTES, STAFF_SENDER } from '@tournament/shared';
import { english } from '../testing/english.ts';
import { auditLog, rateLimits, sharedFiles, tournaments } from '../db/schema.ts';
import { insertFamily } from '../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { downloadFile, fileSharingFamilies, multipart, PDF, sendMultipart } from '../testing/multipart.ts';
import { UPLOAD_WINDOW_SECONDS, UPLOADS_PER_ACCOUNT } from './files.ts';

// File sharing (decision 025). The Lees and the Okafors each have a registration for
// the next tournament; a CheckInAdmin and a director work the desk. Runs on PGlite, and on
// PostgreSQL with DATABASE_URL.

type User = Awaited<ReturnType<TestApp['createUser']>>;
let t: TestApp;
let dataDir: string;
let lee: User;
let okafor: User;
let checkIn: User;
let director: User;
let leeRegistration: number;
let okaforRegistration: number;

const JPEG = new Uint8Array([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00,
]);
const HTML = new TextEncoder().encode('<!doctype html><script>fetch("/api/files")</script>');
const EXE = (() => {
  const b = new Uint8Array(512);
  b.set([0x4d, 0x5a]); // "MZ"
  return b;
})();

const uploadsDir = () => path.join(dataDir, 'uploads');
const storedNames = () => (fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir()).sort() : []);
const rowCount = async () => (await t.db.select().from(sharedFiles)).length;

const send = (
  url: string,
  token: string,
  fields: Record<string, string>,
  file?: { name: string; bytes: Uint8Array },
) => sendMultipart(t, url, token, fields, file);

const upload = (token: string, registrationId: number, name: string, bytes: Uint8Array) =>
  send('/api/files', token, { registrationId: String(registrationId) }, { name, bytes });
const share = (token: string, name: string, bytes: Uint8Array, registrationId?: number) =>
  send('/api/admin/files', token, registrationId ? { registrationId: String(registrationId) } : {}, {
    name,
    bytes,
  });

const download = (fileId: string, token: string) => downloadFile(t, fileId, token);
/** A photo's upload body for `registrationId`, to send by hand (and read the answer's headers). */
const multipartOf = (registrationId: number) =>
  multipart({ registrationId: String(registrationId) }, { name: 'one-more.jpg', bytes: JPEG });
const list = async (token: string) => (await t.call('GET', '/api/files', undefined, token)).json;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nomac-files-'));
  t = await createTestApp({ now: '2026-11-22T12:00:00Z', config: { dataDir } });
  ({ lee, okafor, checkIn, director, leeRegistration, okaforRegistration } = await fileSharingFamilies(t));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a family uploads a waiver for staff', () => {
  let fileId: string;

  it('stores it under a server-made name and lists it for the family', async () => {
    const res = await upload(lee.token, leeRegistration, 'Maya waiver.pdf', PDF);
    expect(res.status, res.text).toBe(201);
    fileId = res.json.fileId;
    expect(res.json).toMatchObject({
      name: 'Maya waiver.pdf',
      kind: 'upload',
      registrationId: leeRegistration,
    });
    expect(storedNames()).toEqual([fileId]);
    expect(fileId).not.toContain('waiver');
    const mine = await list(lee.token);
    expect(mine.files.map((f: { fileId: string }) => f.fileId)).toEqual([fileId]);
    expect(mine.files[0].canDelete).toBe(true);
    expect(mine.registrations).toEqual([
      { registrationId: leeRegistration, tournamentDate: expect.any(String), competitorNames: ['Maya Lee'] },
    ]);
  });

  it('downloads as an attachment in its stored type, never to be sniffed', async () => {
    const res = await download(fileId, lee.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="Maya waiver.pdf"; filename*=UTF-8''Maya%20waiver.pdf`,
    );
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.bytes).toEqual(PDF);
  });

  it('another family reaches it neither by id nor by name, and cannot change it', async () => {
    const stored = storedNames();
    const rows = await rowCount();
    for (const url of [
      `/api/files/${fileId}`,
      '/api/files/Maya%20waiver.pdf',
      `/api/files/..%2Fuploads%2F${fileId}`,
      `/api/files/${fileId.toLowerCase()}`,
    ]) {
      expect((await t.call('GET', url, undefined, okafor.token)).status, url).toBe(404);
      expect((await t.call('DELETE', url, undefined, okafor.token)).status, url).toBe(404);
    }
    // Nor by uploading onto the Lees' registration.
    expect((await upload(okafor.token, leeRegistration, 'mine.pdf', PDF)).status).toBe(404);
    const theirs = await list(okafor.token);
    expect(JSON.stringify(theirs)).not.toContain(fileId);
    expect(JSON.stringify(theirs)).not.toContain('Maya');
    expect(storedNames()).toEqual(stored);
    expect(await rowCount()).toBe(rows);
    expect((await download(fileId, lee.token)).bytes).toEqual(PDF);
  });

  it('staff see it on the registration and download it; a staff download is audited', async () => {
    const res = await t.call(
      'GET',
      `/api/admin/registrations/${leeRegistration}/files`,
      undefined,
      checkIn.token,
    );
    expect(res.status).toBe(200);
    expect(res.json).toEqual([expect.objectContaining({ fileId, from: 'Sam Lee', canDelete: false })]);
    expect((await download(fileId, checkIn.token)).bytes).toEqual(PDF);
    const audit = await t.db.select().from(auditLog);
    expect(audit.filter((a) => a.entity === 'sharedFile' && a.action === 'export')).toHaveLength(1);
  });

  it('staff cannot delete a family upload; the family can, and the bytes go with it', async () => {
    expect((await t.call('DELETE', `/api/admin/files/${fileId}`, undefined, director.token)).status).toBe(
      404,
    );
    expect((await t.call('DELETE', `/api/files/${fileId}`, undefined, director.token)).status).toBe(404);
    expect((await t.call('DELETE', `/api/files/${fileId}`, undefined, lee.token)).status).toBe(200);
    expect((await download(fileId, lee.token)).status).toBe(404);
    expect(storedNames()).toEqual([]);
  });
});

describe('uploads refused, with nothing stored', () => {
  const refused = async (res: { status: number; json: unknown }, status: number, message: string) => {
    expect(res.status).toBe(status);
    const shown = english(message);
    expect(res.json).toEqual(status === 413 ? { message: shown } : { errors: { file: shown } });
    expect(storedNames()).toEqual([]);
    expect(await rowCount()).toBe(0);
  };

  it('a web page or a program renamed .pdf (the type is read from the content)', async () => {
    await refused(await upload(lee.token, leeRegistration, 'waiver.pdf', HTML), 400, FILE_MESSAGES.wrongType);
    await refused(await upload(lee.token, leeRegistration, 'waiver.pdf', EXE), 400, FILE_MESSAGES.wrongType);
    await refused(await share(director.token, 'schedule.pdf', HTML), 400, FILE_MESSAGES.wrongType);
  });

  it('an empty file', async () => {
    await refused(
      await upload(lee.token, leeRegistration, 'empty.pdf', new Uint8Array()),
      400,
      FILE_MESSAGES.empty,
    );
  });

  it('a file over 10 MB, and a body over the upload limit by its Content-Length alone', async () => {
    const big = new Uint8Array(MAX_FILE_BYTES + 1);
    big.set(PDF);
    await refused(await upload(lee.token, leeRegistration, 'big.pdf', big), 413, FILE_MESSAGES.tooLarge);
    // A declared 50 MB body is refused before any of it is read (the body here is tiny).
    const res = await t.app.request('/api/files', {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${lee.token}`,
        'Content-Type': 'multipart/form-data; boundary=x',
        'Content-Length': String(50 * 1024 * 1024),
      },
      body: '--x--\r\n',
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: english(FILE_MESSAGES.tooLarge) });
  });

  it('a folder path in the name', async () => {
    for (const name of ['../../x.pdf', 'a/b.pdf', 'a\\\\b.pdf', '..']) {
      await refused(await upload(lee.token, leeRegistration, name, PDF), 400, FILE_MESSAGES.pathInName);
    }
  });

  it('no file, or no registration', async () => {
    const res = await send('/api/files', lee.token, { registrationId: String(leeRegistration) });
    expect(res.status).toBe(400);
    expect(res.json.errors).toHaveProperty('file');
    const noRegistration = await send('/api/files', lee.token, {}, { name: 'w.pdf', bytes: PDF });
    expect(noRegistration.status).toBe(400);
    expect(noRegistration.json.errors).toHaveProperty('registrationId');
    expect(await rowCount()).toBe(0);
  });
});

describe('staff share files', () => {
  it('a director shares the schedule with everyone: every family sees and downloads it; it is audited', async () => {
    const res = await share(director.token, 'Schedule.pdf', PDF);
    expect(res.status, res.text).toBe(201);
    const { fileId } = res.json;
    for (const family of [lee, okafor]) {
      const mine = await list(family.token);
      expect(mine.files).toEqual([
        expect.objectContaining({
          fileId,
          name: 'Schedule.pdf',
          registrationId: null,
          from: english(STAFF_SENDER),
          canDelete: false,
        }),
      ]);
      expect((await download(fileId, family.token)).bytes).toEqual(PDF);
    }
    const audit = await t.db.select().from(auditLog);
    expect(audit.filter((a) => a.entity === 'sharedFile' && a.action === 'create')).toHaveLength(1);
    // A family cannot remove it; the director can.
    expect((await t.call('DELETE', `/api/files/${fileId}`, undefined, lee.token)).status).toBe(404);
    expect((await t.call('DELETE', `/api/admin/files/${fileId}`, undefined, director.token)).status).toBe(
      200,
    );
    expect((await list(lee.token)).files).toEqual([]);
    expect(storedNames()).toEqual([]);
    const after = await t.db.select().from(auditLog);
    expect(after.filter((a) => a.entity === 'sharedFile' && a.action === 'delete')).toHaveLength(1);
  });

  it('a file shared with one registration reaches that family only', async () => {
    const res = await share(director.token, 'Sparring rules.pdf', PDF, okaforRegistration);
    expect(res.status, res.text).toBe(201);
    const { fileId } = res.json;
    expect((await list(okafor.token)).files.map((f: { fileId: string }) => f.fileId)).toEqual([fileId]);
    expect((await list(lee.token)).files).toEqual([]);
    expect((await download(fileId, lee.token)).status).toBe(404);
    expect((await download(fileId, okafor.token)).status).toBe(200);
    const desk = await t.call(
      'GET',
      `/api/admin/registrations/${okaforRegistration}/files`,
      undefined,
      director.token,
    );
    expect(desk.json).toEqual([expect.objectContaining({ fileId, kind: 'share', canDelete: true })]);
    expect((await t.call('DELETE', `/api/admin/files/${fileId}`, undefined, director.token)).status).toBe(
      200,
    );
  });

  it('a CheckInAdmin and a family cannot share; nothing is stored', async () => {
    expect((await share(checkIn.token, 'x.pdf', PDF)).status).toBe(403);
    expect((await share(lee.token, 'x.pdf', PDF)).status).toBe(403);
    expect(await rowCount()).toBe(0);
  });

  it('a photo named .pdf downloads under its real type; other letters survive in the name', async () => {
    const jpeg = await upload(lee.token, leeRegistration, 'scan.pdf', JPEG);
    expect(jpeg.status, jpeg.text).toBe(201);
    const res = await download(jpeg.json.fileId, lee.token);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="scan.jpg"; filename*=UTF-8''scan.jpg`,
    );
    const rules = await share(director.token, 'Règlements 100% 2026.pdf', PDF);
    expect(rules.status, rules.text).toBe(201);
    expect((await download(rules.json.fileId, lee.token)).headers.get('content-disposition')).toBe(
      `attachment; filename="R_glements 100_ 2026.pdf"; filename*=UTF-8''R%C3%A8glements%20100%25%202026.pdf`,
    );
  });
});

describe("a CheckInAdmin reaches a registration's files only at the next tournament (decision 018)", () => {
  it("a past tournament's registration answers 404; a director reaches it", async () => {
    const [past] = await t.db
      .insert(tournaments)
      .values({
        tournamentDate: '2025-11-22',
        registrationOpensOn: '2025-09-01',
        registrationClosesAfter: '2025-11-15',
        competitorOnlineCost: 40,
        competitorDoorCost: 50,
        spectatorCost: 5,
        lunchCost: 0,
        city: 'Sudbury',
        venue: 'Old Gym',
      })
      .returning();
    const levelId = (
      await t.call('GET', `/api/admin/competitor-levels`, undefined, (await t.createUser('SuperAdmin')).token)
    ).json[0].id as number;
    const old = await insertFamily(t, {
      ownerUserId: lee.user.id,
      tournamentId: past!.id,
      competitorLevelId: levelId,
      competitors: 1,
    });
    const res = await upload(lee.token, old.registrationId, 'old waiver.pdf', PDF);
    expect(res.status).toBe(201);
    expect(
      (await t.call('GET', `/api/admin/registrations/${old.registrationId}/files`, undefined, checkIn.token))
        .status,
    ).toBe(404);
    expect((await download(res.json.fileId, checkIn.token)).status).toBe(404);
    expect(
      (await t.call('GET', `/api/admin/registrations/${old.registrationId}/files`, undefined, director.token))
        .status,
    ).toBe(200);
    expect((await download(res.json.fileId, director.token)).status).toBe(200);
  });
});

describe('quotas: files and bytes per registration, uploads per account, and the disk floor (decision 033)', () => {
  // Small quotas, so a few tiny files reach them: 3 files, or two PDFs and a photo's bytes.
  const small = {
    maxFilesPerRegistration: 3,
    maxBytesPerRegistration: 2 * PDF.byteLength + JPEG.byteLength,
    minFreeDiskBytes: 0,
  };
  let defaults: typeof t.deps.config.uploads;
  let flood: User;
  let floodRegistrations: number[];
  beforeAll(async () => {
    defaults = t.deps.config.uploads;
    t.deps.config.uploads = small;
    flood = await t.createUser('Customer', { firstName: 'Fay', lastName: 'Flood' });
    const levelId = (
      await t.call('GET', `/api/admin/competitor-levels`, undefined, (await t.createUser('SuperAdmin')).token)
    ).json[0].id as number;
    const tournamentId = (await t.call('GET', '/api/tournaments')).json[0].id as number;
    floodRegistrations = [];
    for (let i = 0; i < 8; i++) {
      floodRegistrations.push(
        (
          await insertFamily(t, {
            ownerUserId: flood.user.id,
            tournamentId,
            competitorLevelId: levelId,
            competitors: 1,
          })
        ).registrationId,
      );
    }
  });
  afterAll(() => {
    t.deps.config.uploads = defaults;
  });

  it("refuses a file past the registration's files or bytes (422), storing nothing; a deleted file makes room; staff shares do not count", async () => {
    const [reg] = floodRegistrations;
    const ids: string[] = [];
    for (const name of ['a.pdf', 'b.pdf']) {
      const res = await upload(flood.token, reg!, name, PDF);
      expect(res.status, res.text).toBe(201);
      ids.push(res.json.fileId);
    }
    const stored = storedNames();
    const rows = await rowCount();
    // A third PDF would pass the bytes.
    const tooBig = await upload(flood.token, reg!, 'c.pdf', PDF);
    expect(tooBig.status).toBe(422);
    expect(tooBig.json).toEqual({
      message: english(FILE_MESSAGES.registrationFull(small.maxBytesPerRegistration, 2 * PDF.byteLength)),
    });
    // A small photo fits: three files.
    expect((await upload(flood.token, reg!, 'c.jpg', JPEG)).status).toBe(201);
    const fourth = await upload(flood.token, reg!, 'd.jpg', JPEG);
    expect(fourth.status).toBe(422);
    expect(fourth.json).toEqual({ message: english(FILE_MESSAGES.tooManyFiles(3)) });
    expect(storedNames()).toHaveLength(stored.length + 1);
    expect(await rowCount()).toBe(rows + 1);
    // The director can still share a file with the family.
    expect((await share(director.token, 'Rules.pdf', PDF, reg)).status).toBe(201);
    // Deleting one of its own files gives the family its place back.
    expect((await t.call('DELETE', `/api/files/${ids[0]}`, undefined, flood.token)).status).toBe(200);
    expect((await upload(flood.token, reg!, 'd.jpg', JPEG)).status).toBe(201);
  });

  it('throttles one account: past 20 uploads in ten minutes, a 429 with Retry-After, whatever the registration', async () => {
    await t.db.delete(rateLimits);
    const statuses: number[] = [];
    for (let i = 0; i < UPLOADS_PER_ACCOUNT; i++) {
      const reg = floodRegistrations[1 + Math.floor(i / 3)]!; // 3 files each: no quota in the way
      statuses.push((await upload(flood.token, reg, `scan-${i}.jpg`, JPEG)).status);
    }
    expect(statuses).toEqual(Array(UPLOADS_PER_ACCOUNT).fill(201));
    const rows = await rowCount();
    const oneMore = multipartOf(floodRegistrations[7]!);
    const res = await t.app.request('/api/files', {
      method: 'POST',
      headers: { Authorization: `Bearer ${flood.token}`, 'Content-Type': oneMore.contentType },
      body: oneMore.body,
    });
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(UPLOAD_WINDOW_SECONDS);
    expect(await res.json()).toEqual({ message: english(FILE_MESSAGES.tooManyUploads(retryAfter)) });
    expect(await rowCount()).toBe(rows);
    // Another family is not slowed down by it.
    expect((await upload(okafor.token, okaforRegistration, 'w.jpg', JPEG)).status).toBe(201);
  });

  it('refuses any upload (507) while the disk would keep less than the floor, and says so', async () => {
    await t.db.delete(rateLimits);
    t.deps.config.uploads = {
      ...small,
      maxFilesPerRegistration: 100,
      minFreeDiskBytes: Number.MAX_SAFE_INTEGER,
    };
    try {
      const stored = storedNames();
      const rows = await rowCount();
      for (const res of [
        await upload(okafor.token, okaforRegistration, 'x.jpg', JPEG),
        await share(director.token, 'Schedule.pdf', PDF),
      ]) {
        expect(res.status).toBe(507);
        expect(res.json).toEqual({ message: english(FILE_MESSAGES.diskFull) });
      }
      expect(storedNames()).toEqual(stored);
      expect(await rowCount()).toBe(rows);
    } finally {
      t.deps.config.uploads = small;
    }
  });
});
