import type { z } from 'zod';
import { checkInCompetitor, checkInRegistration, undoCheckIn } from './check-in.ts';
import { recordDoorPayment, registerWalkIn, voidPayment } from './door.ts';
import { MutationError, type Mutator, type MutatorContext, type MutatorStore } from './types.ts';

export * from './types.ts';
export * from './check-in.ts';
export * from './door.ts';
export * from './memory-store.ts';

/**
 * Every mutator by versioned name. When a mutator's meaning changes, add "name@2" and keep
 * "name@1" for one release, so outboxes queued by the previous app version still apply.
 */
export const MUTATORS: Record<string, Mutator> = Object.fromEntries(
  [checkInCompetitor, undoCheckIn, checkInRegistration, recordDoorPayment, voidPayment, registerWalkIn].map(
    (m) => [m.name, m as unknown as Mutator],
  ),
);

export const MUTATION_ERRORS = {
  unknownMutator: (name: string) =>
    `This change (${name}) is not known to the server; please update the app.`,
  invalidArgs: 'This change was malformed and could not be applied.',
} as const;

export function findMutator(name: string): Mutator | undefined {
  return Object.hasOwn(MUTATORS, name) ? MUTATORS[name] : undefined;
}

/**
 * Validates `args` and runs the named mutator. Throws MutationError for an unknown name or
 * bad arguments as well as for a refused rule, so both sides treat them alike.
 */
export async function runMutation(
  store: MutatorStore,
  name: string,
  args: unknown,
  ctx: MutatorContext,
): Promise<unknown> {
  const m = findMutator(name);
  if (!m) throw new MutationError('unknown_mutator', MUTATION_ERRORS.unknownMutator(name));
  const parsed = (m.args as z.ZodType).safeParse(args);
  if (!parsed.success) {
    // The first problem, in the schema's own words, so staff see what to fix.
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    throw new MutationError(
      'invalid_args',
      issue ? `${MUTATION_ERRORS.invalidArgs} ${where}${issue.message}` : MUTATION_ERRORS.invalidArgs,
    );
  }
  return m.run(store, parsed.data, ctx);
}
