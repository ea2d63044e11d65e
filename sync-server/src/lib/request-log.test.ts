import { describe, expect, it } from 'vitest';
import { PUBLIC_READ_SAMPLE, sampleOf } from './request-log.ts';

// Decision 020: the request log stays complete for what matters (writes, errors, pages, private
// reads) and samples only the cached public reads, each line saying how many it stands for.

describe('request log sampling', () => {
  it('logs every write, every error and every other read', () => {
    expect(sampleOf({ method: 'PUT', path: '/api/email/contactUs', status: 200 })).toBe('always');
    expect(sampleOf({ method: 'POST', path: '/api/tournaments', status: 200 })).toBe('always');
    expect(sampleOf({ method: 'GET', path: '/api/tournaments', status: 500 })).toBe('always');
    expect(sampleOf({ method: 'GET', path: '/api/registration/7', status: 200 })).toBe('always');
    expect(sampleOf({ method: 'GET', path: '/user/verification/abc', status: 200 })).toBe('always');
  });

  it('writes one line per PUBLIC_READ_SAMPLE answers of a public read, standing for all of them', () => {
    const outcomes = Array.from({ length: PUBLIC_READ_SAMPLE * 3 }, () =>
      sampleOf({ method: 'GET', path: '/api/event-types', status: 200 }),
    );
    const written = outcomes.filter((o) => o !== 'skip');
    expect(written).toHaveLength(3);
    expect(written.reduce<number>((n, o) => n + (typeof o === 'number' ? o : 0), 0)).toBe(PUBLIC_READ_SAMPLE * 3);
  });
});
