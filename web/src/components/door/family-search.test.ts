import { describe, expect, it } from 'vitest';
import { syncCompetitor, syncRegistration } from '@shared/testing/sync-rows.ts';
import { searchFamilies } from './family-search.ts';

const reg = (id: number, familyName: string, ownerFirstName: string, confirmationCodes: string[]) =>
  syncRegistration({ id, familyName, ownerFirstName, confirmationCodes, balanceOwing: 0, cost: 0 });
const comp = (id: number, registrationId: number, firstName: string, lastName: string) =>
  syncCompetitor({ id, registrationId, firstName, lastName });

const regs = [reg(1, 'Lévesque', 'Marie', ['ABCD2345']), reg(2, 'Lee', 'Pat', ['WXYZ7890', 'QRST4567'])];
const comps = [comp(10, 1, 'Émile', 'Lévesque'), comp(11, 2, 'Maya', 'Lee'), comp(12, 2, 'Ben', 'Lee')];
const ids = (q: string) => searchFamilies(regs, comps, q).map((f) => f.registration.id);

describe('check-in search', () => {
  it('finds a family by family name, owner, or a competitor, ignoring case and accents', () => {
    expect(ids('levesque')).toEqual([1]);
    expect(ids('pat')).toEqual([2]);
    expect(ids('emile')).toEqual([1]);
    expect(ids('maya lee')).toEqual([2]);
  });

  it('finds a family by any of its confirmation codes, from the first characters', () => {
    expect(ids('qrst')).toEqual([2]);
    expect(ids('ABCD2345')).toEqual([1]);
  });

  it('lists every family by name when the search is empty, competitors sorted by first name', () => {
    const all = searchFamilies(regs, comps, '  ');
    expect(all.map((f) => f.registration.familyName)).toEqual(['Lee', 'Lévesque']);
    expect(all[0]!.competitors.map((c) => c.firstName)).toEqual(['Ben', 'Maya']);
  });
});
