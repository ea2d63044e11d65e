import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './env.ts';

// DESIGN.md section 3: exactly PORT, DATABASE_URL, DATA_DIR, SMTP_URL, JWT_SECRET, PUBLIC_URL.

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

  it('refuses a JWT_SECRET shorter than 32 characters', () => {
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET must be at least 32 characters/);
  });

  it('refuses a PUBLIC_URL that is not an absolute http(s) URL', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'nomac.example' })).toThrow(
      /PUBLIC_URL must be an absolute http\(s\) URL/,
    );
  });

  it('ignores variables outside the contract', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SOMETHING_ELSE: 'x' })).not.toThrow();
  });
});
