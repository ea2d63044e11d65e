import { DomainError } from '../domain-error.ts';
import { checkInCompetitor, checkInRegistration, undoCheckIn } from './check-in.ts';
import { recordDoorPayment, registerWalkIn, voidPayment } from './door.ts';
import { MATCHDAY_MUTATORS } from './matchday.ts';
import { MUTATION_ERRORS, type Mutator, type MutatorContext, type MutatorStore } from './types.ts';

export * from './types.ts';
export * from './check-in.ts';
export * from './door.ts';
export * from './matchday.ts';
export * from './memory-store.ts';

/**
 * Every mutator by versioned name. When a mutator's meaning changes, add "name@2" and keep
 * "name@1" for one release, so outboxes queued by the previous app version still apply.
 */
export const MUTATOR_LIST = [
  checkInCompetitor,
  undoCheckIn,
  checkInRegistration,
  recordDoorPayment,
  voidPayment,
  registerWalkIn,
  ...MATCHDAY_MUTATORS,
] as const;

export const MUTATORS: ReadonlyMap<string, Mutator> = new Map<string, Mutator>(
  MUTATOR_LIST.map((m) => [m.name, m]),
);

export function findMutator(name: string): Mutator | undefined {
  return MUTATORS.get(name);
}

/**
 * Validates `args` and runs the named mutator. Throws DomainError for an unknown name or
 * bad arguments as well as for a refused rule, so both sides treat them alike.
 */
export async function runMutation(
  store: MutatorStore,
  name: string,
  args: unknown,
  ctx: MutatorContext,
): Promise<unknown> {
  const m = findMutator(name);
  if (!m) throw new DomainError('unknown_mutator', MUTATION_ERRORS.unknownMutator(name));
  return m.apply(store, args, ctx);
}
