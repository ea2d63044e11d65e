import { describe, expect, it } from 'vitest';
import { needsRefresh, tokenExpiry } from './session-keeper.ts';

const jwt = (claims: object) => `e30.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.sig`;

describe('the session keeper', () => {
  it('reads the expiry of an access token', () => {
    expect(tokenExpiry(jwt({ exp: 1_000 }))).toBe(1_000_000);
    expect(tokenExpiry('not a token')).toBeUndefined();
  });

  it('refreshes within the last minute of a token, not before', () => {
    const token = jwt({ exp: 1_000 });
    expect(needsRefresh(token, 1_000_000 - 120_000)).toBe(false);
    expect(needsRefresh(token, 1_000_000 - 30_000)).toBe(true);
    expect(needsRefresh(token, 1_000_000 + 1)).toBe(true);
  });
});
