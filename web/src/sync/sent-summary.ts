import { findMutator } from '@shared/domain/mutators/index.ts';
import type { MessageKey } from '@shared/i18n/translate.ts';
import { t } from '../lib/i18n.tsx';

// "3 check-ins sent" (decision 028): what a device's outbox delivered once it reached the server
// again, in the mutators' own words (`sentAs`), counting only what the server accepted.

/** Accepted mutations by name, e.g. `{ 'checkInCompetitor@1': 3 }`. */
export type SentCounts = Readonly<Record<string, number>>;

/** Each mutator's `sentAs` (its English plural) as the catalog's counted phrase. */
const SENT_AS: Readonly<Record<string, MessageKey>> = {
  'check-ins': 'common.sync.sent.checkIns',
  'undone check-ins': 'common.sync.sent.undoneCheckIns',
  'family check-ins': 'common.sync.sent.familyCheckIns',
  payments: 'common.sync.sent.payments',
  'voided payments': 'common.sync.sent.voidedPayments',
  'walk-ins': 'common.sync.sent.walkIns',
};

function phrase(count: number, noun: { one: string; other: string }): string {
  const key = SENT_AS[noun.other];
  // A mutator named after this table was written: its own English words, until it has a key.
  return key ? t(key, { count }) : `${count} ${count === 1 ? noun.one : noun.other}`;
}

/**
 * "3 check-ins sent", "3 check-ins and 1 payment sent", "2 check-ins, 1 payment and 1 walk-in
 * sent"; mutators without a name of their own are counted together as changes, last. Kinds in
 * the order of their first appearance in `counts`. Null when nothing was accepted.
 */
export function sentSummary(counts: SentCounts): string | null {
  const byNoun = new Map<string, { noun: { one: string; other: string }; count: number }>();
  let other = 0;
  for (const [name, count] of Object.entries(counts)) {
    if (count <= 0) continue;
    const noun = findMutator(name)?.sentAs;
    if (!noun) {
      other += count;
      continue;
    }
    const seen = byNoun.get(noun.other);
    if (seen) seen.count += count;
    else byNoun.set(noun.other, { noun, count });
  }
  const parts = [...byNoun.values()].map((k) => phrase(k.count, k.noun));
  if (other > 0) parts.push(t('common.sync.sent.changes', { count: other }));
  if (parts.length === 0) return null;
  const list =
    parts.length === 1
      ? parts[0]!
      : t('common.sync.sentAnd', { first: parts.slice(0, -1).join(', '), last: parts.at(-1)! });
  return t('common.sync.sent', { list });
}
