import { randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';

// Where shared files' bytes live (issue 16; docs/decisions/025-file-sharing.md): under
// DATA_DIR/uploads, each under the random id the server made for it, never under a name a
// person chose. S3-compatible storage is not built yet (the decision says why); it would be
// another FileStore.

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
}

/** A fresh file id: 128 random bits, URL-safe (22 characters). */
export function newFileKey(): string {
  return randomBytes(16).toString('base64url');
}

const KEY = /^[A-Za-z0-9_-]{22}$/;

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
  };
}

const stores = new Map<string, FileStore>();

/** The store of a server's DATA_DIR (one per directory, made on first use). */
export function fileStoreFor(dataDir: string): FileStore {
  const dir = path.join(dataDir, 'uploads');
  let store = stores.get(dir);
  if (!store) {
    store = localFileStore(dir);
    stores.set(dir, store);
  }
  return store;
}
