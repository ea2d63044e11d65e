import { randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { Config, S3Config } from '../config/env.ts';

// Where shared files' bytes live (decisions 025 and 030): under DATA_DIR/uploads, or
// in an S3-compatible bucket when S3_BUCKET is set, each under the random id the server made
// for it, never under a name a person chose.

export interface StoredFile {
  body: ReadableStream<Uint8Array>;
  size: number;
}

export interface FileStore {
  /** Writes the whole file; a reader never sees it half written. */
  put(key: string, data: Uint8Array): Promise<void>;
  /** The file's bytes as a stream, or undefined when it is not there. */
  open(key: string): Promise<StoredFile | undefined>;
  /** Removes it; a missing file is not an error. */
  remove(key: string): Promise<void>;
  /**
   * Bytes free where the files are kept, when they share a disk with this server (DATA_DIR,
   * where the embedded database lives too); null for a bucket, whose space is not ours to count.
   */
  freeBytes(): Promise<number | null>;
}

/** A fresh file id: 128 random bits, URL-safe (22 characters). */
export function newFileKey(): string {
  return randomBytes(16).toString('base64url');
}

const KEY = /^[A-Za-z0-9_-]{22}$/;

/** Whether `key` could be one `newFileKey` made (anything else names no file). */
export function isFileKey(key: string): boolean {
  return KEY.test(key);
}

/** Only keys this module made reach the disk: anything else could name a path. */
function assertKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`Not a file key: ${JSON.stringify(key)}`);
}

export function localFileStore(dir: string): FileStore {
  const where = (key: string) => {
    assertKey(key);
    return path.join(dir, key);
  };
  return {
    async put(key, data) {
      const target = where(key);
      await fsp.mkdir(dir, { recursive: true, mode: 0o700 });
      // Written beside, then renamed: a crash leaves a stray .part, never a truncated file.
      const part = `${target}.${randomBytes(4).toString('hex')}.part`;
      await fsp.writeFile(part, data, { mode: 0o600, flag: 'wx' });
      await fsp.rename(part, target);
    },
    async open(key) {
      let handle: fsp.FileHandle;
      try {
        handle = await fsp.open(where(key), 'r');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw err;
      }
      const { size } = await handle.stat();
      const stream = handle.createReadStream({ autoClose: true });
      return { body: Readable.toWeb(stream) as ReadableStream<Uint8Array>, size };
    },
    async remove(key) {
      await fsp.rm(where(key), { force: true });
    },
    async freeBytes() {
      // The folder is made by the first upload: until then, the nearest folder above it that exists.
      for (let at = dir; ; at = path.dirname(at)) {
        try {
          const disk = await fsp.statfs(at);
          return disk.bavail * disk.bsize;
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || path.dirname(at) === at) throw err;
        }
      }
    },
  };
}

/** Where a file's bytes sit in the bucket: beside the local layout, so one prefix holds them all. */
export const S3_KEY_PREFIX = 'uploads/';

/**
 * Shared files in an S3-compatible bucket (decision 030), through the official SDK. PutObject is
 * atomic, so a reader never sees half a file, as with the local store's rename.
 */
export function s3FileStore(config: S3Config): FileStore {
  // The SDK is loaded on first use: a server keeping files under DATA_DIR never loads it.
  let sdk: Promise<{ s3: typeof S3Sdk; client: S3Sdk.S3Client }> | undefined;
  const ready = () =>
    (sdk ??= import('@aws-sdk/client-s3').then((s3) => ({
      s3,
      client: new s3.S3Client({
        region: config.region,
        ...(config.endpoint ? { endpoint: config.endpoint } : {}),
        ...(config.credentials ? { credentials: config.credentials } : {}),
        forcePathStyle: config.forcePathStyle,
        // Checksums only where an operation needs one: several S3-compatible services refuse the
        // SDK's default CRC32 headers; TLS and SigV4 over the payload hash guard the bytes anyway.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    })));
  const objectKey = (key: string) => {
    assertKey(key);
    return `${S3_KEY_PREFIX}${key}`;
  };
  return {
    async put(key, data) {
      const Key = objectKey(key);
      const { s3, client } = await ready();
      await client.send(
        new s3.PutObjectCommand({
          Bucket: config.bucket,
          Key,
          Body: data,
          ContentLength: data.byteLength,
          // The detected type is on our row; the bucket never serves the bytes to a browser.
          ContentType: 'application/octet-stream',
        }),
      );
    },
    async open(key) {
      const Key = objectKey(key);
      const { s3, client } = await ready();
      try {
        const res = await client.send(new s3.GetObjectCommand({ Bucket: config.bucket, Key }));
        if (!res.Body) return undefined;
        return {
          body: res.Body.transformToWebStream() as ReadableStream<Uint8Array>,
          size: res.ContentLength ?? 0,
        };
      } catch (err) {
        if (err instanceof s3.NoSuchKey) return undefined;
        throw err;
      }
    },
    async remove(key) {
      const Key = objectKey(key);
      const { s3, client } = await ready();
      // S3 answers a missing key's delete with 204 as well.
      await client.send(new s3.DeleteObjectCommand({ Bucket: config.bucket, Key }));
    },
    async freeBytes() {
      return null;
    },
  };
}

const stores = new Map<string, FileStore>();

/**
 * The store of a server's configuration (one per place, made on first use): the S3 bucket when
 * S3_BUCKET is set, else DATA_DIR/uploads.
 */
export function fileStoreFor(config: Pick<Config, 'dataDir' | 's3'>): FileStore {
  const s3 = config.s3;
  const where = s3 ? `s3:${JSON.stringify(s3)}` : `dir:${path.join(config.dataDir, 'uploads')}`;
  let store = stores.get(where);
  if (!store) {
    store = s3 ? s3FileStore(s3) : localFileStore(path.join(config.dataDir, 'uploads'));
    stores.set(where, store);
  }
  return store;
}
