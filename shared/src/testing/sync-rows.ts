import type { SyncCompetitor, SyncPayment, SyncRegistration } from '../contract/sync.ts';

// Test fixtures of the rows a device holds (the checkin scope): one family, the Lees, with
// one competitor and a $40 balance; tests pass the fields they care about. Not exported from
// the package index: tests import this module directly ('@shared/testing/sync-rows.ts' in web).

export function syncRegistration(over: Partial<SyncRegistration> = {}): SyncRegistration {
  return {
    id: 1,
    tournamentId: 1,
    familyName: 'Lee',
    ownerFirstName: 'Pat',
    isCompleted: true,
    confirmationCodes: ['ABCD2345'],
    balanceOwing: 40,
    competitorCount: 1,
    cost: 40,
    amountPaid: 0,
    isWalkIn: false,
    walkInId: null,
    version: 1,
    ...over,
  };
}

export function syncCompetitor(over: Partial<SyncCompetitor> = {}): SyncCompetitor {
  return {
    id: 10,
    registrationId: 1,
    firstName: 'Maya',
    lastName: 'Lee',
    checkedInAt: null,
    checkedInBy: null,
    checkedInByName: null,
    version: 1,
    ...over,
  };
}

/** A cash door payment of $40 to registration 1, recorded by Dana Door (person 7). */
export function syncPayment(over: Partial<SyncPayment> = {}): SyncPayment {
  return {
    id: 'a1b2c3d4-0000-4000-8000-000000000001',
    registrationId: 1,
    method: 'cash',
    amount: 40,
    tendered: null,
    createdAt: '2026-11-21T13:00:00.000Z',
    recordedBy: 7,
    recordedByName: 'Dana Door',
    voided: false,
    voidReason: null,
    voidedAt: null,
    voidedBy: null,
    voidedByName: null,
    version: 1,
    ...over,
  };
}
