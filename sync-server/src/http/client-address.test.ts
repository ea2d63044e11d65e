import { describe, expect, it } from 'vitest';
import { addressBehindProxies } from './client-address.ts';

describe('client address for rate limits', () => {
  it('ignores X-Forwarded-For when no proxy is trusted', () => {
    expect(addressBehindProxies('198.51.100.1', '203.0.113.9', [])).toBe('198.51.100.1');
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', () => {
    expect(addressBehindProxies('198.51.100.1', '203.0.113.9', ['loopback'])).toBe('198.51.100.1');
  });

  it('believes a loopback proxy, taking the right-most untrusted hop (a spoofed left part is ignored)', () => {
    expect(addressBehindProxies('::ffff:127.0.0.1', '1.2.3.4, 203.0.113.9', ['loopback'])).toBe(
      '203.0.113.9',
    );
    expect(addressBehindProxies('::1', '203.0.113.9, 127.0.0.1', ['loopback'])).toBe('203.0.113.9');
  });

  it('believes a listed proxy address', () => {
    expect(addressBehindProxies('10.0.0.5', '203.0.113.9', ['10.0.0.5'])).toBe('203.0.113.9');
    expect(addressBehindProxies('10.0.0.6', '203.0.113.9', ['10.0.0.5'])).toBe('10.0.0.6');
  });
});
