import { describe, expect, it } from 'vitest';
import { backupStale, deliveryFailing, queueStuck } from './server-health.ts';

// Decision 041: when the System page and the alerts call a backup old, a queue stuck, sending failing.

describe('backupStale', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it('is stale with no backup at all', () => {
    expect(backupStale(undefined, now)).toBe(true);
  });
  it('is fresh at 26 hours old, stale just after (a nightly backup missed)', () => {
    expect(backupStale(new Date('2026-11-21T10:00:00Z'), now)).toBe(false);
    expect(backupStale(new Date('2026-11-21T09:59:59Z'), now)).toBe(true);
  });
});

describe('queueStuck', () => {
  it('is not stuck while the oldest waiting job has waited 10 minutes or less', () => {
    expect(queueStuck(0)).toBe(false);
    expect(queueStuck(600)).toBe(false);
  });
  it('is stuck once it has waited longer', () => {
    expect(queueStuck(601)).toBe(true);
  });
});

describe('deliveryFailing', () => {
  it('takes one or two refusals in a row for bad addresses, three for a failing server', () => {
    expect(deliveryFailing(0)).toBe(false);
    expect(deliveryFailing(2)).toBe(false);
    expect(deliveryFailing(3)).toBe(true);
  });
});
