import { describe, expect, it } from 'vitest';
import { logDigest } from './failure-log.ts';

describe("a failed test's server digest", () => {
  it('lists the warnings and errors, then the last lines, each trimmed', () => {
    const info = (i: number) => JSON.stringify({ level: 30, msg: `request ${i}` });
    const log = [
      JSON.stringify({ level: 40, msg: 'sync poke failed' }),
      ...Array.from({ length: 30 }, (_, i) => info(i)),
      JSON.stringify({ level: 50, msg: 'x'.repeat(1000) }),
      info(30),
    ].join('\n');
    const digest = logDigest(log).split('\n');
    expect(digest[0]).toBe('warnings and errors (last 20):');
    expect(digest[1]).toContain('sync poke failed');
    expect(digest[2]).toMatch(/^\{"level":50,"msg":"x+…$/);
    expect(digest[2]!.length).toBe(401);
    expect(digest[3]).toBe('last 15 lines:');
    expect(digest.slice(4)).toHaveLength(15);
    expect(digest.at(-1)).toContain('request 30');
    expect(digest.join('\n')).not.toContain('request 15"');
  });

  it('says so when the server warned of nothing', () => {
    expect(logDigest('{"level":30,"msg":"listening"}\n').split('\n').slice(0, 2)).toEqual([
      'warnings and errors (last 20):',
      '(none)',
    ]);
  });
});
