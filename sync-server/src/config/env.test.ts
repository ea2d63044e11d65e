import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './env.ts';

// docs/design.md §3: exactly PORT, DATABASE_URL, DATA_DIR, SMTP_URL, JWT_SECRET, PUBLIC_URL.

describe('configuration', () => {
  it('has the documented defaults when nothing is set', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.dataDir).toBe(path.resolve('./data'));
    expect(c.smtpUrl).toBeUndefined();
    expect(c.jwtSecret).toBeUndefined();
    expect(c.publicUrl).toBe('http://localhost:3000');
  });

  it('reads every variable, and PUBLIC_URL defaults to the port', () => {
    const c = loadConfig({
      PORT: '3401',
      DATABASE_URL: 'postgres://u@db:5432/x',
      DATA_DIR: '/tmp/somewhere',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      JWT_SECRET: 'x'.repeat(32),
    });
    expect(c).toMatchObject({
      port: 3401,
      databaseUrl: 'postgres://u@db:5432/x',
      dataDir: '/tmp/somewhere',
      smtpUrl: 'smtp://127.0.0.1:2525',
      jwtSecret: 'x'.repeat(32),
      publicUrl: 'http://localhost:3401',
    });
    expect(loadConfig({ PUBLIC_URL: 'https://nomac.example/' }).publicUrl).toBe('https://nomac.example');
  });

  it('treats empty variables as unset', () => {
    const c = loadConfig({ DATABASE_URL: '', SMTP_URL: ' ', JWT_SECRET: '', PUBLIC_URL: '' });
    expect(c.databaseUrl).toBeUndefined();
    expect(c.smtpUrl).toBeUndefined();
    expect(c.jwtSecret).toBeUndefined();
    expect(c.publicUrl).toBe('http://localhost:3000');
  });

  it.each(['abc', '-1', '70000', '3.5'])('refuses PORT=%s', (PORT) => {
    expect(() => loadConfig({ PORT })).toThrow(/Invalid configuration:\nPORT/);
  });

  it('refuses a LOG_LEVEL that names no level, saying which levels there are; takes one in any case', () => {
    expect(() => loadConfig({ LOG_LEVEL: 'verbose' })).toThrow(
      /Invalid configuration:\nLOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent/,
    );
    expect(() => loadConfig({ LOG_LEVEL: 'Debug' })).not.toThrow();
  });

  it('refuses a JWT_SECRET shorter than 32 characters', () => {
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET must be at least 32 characters/);
  });

  it('refuses a PUBLIC_URL that is not an absolute http(s) URL', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'nomac.example' })).toThrow(
      /PUBLIC_URL must be an absolute http\(s\) URL/,
    );
  });

  it('caps uploads by default (20 files and 100 MB a registration, 1 GiB kept free) and reads UPLOAD_*', () => {
    expect(loadConfig({}).uploads).toEqual({
      maxFilesPerRegistration: 20,
      maxBytesPerRegistration: 100 * 1024 * 1024,
      minFreeDiskBytes: 1024 * 1024 * 1024,
    });
    expect(
      loadConfig({
        UPLOAD_MAX_FILES_PER_REGISTRATION: '5',
        UPLOAD_MAX_MB_PER_REGISTRATION: '30',
        UPLOAD_MIN_FREE_DISK_MB: '0',
      }).uploads,
    ).toEqual({ maxFilesPerRegistration: 5, maxBytesPerRegistration: 30 * 1024 * 1024, minFreeDiskBytes: 0 });
    expect(loadConfig({ UPLOAD_MIN_FREE_DISK_MB: ' ' }).uploads.minFreeDiskBytes).toBe(1024 * 1024 * 1024);
  });

  it.each([
    ['UPLOAD_MAX_FILES_PER_REGISTRATION', '0'],
    ['UPLOAD_MAX_MB_PER_REGISTRATION', 'lots'],
    ['UPLOAD_MIN_FREE_DISK_MB', '-1'],
    ['UPLOAD_MIN_FREE_DISK_MB', '1.5'],
  ])('refuses %s=%s, naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(
      new RegExp(`${name} must be a whole number of at least`),
    );
  });

  it('ignores variables outside the contract', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SOMETHING_ELSE: 'x' })).not.toThrow();
  });

  describe('S3-compatible storage for shared files (decision 030)', () => {
    it('is off without S3_BUCKET: files stay under DATA_DIR', () => {
      expect(loadConfig({}).s3).toBeUndefined();
    });

    it('reads the bucket, endpoint, region, keys and path style', () => {
      const c = loadConfig({
        S3_BUCKET: 'nomac-files',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_REGION: 'ca-central-1',
        S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      });
      expect(c.s3).toEqual({
        bucket: 'nomac-files',
        endpoint: 'http://127.0.0.1:9000',
        region: 'ca-central-1',
        credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret' },
        forcePathStyle: true,
      });
    });

    it("with the bucket alone: AWS's endpoints, us-east-1, the SDK's own credentials, virtual-host style", () => {
      expect(loadConfig({ S3_BUCKET: 'nomac-files' }).s3).toEqual({
        bucket: 'nomac-files',
        endpoint: undefined,
        region: 'us-east-1',
        credentials: undefined,
        forcePathStyle: false,
      });
    });

    it('refuses at start any other S3_* variable without S3_BUCKET, naming each', () => {
      expect(() =>
        loadConfig({
          S3_ENDPOINT: 'http://127.0.0.1:9000',
          S3_ACCESS_KEY_ID: 'a',
          S3_SECRET_ACCESS_KEY: 'b',
        }),
      ).toThrow(
        /Invalid configuration:\nS3_ENDPOINT: is set but S3_BUCKET is not.*\nS3_ACCESS_KEY_ID: is set but S3_BUCKET is not.*\nS3_SECRET_ACCESS_KEY: is set but S3_BUCKET is not/,
      );
    });

    it('refuses one access key without the other', () => {
      for (const half of [{ S3_ACCESS_KEY_ID: 'a' }, { S3_SECRET_ACCESS_KEY: 'b' }]) {
        expect(() => loadConfig({ S3_BUCKET: 'nomac-files', ...half })).toThrow(
          /S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither/,
        );
      }
    });

    it('refuses an endpoint that is not an http(s) URL, and a path style that is not true or false', () => {
      expect(() => loadConfig({ S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' })).toThrow(
        /S3_ENDPOINT must be an absolute http\(s\) URL/,
      );
      expect(() => loadConfig({ S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'yes' })).toThrow(
        /S3_FORCE_PATH_STYLE must be true or false/,
      );
    });

    it('treats empty S3 variables as unset', () => {
      expect(loadConfig({ S3_BUCKET: '', S3_ENDPOINT: ' ', S3_REGION: '' }).s3).toBeUndefined();
    });
  });
});
