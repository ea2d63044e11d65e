import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_SENDER } from '@tournament/shared';
import { loadConfig } from '../config/env.ts';
import { english } from '../testing/english.ts';
import { sharedFiles } from '../db/schema.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { downloadFile, fileSharingFamilies, PDF, sendMultipart } from '../testing/multipart.ts';
import { startS3StandIn, type S3StandIn } from '../testing/s3-stand-in.ts';

// Decision 030: with S3_BUCKET set, shared files live in an S3-compatible bucket.
// The real @aws-sdk/client-s3 talks to a local stand-in at the HTTP boundary (which checks its
// SigV4 signatures); the app's own file routes are driven as in files.test.ts, and every access
// rule still holds. Runs on PGlite, and on PostgreSQL with DATABASE_URL.

type User = Awaited<ReturnType<TestApp['createUser']>>;
let t: TestApp;
let s3: S3StandIn;
let dataDir: string;
let lee: User;
let okafor: User;
let director: User;
let leeRegistration: number;


const upload = (token: string, registrationId: number, name: string, bytes: Uint8Array) =>
  sendMultipart(t, '/api/files', token, { registrationId: String(registrationId) }, { name, bytes });
const download = (fileId: string, token: string) => downloadFile(t, fileId, token);
const bucketKeys = () => [...s3.objects.keys()].sort();

beforeAll(async () => {
  s3 = await startS3StandIn();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nomac-files-s3-'));
  t = await createTestApp({
    now: '2026-11-22T12:00:00Z',
    config: {
      dataDir,
      // A disk floor no disk could keep (decision 033): files in a bucket do not fill DATA_DIR's
      // disk, so it never refuses them; every upload below still lands.
      uploads: { ...loadConfig({}).uploads, minFreeDiskBytes: Number.MAX_SAFE_INTEGER },
      s3: {
        bucket: s3.bucket,
        endpoint: s3.url,
        region: s3.region,
        credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
        forcePathStyle: true,
      },
    },
  });
  ({ lee, okafor, director, leeRegistration } = await fileSharingFamilies(t));
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('shared files in S3-compatible storage', () => {
  let fileId: string;

  it("a family's upload lands in the bucket under a server-made key, not on the server's disk", async () => {
    const res = await upload(lee.token, leeRegistration, 'Maya waiver.pdf', PDF);
    expect(res.status, res.text).toBe(201);
    fileId = res.json.fileId;
    expect(bucketKeys()).toEqual([`uploads/${fileId}`]);
    expect(fileId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(bucketKeys().join()).not.toMatch(/waiver|Maya/i);
    expect(new Uint8Array(s3.objects.get(`uploads/${fileId}`)?.body ?? [])).toEqual(PDF);
    expect(fs.existsSync(path.join(dataDir, 'uploads'))).toBe(false);
  });

  it('downloads from the bucket as an attachment in its stored type', async () => {
    const before = s3.requests.length;
    const res = await download(fileId, lee.token);
    expect(res.status).toBe(200);
    expect(res.bytes).toEqual(PDF);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="Maya waiver.pdf"; filename*=UTF-8''Maya%20waiver.pdf`,
    );
    expect(s3.requests.slice(before)).toEqual([`GET uploads/${fileId}`]);
  });

  it('another family reaches it neither by id nor by name, and the bucket is not asked', async () => {
    const before = s3.requests.length;
    for (const url of [
      `/api/files/${fileId}`,
      '/api/files/Maya%20waiver.pdf',
      `/api/files/uploads%2F${fileId}`,
    ]) {
      expect((await t.call('GET', url, undefined, okafor.token)).status, url).toBe(404);
      expect((await t.call('DELETE', url, undefined, okafor.token)).status, url).toBe(404);
    }
    expect(s3.requests.slice(before)).toEqual([]);
    expect(bucketKeys()).toEqual([`uploads/${fileId}`]);
  });

  it('a share with everyone reaches every family from the bucket', async () => {
    const res = await sendMultipart(
      t,
      '/api/admin/files',
      director.token,
      {},
      { name: 'Schedule.pdf', bytes: PDF },
    );
    expect(res.status, res.text).toBe(201);
    const share = res.json.fileId as string;
    expect(bucketKeys()).toEqual([`uploads/${fileId}`, `uploads/${share}`].sort());
    for (const family of [lee, okafor]) {
      const got = await download(share, family.token);
      expect(got.status).toBe(200);
      expect(got.bytes).toEqual(PDF);
    }
    const listed = (await t.call('GET', '/api/files', undefined, okafor.token)).json.files;
    expect(listed).toEqual([expect.objectContaining({ fileId: share, from: english(STAFF_SENDER) })]);
    expect((await t.call('DELETE', `/api/admin/files/${share}`, undefined, director.token)).status).toBe(200);
    expect(bucketKeys()).toEqual([`uploads/${fileId}`]);
  });

  it('an object gone from the bucket answers 404, not a server error', async () => {
    const orphan = await upload(lee.token, leeRegistration, 'Medical form.pdf', PDF);
    expect(orphan.status, orphan.text).toBe(201);
    s3.objects.delete(`uploads/${orphan.json.fileId}`);
    expect((await download(orphan.json.fileId, lee.token)).status).toBe(404);
    expect((await t.call('DELETE', `/api/files/${orphan.json.fileId}`, undefined, lee.token)).status).toBe(
      200,
    );
  });

  it("the family deletes its upload and the bucket's object goes with it", async () => {
    expect((await t.call('DELETE', `/api/files/${fileId}`, undefined, lee.token)).status).toBe(200);
    expect(bucketKeys()).toEqual([]);
    expect(await t.db.select().from(sharedFiles)).toEqual([]);
    expect((await download(fileId, lee.token)).status).toBe(404);
  });
});
