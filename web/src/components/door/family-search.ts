import type { SyncCompetitor, SyncRegistration } from '@shared/contract/sync.ts';

export interface Family {
  registration: SyncRegistration;
  competitors: SyncCompetitor[];
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();

/**
 * Families matching `query`: every word must be in the family name, the owner's first name,
 * a competitor's name, or be (the start of) a confirmation code. An empty query lists all.
 */
export function searchFamilies(
  registrations: readonly SyncRegistration[],
  competitors: readonly SyncCompetitor[],
  query: string,
): Family[] {
  const byReg = new Map<number, SyncCompetitor[]>();
  for (const c of competitors) {
    const list = byReg.get(c.registrationId) ?? [];
    list.push(c);
    byReg.set(c.registrationId, list);
  }
  const words = fold(query).split(/\s+/).filter(Boolean);
  const out: Family[] = [];
  for (const r of registrations) {
    const comps = (byReg.get(r.id) ?? []).sort(
      (a, b) => a.firstName.localeCompare(b.firstName) || a.id - b.id,
    );
    const names = [r.familyName, r.ownerFirstName, ...comps.flatMap((c) => [c.firstName, c.lastName])].map(
      fold,
    );
    const codes = r.confirmationCodes.map(fold);
    const matches = words.every(
      (w) => names.some((n) => n.includes(w)) || codes.some((c) => c.startsWith(w)),
    );
    if (matches) out.push({ registration: r, competitors: comps });
  }
  return out.sort(
    (a, b) =>
      a.registration.familyName.localeCompare(b.registration.familyName) ||
      a.registration.ownerFirstName.localeCompare(b.registration.ownerFirstName) ||
      a.registration.id - b.registration.id,
  );
}
