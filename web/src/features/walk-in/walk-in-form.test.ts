import { describe, expect, it } from 'vitest';
import { tm } from '@web/lib/i18n.tsx';
import { runMutation, MemoryStore } from '@shared/domain/mutators/index.ts';
import {
  emptyCompetitor,
  formTotal,
  initialWalkInForm,
  walkInFromForm,
  type WalkInFormState,
  type WalkInOptions,
} from './walk-in-form.ts';

const options: WalkInOptions = {
  tournament: {
    id: 3,
    tournamentDate: '2026-11-22',
    competitorOnlineCost: 40,
    competitorDoorCost: 50,
    spectatorCost: 10,
    lunchCost: 12,
  },
  options: {
    events: [
      { id: 1, name: 'Forms', eventTypeId: 1, eventTypeTitle: 'Forms', requiresWeight: false },
      { id: 2, name: 'Sparring', eventTypeId: 2, eventTypeTitle: 'Sparring', requiresWeight: true },
    ],
    competitorLevels: [{ id: 4, name: 'Beginner' }],
  },
  fetchedAt: '2026-11-22T08:00:00.000Z',
};
const ids = {
  walkInId: 'b1b2c3d4-0000-4000-8000-0000000000aa',
  paymentId: 'c1b2c3d4-0000-4000-8000-0000000000bb',
};
const now = new Date('2026-11-22T09:00:00.000Z');

function filled(): WalkInFormState {
  const f = initialWalkInForm('en');
  return {
    ...f,
    contact: { firstName: 'Sam', lastName: 'Ortiz', email: '', phoneNumber: '' },
    competitors: [
      {
        ...emptyCompetitor('Ortiz'),
        firstName: 'Ana',
        dateOfBirth: '2015-03-02',
        gender: '2',
        competitorLevelId: '4',
        eventIds: [1],
        emergencyContactName: 'Sam Ortiz',
        emergencyContactPhone: '6135550100',
        emergencyContactRelationship: 'Parent',
        guardianConsent: true,
      },
    ],
    spectators: '1',
    payment: { method: 'cash', amount: '60', tendered: '100' },
  };
}

describe('walk-in form', () => {
  it('prices competitors at the door price and spectators at the spectator price', () => {
    expect(formTotal(filled(), options.tournament)).toBe(60);
    expect(
      formTotal(
        { ...filled(), spectators: '', competitors: [emptyCompetitor(), emptyCompetitor()] },
        options.tournament,
      ),
    ).toBe(100);
  });

  it('makes one registerWalkIn@1 that the shared mutator accepts: paid, checked in, change due', async () => {
    const result = walkInFromForm(filled(), options, ids, now);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.args).toMatchObject({
      walkInId: ids.walkInId,
      spectators: 1,
      checkIn: true,
      quotedTotal: 60,
      payment: { paymentId: ids.paymentId, method: 'cash', amount: 60, tendered: 100 },
      at: now.toISOString(),
    });
    const store = new MemoryStore();
    const out = (await runMutation(store, 'registerWalkIn@1', result.args, {
      now,
      actor: { personId: 7, displayName: 'Dana Door' },
      side: 'device',
    })) as { changeDue: number; checkIns: unknown[] };
    expect(out.changeDue).toBe(40);
    expect(out.checkIns).toHaveLength(1);
  });

  it('joins an existing account only when staff ticked that the family confirmed its e-mail', () => {
    const withEmail = { ...filled(), contact: { ...filled().contact, email: 'pat@example.com' } };
    const unasked = walkInFromForm(withEmail, options, ids, now);
    expect(unasked.ok && unasked.args.attachToAccount).toBe(false);
    const confirmed = walkInFromForm({ ...withEmail, attachToAccount: true }, options, ids, now);
    expect(confirmed.ok && confirmed.args.attachToAccount).toBe(true);
    // Ticked, then the e-mail cleared: nothing to attach to.
    const cleared = walkInFromForm({ ...filled(), attachToAccount: true }, options, ids, now);
    expect(cleared.ok && cleared.args.attachToAccount).toBe(false);
  });

  it("carries the family's language as asked at the desk; it starts as the desk's own", () => {
    expect(initialWalkInForm('fr').language).toBe('fr');
    const english = walkInFromForm(filled(), options, ids, now);
    expect(english.ok && english.args.language).toBe('en');
    const french = walkInFromForm({ ...filled(), language: 'fr' }, options, ids, now);
    expect(french.ok && french.args.language).toBe('fr');
  });

  it('leaves the payment out when staff take none now', () => {
    const result = walkInFromForm({ ...filled(), takePayment: false, checkIn: false }, options, ids, now);
    expect(result.ok && result.args.payment).toBeUndefined();
    expect(result.ok && result.args.checkIn).toBe(false);
  });

  it('names each problem by its field, with the shared competitor rules', () => {
    const f = filled();
    const c = f.competitors[0]!;
    const result = walkInFromForm(
      {
        ...f,
        contact: { ...f.contact, firstName: '', phoneNumber: '123' },
        competitors: [
          { ...c, eventIds: [2], guardianConsent: false },
          { ...emptyCompetitor('Ortiz'), firstName: 'Leo' },
        ],
        spectators: 'many',
        payment: { method: 'cash', amount: '60', tendered: '20' },
      },
      options,
      ids,
      now,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    // As shown beside the fields: message references translated (tm).
    const shown = Object.fromEntries(Object.entries(result.errors).map(([k, v]) => [k, tm(v)]));
    expect(shown).toMatchObject({
      'contact.firstName': expect.any(String),
      'contact.phoneNumber': expect.any(String),
      'competitors.0.guardianConsent': 'A parent or guardian must consent for a competitor under 18',
      'competitors.0.weightKg': 'Weight is required to enter Sparring',
      'competitors.1.dateOfBirth': expect.any(String),
      'competitors.1.eventIds': expect.any(String),
      spectators: 'Please enter a number of spectators between 0 and 50',
      'payment.tendered': 'The cash handed over must be at least the amount paid.',
    });
  });
});
